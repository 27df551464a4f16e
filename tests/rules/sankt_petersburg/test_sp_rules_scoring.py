"""Scorings of the worker, building and aristocrat rounds, the final scoring, the tie-break and
the ∑ table.

R = the 2004 rulebook, Y = the Yucata rules; lines in /work/wt/sp-test-plan.md.
"""

import pytest

from tests.rules.sankt_petersburg.rule_fixtures import (
    E,
    act,
    deck_keep,
    goto,
    hand,
    lay,
    money,
    new,
    pass_all,
    pl,
    points,
    rows,
    set_money,
    set_points,
    v,
)


def _scoring(phase, players=2, start=0):
    st = new(players)
    goto(st, phase, start=start)
    rows(st, upper=["market"], lower=["author"])
    for seat in range(players):
        set_money(st, seat, 0)
    return st


def _to_last_exchange_round(players=2):
    """A game whose end is triggered, standing at the start of its last exchange round."""
    st = new(players)
    goto(st, "aristocrat", start=0, round=6)
    rows(st, upper=["market"], lower=[])
    deck_keep(st, "exchange", 3)
    pass_all(st)
    view = v(st)
    assert view["phase"] == "exchange" and view["game_end_triggered"] is True
    for seat in range(players):
        set_money(st, seat, 0)
        set_points(st, seat, 0)
    return st


def _stat(st, label_part, group):
    rows_ = [r for r in v(st)["stats"] if r["group"] == group and label_part in r["label"].lower()]
    assert len(rows_) == 1, [r["label"] for r in v(st)["stats"]]
    return rows_[0]["values"]


# --- scorings during the game -----------------------------------------------------------


def test_worker_scoring_pays_every_green_card():
    """R:301-303, Y:147: at the worker scoring every worker, including green exchange cards,
    pays its income."""
    st = _scoring("worker")
    lay(st, 0, "lumberjack", "lumberjack", "weaving_mill", "fur_shop", "market", "author")
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (3 + 3 + 6 + 3, 2)


def test_example_building_round_scores_only_buildings():
    """R:301, 307: in the building round only the players' buildings are scored."""
    st = _scoring("building")
    lay(st, 0, "lumberjack", "market", "customs_house", "theater", "bank", "author", "senator")
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (5, 1 + 2 + 6 + 1)


def test_example_aristocrat_scoring_twelve_rubles_one_point():
    """R:329-357: A's workers and buildings are not scored in the aristocrat round; his
    aristocrats bring 12 rubles and 1 point."""
    st = _scoring("aristocrat")
    lay(
        st,
        0,
        "lumberjack",
        "gold_miner",
        "market",
        "customs_house",
        "author",
        "warehouse_manager",
        "secretary",
        "controller",
    )
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (12, 1)
    assert (money(st, 1), points(st, 1)) == (0, 0)  # no aristocrats: nothing


def test_scoring_counts_cards_laid_out_this_round():
    """R:303: cards laid out in the current round are scored as well as older ones."""
    st = _scoring("building")
    set_money(st, 0, 10)
    (market,) = rows(st, upper=["market"])[0]
    lay(st, 0, "market")
    act(st, 0, {"type": "buy", "card": market})
    pass_all(st)
    assert points(st, 0) == 2


def test_hand_cards_are_not_scored():
    st = _scoring("building")
    hand(st, 0, "theater")
    pass_all(st)
    assert points(st, 0) == 0


def test_exchange_card_scores_as_its_colour():
    """Y:272-275: exchange cards are scored with their colour: the Bank at the building scoring."""
    st = _scoring("building")
    lay(st, 0, "bank")
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (5, 1)
    goto(st, "worker", start=0)
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (5, 1)


def test_exchange_round_has_no_scoring():
    """R:390, Y:152, 294: there is no scoring after the exchange round."""
    st = _scoring("exchange")
    lay(st, 0, "lumberjack", "market", "author", "bank", "senator")
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (0, 0)
    assert v(st)["phase"] == "worker"


def test_hinweis_scoring_starts_with_start_player():
    """R:315: each scoring begins with the round's start player and goes on clockwise."""
    st = _scoring("building", players=4, start=2)
    for seat in range(4):
        lay(st, seat, "customs_house")
    events = pass_all(st)
    order = [e["seat"] for e in events if e.get("args", {}).get("points") == 2]
    assert order == [2, 3, 0, 1]
    assert [r["seat"] for r in v(st)["last_scoring"]["rows"]] == [2, 3, 0, 1]


def test_last_scoring_before_gained_after():
    """Y:1175-1176: each scoring is shown as A + B = C (before, gained, after)."""
    st = _scoring("aristocrat")
    set_money(st, 0, 7)
    set_points(st, 0, 4)
    lay(st, 0, "controller")
    pass_all(st)
    last = v(st)["last_scoring"]
    assert last["phase"] == "aristocrat"
    (row,) = [r for r in last["rows"] if r["seat"] == 0]
    assert row["before"] == {"rubles": 7, "points": 4}
    assert row["gained"] == {"rubles": 4, "points": 1}
    assert row["after"] == {"rubles": 11, "points": 5}


