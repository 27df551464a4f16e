"""Set-up, the four rounds of a Durchgang, the display and the end of the game.

Each test names the seed passage it checks: R = the 2004 rulebook, Y = the Yucata rules
(see /work/wt/sp-test-plan.md for the line of every Hinweis and example).
"""

import pytest

from games.rules.base import IllegalMove
from tests.rules.sankt_petersburg.rule_fixtures import (
    E,
    act,
    deck_count,
    deck_keep,
    finish_first_worker_round,
    goto,
    lay,
    new,
    pass_all,
    pl,
    points,
    row_ids,
    rows,
    set_money,
    v,
)

# --- set-up ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_example_red_at_start_of_game(players):
    """R:194/207: every player starts with 25 rubles, no points and no cards."""
    st = new(players)
    view = v(st)
    assert (view["round"], view["phase"], view["step"]) == (1, "worker", "actions")
    for seat in range(players):
        p = pl(st, seat)
        assert (p["money"], p["points"], p["cards"], p["hand"], p["hand_count"]) == (25, 0, [], [], 0)


@pytest.mark.parametrize("players, shown", [(2, 4), (3, 6), (4, 8)])
def test_first_worker_round_display_size_per_player_count(players, shown):
    """R:201: the Verwalter lays 8 / 6 / 4 workers into the upper row."""
    st = new(players)
    view = v(st)
    assert len(view["display"]["upper"]) == shown
    assert view["display"]["lower"] == []
    assert {c["deck"] for c in view["display"]["upper"]} == {"worker"}
    assert view["decks"]["worker"]["count"] == 31 - shown
    assert (
        view["decks"]["building"]["count"],
        view["decks"]["aristocrat"]["count"],
        view["decks"]["exchange"]["count"],
    ) == (28, 27, 30)


def test_five_players_first_worker_round_shows_ten_workers():
    """Y:509: with 5 players (expansion) the very first worker round shows 10 workers."""
    st = new(5, expansion=True)
    view = v(st)
    assert len(view["display"]["upper"]) == 10 and view["display"]["lower"] == []
    assert {c["deck"] for c in view["display"]["upper"]} == {"worker"}


@pytest.mark.parametrize("players, counts", [(2, [2, 2]), (3, [1, 1, 2]), (4, [1, 1, 1, 1])])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_player_tokens_per_player_count(players, counts, seed):
    """R:196-199: 4 players one stone each, 3 players one of them two, 2 players two each."""
    st = new(players, seed=seed)
    view = v(st)
    tokens = view["tokens"]
    assert set(tokens) == {"worker", "building", "aristocrat", "exchange"}
    held = sorted(list(tokens.values()).count(seat) for seat in range(players))
    assert held == counts
    assert view["sack"] is None
    assert view["start_player"] == tokens["worker"]
    assert E.to_act(st) == [tokens["worker"]]


def test_five_players_one_stone_each_sack_holder_never_start_player():
    """Y:504-507: 5 players: one stone each; the sack holder is never start player."""
    st = new(5, expansion=True)
    view = v(st)
    holders = list(view["tokens"].values()) + [view["sack"]]
    assert sorted(holders) == [0, 1, 2, 3, 4]
    assert view["sack"] not in view["tokens"].values()


# --- the first worker round ----------------------------------------------------------


def test_hinweis_first_worker_round_only_workers_on_offer():
    """R:248: in the very first worker round only workers can be bought: nothing else lies out."""
    st = new(4)
    seat = E.to_act(st)[0]
    offered = {m["card"] for m in E.legal_moves(st, seat) if m["type"] in ("buy", "take")}
    worker_ids = {c["id"] for c in v(st)["display"]["upper"]}
    assert offered and offered <= worker_ids


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hinweis_first_worker_round_everyone_must_buy_two_workers(players):
    """Y:359-362, 389-392: every player must buy a worker on each turn of the very first worker
    round, so that each ends it with 2 workers; taking to hand or passing is not allowed."""
    st = new(players, seed=5, **({"expansion": True} if players == 5 else {}))
    start = v(st)["tokens"]["worker"]
    start_money = [p["money"] for p in v(st)["players"]]
    order = []
    paid = [0] * players
    while v(st)["phase"] == "worker":
        (seat,) = E.to_act(st)
        order.append(seat)
        moves = E.legal_moves(st, seat)
        assert moves and all(m["type"] == "buy" for m in moves)
        with pytest.raises(IllegalMove):
            E.apply(st, seat, {"type": "pass"})
        some = moves[0]["card"]
        with pytest.raises(IllegalMove):
            E.apply(st, seat, {"type": "take", "card": some})
        cheapest = min(moves, key=lambda m: _price(st, seat, m["card"]))
        paid[seat] += _price(st, seat, cheapest["card"])
        act(st, seat, cheapest)
    assert order == [(start + i) % players for i in range(2 * players)]
    assert len(v(st)["display"]["upper"]) == 8  # refilled to 8 whatever the player count
    for seat in range(players):
        p = pl(st, seat)
        assert p["workers"] == 2 and len(p["cards"]) == 2
        # the start money, less two workers, plus their income at the worker scoring
        income = sum(c["income"]["rubles"] for c in p["cards"])
        assert p["money"] == start_money[seat] - paid[seat] + income
    assert v(st)["phase"] == "building"


def _price(st, seat, card_id):
    for c in v(st, seat)["display"]["upper"] + v(st, seat)["display"]["lower"]:
        if c["id"] == card_id:
            return c["price"]
    raise LookupError(card_id)


# --- the four rounds ----------------------------------------------------------------


def test_four_phases_in_order():
    """R:213-220, Y:63-68: worker, building, aristocrat, exchange round; then the next Durchgang."""
    st = new(4, seed=3)
    finish_first_worker_round(st)
    seen = []
    for _ in range(5):
        view = v(st)
        seen.append((view["round"], view["phase"]))
        pass_all(st)
    assert seen == [(1, "building"), (1, "aristocrat"), (1, "exchange"), (2, "worker"), (2, "building")]


@pytest.mark.parametrize("phase", ["worker", "building", "aristocrat", "exchange"])
def test_round_starts_with_its_start_player(phase):
    """R:276-279: the holder of the round's stone acts first, then clockwise."""
    st = new(4)
    goto(st, phase, start=2)
    assert v(st)["start_player"] == 2 and v(st)["tokens"][phase] == 2
    order = []
    for _ in range(4):
        (seat,) = E.to_act(st)
        order.append(seat)
        act(st, seat, {"type": "pass"})
    assert order == [2, 3, 0, 1]


# --- new cards ----------------------------------------------------------------------


def test_refill_to_eight_from_next_deck_into_upper_row():
    """R:363-368, Y:169-178: refill to 8 in both rows together, from the next deck, upper row only."""
    st = new(4)
    goto(st, "building", start=0)
    upper, lower = rows(st, upper=["market", "customs_house", "firehouse"], lower=["theater", "author"])
    set_money(st, 0, 30)
    act(st, 0, {"type": "buy", "card": upper[1]})
    pass_all(st)
    view = v(st)
    assert view["phase"] == "aristocrat"
    new_upper, new_lower = row_ids(st)
    assert new_lower == lower
    assert new_upper[:2] == [upper[0], upper[2]]
    added = view["display"]["upper"][2:]
    assert len(added) == 4 and {c["deck"] for c in added} == {"aristocrat"}
    assert len(new_upper) + len(new_lower) == 8


@pytest.mark.parametrize("players", [2, 3])
def test_hinweis_three_and_two_players_first_worker_round_then_refill_to_eight(players):
    """R:33: 6 (3 players) or 4 (2 players) workers at first, afterwards always 8."""
    st = new(players)
    assert len(v(st)["display"]["upper"]) == 2 * players
    finish_first_worker_round(st)
    view = v(st)
    assert view["phase"] == "building"
    assert len(view["display"]["upper"]) == 8 and view["display"]["lower"] == []
    assert {c["deck"] for c in view["display"]["upper"]} == {"building"}