def test_hinweis_sum_table_recomputed_after_scoring():
    """Y:1188-1195: the ∑ table shows every player's income per round type, money and points
    apart, up to date after the actions."""
    st = _scoring("worker")
    lay(st, 0, "lumberjack", "fur_shop")
    lay(st, 1, "gold_miner")
    pass_all(st)
    worker_rows = [r for r in v(st)["stats"] if r["group"] == "income" and "worker" in r["label"].lower()]
    assert sorted(r["values"] for r in worker_rows) == sorted([[6, 3], [2, 0]])
    assert _stat(st, "total rubles", "totals") == [6, 3]
    assert _stat(st, "total points", "totals") == [2, 0]


# --- the final scoring ----------------------------------------------------------------


def test_example_final_scoring_red_74():
    """R:442-450: 6 different aristocrats give 21 points (the second Kontorist nothing), 17 rubles
    1 point, no hand cards: 22 points on top of 52, Red ends with 74."""
    st = _to_last_exchange_round()
    lay(
        st,
        0,
        "author",
        "administrator",
        "warehouse_manager",
        "warehouse_manager",
        "secretary",
        "controller",
        "judge",
        "lumberjack",
        "market",
    )
    set_money(st, 0, 17)
    set_points(st, 0, 52)
    assert pl(st, 0)["different_aristocrats"] == 6
    pass_all(st)
    assert E.is_over(st)
    assert points(st, 0) == 74
    result = E.result(st)
    assert result.scores[0] == 74
    assert _stat(st, "aristocrat", "end")[0] == 21
    assert _stat(st, "rubles", "end")[0] == 1
    assert _stat(st, "hand", "end")[0] == 0


@pytest.mark.parametrize(
    "different, score", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (7, 28), (8, 36), (9, 45), (10, 55)]
)
def test_final_scoring_noble_table(different, score):
    """R:426-432: points for different aristocrats from the table on the board; duplicates do
    not count."""
    kinds = [
        "author",
        "administrator",
        "warehouse_manager",
        "secretary",
        "controller",
        "judge",
        "mistress_of_ceremonies",
        "pope",
        "senator",
        "admiral",
    ]
    st = _to_last_exchange_round()
    lay(st, 0, *kinds[:different])
    if different:
        lay(st, 0, kinds[0])  # a duplicate
    pass_all(st)
    assert E.is_over(st)
    assert points(st, 0) == score


def test_red_exchange_cards_count_as_different_aristocrats():
    """Y:272: exchange cards count as their colour: Senator and Admiral are aristocrats."""
    st = _to_last_exchange_round()
    lay(st, 0, "author", "senator", "admiral")
    assert pl(st, 0)["different_aristocrats"] == 3
    pass_all(st)
    assert points(st, 0) == 6


def test_final_scoring_rubles_and_hand_penalty():
    """R:434-440, Y:204-206: 1 point per full 10 rubles; 5 points off per card still in hand."""
    st = _to_last_exchange_round()
    set_money(st, 0, 29)
    set_points(st, 0, 30)
    hand(st, 0, "theater", "lumberjack")
    set_money(st, 1, 9)
    set_points(st, 1, 3)
    hand(st, 1, "market")
    pass_all(st)
    assert E.is_over(st)
    assert (points(st, 0), points(st, 1)) == (30 + 2 - 10, 3 + 0 - 5)
    assert money(st, 0) == 29  # the rubles are not spent
    assert _stat(st, "hand", "end") == [-10, -5]


def test_tie_on_points_broken_by_money():
    """R:452, Y:207-208: most points wins; on a tie the remaining money decides."""
    st = _to_last_exchange_round(players=3)
    set_points(st, 0, 10)
    set_money(st, 0, 19)  # 11 points, 19 rubles
    set_points(st, 1, 10)
    set_money(st, 1, 11)  # 11 points, 11 rubles
    set_points(st, 2, 12)
    set_money(st, 2, 0)  # 12 points
    pass_all(st)
    result = E.result(st)
    assert result.scores == [11, 11, 12]
    assert result.ranks == [2, 3, 1]


def test_full_tie_shares_the_rank():
    st = _to_last_exchange_round()
    for seat in range(2):
        set_points(st, seat, 20)
        set_money(st, seat, 15)
    pass_all(st)
    assert E.result(st).ranks == [1, 1]


def test_sum_table_special_cards_and_hand_cards():
    """Y:1188-1193: the ∑ table's last columns show the special cards bought and the hand cards."""
    st = _to_last_exchange_round()
    upper, _ = rows(st, upper=["pub", "observatory", "market", "author"])
    set_money(st, 0, 20)
    (held,) = hand(st, 1, "theater")
    (seat,) = E.to_act(st)
    if seat == 1:
        act(st, 1, {"type": "pass"})
    act(st, 0, {"type": "buy", "card": upper[0]})
    act(st, 1, {"type": "pass"})
    act(st, 0, {"type": "buy", "card": upper[1]})
    act(st, 1, {"type": "pass"})
    act(st, 0, {"type": "buy", "card": upper[2]})
    pass_all(st)
    assert E.is_over(st)
    assert _stat(st, "special", "cards") == [2, 0]
    assert _stat(st, "hand", "cards") == [0, 1]
    result = E.result(st)
    assert [r["values"] for r in result.stats if r["group"] == "cards"] == [[2, 0], [0, 1]]
    assert held not in str(result.stats)