def test_example_refill_five_exchange_cards_after_aristocrat_round():
    """R:370-374: 3 cards remain after the aristocrat actions; 5 exchange cards go into the upper row."""
    st = new(4)
    goto(st, "aristocrat", start=1)
    upper, lower = rows(st, upper=["market", "senator"], lower=["author"])
    before = deck_count(st, "exchange")
    pass_all(st)
    view = v(st)
    assert view["phase"] == "exchange"
    new_upper, new_lower = row_ids(st)
    assert new_lower == lower and new_upper[:2] == upper
    assert [c["deck"] for c in view["display"]["upper"][2:]] == ["exchange"] * 5
    assert deck_count(st, "exchange") == before - 5


def test_hinweis_phase_shown_after_refill():
    """R:380-382: after the new cards everyone sees which round begins (and who starts it)."""
    st = new(4)
    goto(st, "aristocrat", start=1)
    tokens = v(st)["tokens"]
    pass_all(st)
    view = v(st)
    assert (view["phase"], view["step"]) == ("exchange", "actions")
    assert view["start_player"] == tokens["exchange"] and E.to_act(st) == [tokens["exchange"]]


def test_hinweis_cards_taken_anywhere_rows_closed_up():
    """R:376: cards may be taken from anywhere in either row; the rest is pushed together before
    the new cards are laid out."""
    st = new(3)
    goto(st, "building", start=0)
    upper, lower = rows(
        st,
        upper=["market", "customs_house", "firehouse", "warehouse", "lumberjack"],
        lower=["author", "administrator", "secretary"],
    )
    set_money(st, 0, 40)
    act(st, 0, {"type": "buy", "card": upper[2]})
    act(st, 1, {"type": "take", "card": lower[1]})
    pass_all(st)
    new_upper, new_lower = row_ids(st)
    assert None not in new_upper and None not in new_lower
    assert new_lower == [lower[0], lower[2]]
    assert new_upper[:4] == [upper[0], upper[1], upper[3], upper[4]]
    assert len(new_upper) == 6


def test_hinweis_special_case_no_card_taken_scoring_as_usual():
    """R:47: nobody buys or takes a card: scoring happens as usual, no new cards can be added and
    play goes on with the next round."""
    st = new(4)
    goto(st, "building", start=0)
    upper, lower = rows(
        st,
        upper=["market", "customs_house", "firehouse", "pub"],
        lower=["author", "administrator", "secretary", "senator"],
    )
    lay(st, 3, "customs_house")
    before = deck_count(st, "aristocrat")
    pass_all(st)
    assert v(st)["phase"] == "aristocrat"
    assert points(st, 3) == 2
    assert row_ids(st) == (upper, lower)
    assert deck_count(st, "aristocrat") == before


def test_deck_short_lays_out_only_remaining_cards():
    """Y:211: if a deck cannot fill all 8 places, only the remaining cards are laid out."""
    st = new(4)
    goto(st, "building", start=0)
    upper, lower = rows(st, upper=["market"], lower=["author"])
    deck_keep(st, "aristocrat", 3)
    pass_all(st)
    view = v(st)
    assert view["phase"] == "aristocrat"
    assert len(view["display"]["upper"]) == 4 and view["display"]["lower"][0]["id"] == lower[0]
    assert view["decks"]["aristocrat"]["count"] == 0
    assert view["game_end_triggered"] is True


# --- the exchange round and the end of a Durchgang ----------------------------------


def test_exchange_round_end_moves_rows_and_discards_lower():
    """R:390-404, Y:180-187: after the exchange actions the lower row is discarded, the upper row
    moves down and workers fill the display up to 8."""
    st = new(4)
    goto(st, "exchange", start=0, round=3)
    upper, lower = rows(st, upper=["market", "bank", "author"], lower=["pub", "lumberjack"])
    discards = v(st)["discards"]
    workers = deck_count(st, "worker")
    pass_all(st)
    view = v(st)
    assert (view["round"], view["phase"]) == (4, "worker")
    new_upper, new_lower = row_ids(st)
    assert new_lower == upper
    assert view["discards"] == discards + 2
    assert [c["deck"] for c in view["display"]["upper"]] == ["worker"] * 5
    assert deck_count(st, "worker") == workers - 5


def test_hinweis_after_exchange_round_three_old_below_five_new_above():
    """R:404-406: lower row: the 3 cards left over; upper row: the 5 new ones."""
    st = new(4)
    goto(st, "exchange", start=0, round=2)
    upper, _ = rows(st, upper=["market", "senator", "weaving_mill"], lower=[])
    pass_all(st)
    new_upper, new_lower = row_ids(st)
    assert new_lower == upper
    assert len(new_upper) == 5 and {c["deck"] for c in v(st)["display"]["upper"]} == {"worker"}


def test_hinweis_first_durchgang_discards_nothing():
    """R:392-394: discarding the lower row does not happen after the first Durchgang: nothing can
    lie there yet."""
    st = new(4, seed=9)
    finish_first_worker_round(st)
    pass_all(st)  # building
    pass_all(st)  # aristocrat
    view = v(st)
    assert view["phase"] == "exchange" and view["display"]["lower"] == []
    upper = [c["id"] for c in view["display"]["upper"]]
    pass_all(st)  # exchange
    view = v(st)
    assert view["discards"] == 0
    assert [c["id"] for c in view["display"]["lower"]] == upper
    assert len(view["display"]["upper"]) == 8 - len(upper)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_example_start_player_stones_passed_left(players):
    """R:410-412, Y:186: after the exchange round every stone goes to the left neighbour
    (the next player clockwise)."""
    st = new(players, seed=4)
    goto(st, "exchange", start=0)
    before = dict(v(st)["tokens"])
    pass_all(st)
    after = v(st)["tokens"]
    assert after == {k: (seat + 1) % players for k, seat in before.items()}
    assert E.to_act(st) == [after["worker"]]


def test_five_players_stones_passed_two_seats():
    """Y:514: with 5 players every stone (and the sack) goes two seats to the left."""
    st = new(5, expansion=True, seed=4)
    goto(st, "exchange")
    before = dict(v(st)["tokens"])
    sack = v(st)["sack"]
    pass_all(st)
    view = v(st)
    assert view["tokens"] == {k: (seat + 2) % 5 for k, seat in before.items()}
    assert view["sack"] == (sack + 2) % 5


# --- the end of the game ---------------------------------------------------------------


def test_game_end_when_last_card_of_a_deck_is_dealt_finishes_durchgang():
    """R:420, Y:198: once the last card of a deck is laid out, the Durchgang is played to the end
    of the exchange round; then the game is over."""
    st = new(4)
    goto(st, "worker", start=0, round=5)
    rows(st, upper=["lumberjack"] * 3 + ["gold_miner"] * 3, lower=[])
    deck_keep(st, "building", 2)
    lay(st, 2, "market")
    lay(st, 1, "author")
    pass_all(st)
    view = v(st)
    assert view["phase"] == "building" and view["game_end_triggered"] is True
    assert view["decks"]["building"]["count"] == 0 and not E.is_over(st)
    pass_all(st)
    assert points(st, 2) == 1  # the building round is still scored
    assert v(st)["phase"] == "aristocrat" and not E.is_over(st)
    money = pl(st, 1)["money"]
    pass_all(st)
    assert pl(st, 1)["money"] == money + 1  # and the aristocrat round
    assert v(st)["phase"] == "exchange" and not E.is_over(st)
    pass_all(st)
    assert E.is_over(st)
    view = v(st)
    assert view["step"] == "over" and view["to_act"] == [] and E.to_act(st) == []
    assert view["round"] == 5
    for seat in range(4):
        assert E.legal_moves(st, seat) == []
        with pytest.raises(IllegalMove):
            E.apply(st, seat, {"type": "pass"})


def test_game_end_triggered_by_last_worker_plays_the_next_durchgang():
    """Y:198: the last worker is revealed when the exchange round ends; play goes on until the end
    of the next exchange round."""
    st = new(4)
    goto(st, "exchange", start=0, round=4)
    rows(st, upper=["market"] * 3, lower=[])
    deck_keep(st, "worker", 5)
    pass_all(st)
    view = v(st)
    assert (view["round"], view["phase"]) == (5, "worker") and view["game_end_triggered"] is True
    for phase in ("worker", "building", "aristocrat"):
        assert v(st)["phase"] == phase and not E.is_over(st)
        pass_all(st)
    assert v(st)["phase"] == "exchange" and not E.is_over(st)
    pass_all(st)
    assert E.is_over(st)
