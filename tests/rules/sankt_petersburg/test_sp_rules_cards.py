"""The base game's special cards: Observatory, Pub, Warehouse (see actions), Mariinsky Theater,
Tax Man, Potemkin Village (see costs), Czar and Carpenter.

R = the 2004 rulebook, Y = the Yucata rules; lines in /work/wt/sp-test-plan.md.
"""

import copy

import pytest

from games.rules.base import IllegalMove
from tests.rules.sankt_petersburg.rule_fixtures import (
    E,
    act,
    card_ids,
    deck_count,
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
    slugs,
    stack,
    strings_in,
    v,
)


def _refused(st, seat, move):
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove):
        E.apply(st, seat, move)
    assert st == before


def _observatory_round(players=2, cash=30):
    st = new(players)
    goto(st, "building", start=0)
    ids = rows(st, upper=["market", "customs_house"], lower=["author"])
    for seat in range(players):
        set_money(st, seat, cash)
    (obs,) = lay(st, 0, "observatory")
    return st, obs, ids


def _observatory_moves(st, seat):
    return [m for m in E.legal_moves(st, seat) if m["type"] == "observatory"]


def _flipped(st, seat, cid):
    return next(c for c in pl(st, seat)["cards"] if c["id"] == cid)["flipped"]


# --- Observatory (R:23-27, Y:349-357) -------------------------------------------------------


def test_hinweis_observatory_scores_one_point_when_unused():
    """R:27: the Observatory brings 1 point at the building scoring if it was not used."""
    st, obs, _ = _observatory_round()
    pass_all(st)
    assert points(st, 0) == 1 and not _flipped(st, 0, obs)


@pytest.mark.parametrize("choice", ["buy", "hand", "discard"])
def test_hinweis_observatory_drawn_card_bought_or_hand_or_discarded(choice):
    """R:27, Y:351-356: the owner takes the top card of a pile of his choice and must buy it, take
    it into hand or discard it; in every case the Observatory is turned over and brings no point."""
    st, obs, _ = _observatory_round()
    (drawn,) = stack(st, "aristocrat", "secretary")
    count = deck_count(st, "aristocrat")
    discards = v(st)["discards"]
    act(st, 0, {"type": "observatory", "card": obs, "deck": "aristocrat"})
    assert v(st)["step"] == "observatory"
    assert deck_count(st, "aristocrat") == count - 1
    assert E.to_act(st) == [0]
    moves = E.legal_moves(st, 0)
    assert {m["choice"] for m in moves if m["type"] == "observatory_take"} == {"buy", "hand", "discard"}
    assert not [m for m in moves if m["type"] in ("buy", "take", "pass")]
    act(st, 0, {"type": "observatory_take", "choice": choice})
    p = pl(st, 0)
    if choice == "buy":
        assert p["money"] == 30 - 12 and drawn in card_ids(st, 0)
    elif choice == "hand":
        assert p["money"] == 30 and [c["id"] for c in p["hand"]] == [drawn]
    else:
        assert p["money"] == 30 and v(st)["discards"] == discards + 1
    assert _flipped(st, 0, obs)
    assert E.to_act(st) == [1]  # the Observatory was the owner's turn
    pass_all(st)
    assert points(st, 0) == 0


def test_hinweis_observatory_not_last_card_of_a_deck():
    """R:27, Y:353-354: the Observatory may take the top card of any pile, but never the very
    last card of a pile."""
    st, obs, _ = _observatory_round()
    stack(st, "exchange", "bank")
    for deck in ("worker", "building", "aristocrat", "exchange"):
        assert {"type": "observatory", "card": obs, "deck": deck} in E.legal_moves(st, 0)
    deck_keep(st, "exchange", 1)  # one card left: the very last one
    assert deck_count(st, "exchange") == 1
    assert {"type": "observatory", "card": obs, "deck": "exchange"} not in E.legal_moves(st, 0)
    _refused(st, 0, {"type": "observatory", "card": obs, "deck": "exchange"})


def test_hinweis_observatory_only_in_building_round_once():
    """Y:351, R:27: once per Durchgang, in the building round, instead of the regular turn."""
    st, obs, _ = _observatory_round()
    act(st, 0, {"type": "observatory", "card": obs, "deck": "worker"})
    act(st, 0, {"type": "observatory_take", "choice": "discard"})
    act(st, 1, {"type": "pass"})
    assert E.to_act(st) == [0] and not _observatory_moves(st, 0)
    _refused(st, 0, {"type": "observatory", "card": obs, "deck": "worker"})
    for phase in ("worker", "aristocrat", "exchange"):
        st2, obs2, _ = _observatory_round()
        goto(st2, phase, start=0)
        assert not _observatory_moves(st2, 0), phase
        _refused(st2, 0, {"type": "observatory", "card": obs2, "deck": "worker"})


def test_hinweis_observatory_flipped_cannot_be_replaced():
    """Y:356: a turned-over Observatory cannot be exchanged (it stays turned over to the end of the
    Durchgang, including the exchange round)."""
    st, obs, _ = _observatory_round()
    act(st, 0, {"type": "observatory", "card": obs, "deck": "worker"})
    act(st, 0, {"type": "observatory_take", "choice": "discard"})
    pass_all(st)  # building
    pass_all(st)  # aristocrat
    assert v(st)["phase"] == "exchange"
    (bank,) = rows(st, upper=["bank"])[0]
    set_money(st, 0, 30)
    (seat,) = E.to_act(st)
    if seat != 0:
        act(st, seat, {"type": "pass"})
    assert _flipped(st, 0, obs)
    assert not [m for m in E.legal_moves(st, 0) if m.get("card") == bank and m["type"] == "buy"]
    _refused(st, 0, {"type": "buy", "card": bank, "replace": obs})


def test_hinweis_observatory_turns_back_next_durchgang():
    """R:27, Y:356-357: at the start of the next Durchgang it is turned face up and can be used
    again."""
    st, obs, _ = _observatory_round()
    act(st, 0, {"type": "observatory", "card": obs, "deck": "worker"})
    act(st, 0, {"type": "observatory_take", "choice": "discard"})
    for _ in range(3):  # building, aristocrat, exchange
        pass_all(st)
    view = v(st)
    assert (view["round"], view["phase"]) == (3, "worker")
    assert not _flipped(st, 0, obs)
    pass_all(st)
    assert v(st)["phase"] == "building"
    while E.to_act(st) != [0]:
        act(st, E.to_act(st)[0], {"type": "pass"})
    assert _observatory_moves(st, 0)


def test_observatory_draw_seen_only_by_its_owner():
    """The drawn card is the owner's secret until it is laid out or discarded."""
    st, obs, _ = _observatory_round()
    (drawn,) = stack(st, "building", "theater")
    act(st, 0, {"type": "observatory", "card": obs, "deck": "building"})
    assert drawn in strings_in(v(st, 0))
    assert drawn not in strings_in(v(st, 1)) and drawn not in strings_in(v(st, None))
    act(st, 0, {"type": "observatory_take", "choice": "hand"})
    assert drawn not in strings_in(v(st, 1))


def test_observatory_use_wakes_pass_until_display():
    """Y:1158-1159: a standing 'pass until the display changes' ends when another player uses a
    card action (other than the Warehouse), such as the Observatory."""
    st, obs, _ = _observatory_round(players=3)
    (held,) = hand(st, 2, "lumberjack")
    act(st, 0, {"type": "pass"})
    act(st, 1, {"type": "pass", "until": "display"})
    act(st, 2, {"type": "play", "card": held})  # not a display change: seat 1 stays passed
    act(st, 0, {"type": "observatory", "card": obs, "deck": "worker"})
    act(st, 0, {"type": "observatory_take", "choice": "discard"})
    assert E.to_act(st) == [1]


def test_observatory_buy_pays_the_price_without_row_discount():
    st, obs, _ = _observatory_round()
    lay(st, 0, "market")
    stack(st, "building", "market")
    act(st, 0, {"type": "observatory", "card": obs, "deck": "building"})
    act(st, 0, {"type": "observatory_take", "choice": "buy"})
    assert money(st, 0) == 30 - 4  # 5 less one for the identical Market
    assert slugs(pl(st, 0)["cards"]).count("market") == 2


# --- Pub (R:9-13, Y:326-333) -----------------------------------------------------------------


def _pub_round(players=4, start=0, owners=(1,), cash=20):
    st = new(players)
    goto(st, "building", start=start)
    rows(st, upper=["market"], lower=["author"])
    pubs = {}
    for seat in range(players):
        set_money(st, seat, cash)
    for seat in owners:
        (pubs[seat],) = lay(st, seat, "pub")
    return st, pubs


def test_hinweis_pub_buys_up_to_five_points_at_two_rubles():
    """R:13, Y:326-331: right after every building scoring the owner may buy up to 5 points at
    2 rubles each; never rubles for points."""
    st, _ = _pub_round()
    lay(st, 1, "customs_house")
    pass_all(st)
    view = v(st)
    assert (view["phase"], view["step"]) == ("building", "pub")
    assert E.to_act(st) == [1] and view["to_act"] == [1]
    assert points(st, 1) == 2  # the scoring came first
    assert sorted(m["points"] for m in E.legal_moves(st, 1)) == [0, 1, 2, 3, 4, 5]
    _refused(st, 1, {"type": "pub", "points": 6})
    _refused(st, 1, {"type": "pub", "points": -1})
    act(st, 1, {"type": "pub", "points": 3})
    assert (money(st, 1), points(st, 1)) == (20 - 6, 2 + 3)
    assert v(st)["phase"] == "aristocrat"


def test_pub_limited_by_money():
    st, _ = _pub_round(cash=5)
    pass_all(st)
    assert sorted(m["points"] for m in E.legal_moves(st, 1)) == [0, 1, 2]
    _refused(st, 1, {"type": "pub", "points": 3})


def test_pub_after_scoring_uses_the_scoring_income():
    """R:13: the Pub comes after the scoring, so the scoring's rubles can be spent there."""
    st, _ = _pub_round(cash=0)
    lay(st, 1, "bank")  # 5 rubles at the building scoring
    pass_all(st)
    assert money(st, 1) == 5
    assert max(m["points"] for m in E.legal_moves(st, 1)) == 2


def test_pub_only_after_building_scoring():
    st, _ = _pub_round()
    goto(st, "aristocrat", start=0)
    pass_all(st)
    assert v(st)["phase"] == "exchange" and v(st)["step"] == "actions"


def test_hinweis_two_pubs_building_start_player_decides_first():
    """Y:332-333: if two players own a Pub, the start player of the building round begins (and the
    others follow clockwise)."""
    st, _ = _pub_round(start=2, owners=(1, 3))
    pass_all(st)
    assert E.to_act(st) == [3]
    assert E.legal_moves(st, 1) == []
    _refused(st, 1, {"type": "pub", "points": 1})
    act(st, 3, {"type": "pub", "points": 1})
    assert E.to_act(st) == [1]
    act(st, 1, {"type": "pub", "points": 2})
    assert (points(st, 3), points(st, 1)) == (1, 2)
    assert v(st)["phase"] == "aristocrat"


def test_hinweis_two_pubs_start_player_owner_first():
    st, _ = _pub_round(start=1, owners=(1, 3))
    pass_all(st)
    assert E.to_act(st) == [1]


# --- Mariinsky Theater, Tax Man, Czar and Carpenter, Mistress -----------------------------------


def test_mariinsky_pays_a_ruble_per_aristocrat_at_building_scoring():
    """R:548-552, Y:300-302: at the building scoring the owner gets 1 ruble per aristocrat."""
    st = new(2)
    goto(st, "building", start=0)
    rows(st, upper=["market"])
    set_money(st, 0, 0)
    lay(st, 0, "mariinsky_theater", "author", "author", "secretary", "lumberjack", "market")
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (3, 1)
    goto(st, "aristocrat", start=0)
    pass_all(st)
    assert money(st, 0) == 3 + 1 + 1 + 4  # only the aristocrats' own income now


def test_mariinsky_counts_red_exchange_cards():
    """Y:272: exchange cards count as cards of their colour: a Senator is an aristocrat."""
    st = new(2)
    goto(st, "building", start=0)
    rows(st, upper=["market"])
    set_money(st, 0, 0)
    lay(st, 0, "mariinsky_theater", "senator", "author")
    pass_all(st)
    assert money(st, 0) == 2


def test_tax_man_pays_a_ruble_per_worker_at_aristocrat_scoring():
    """R:554-558, Y:334-342: at the aristocrat scoring the owner gets 1 ruble per worker (green
    card)."""
    st = new(2)
    goto(st, "aristocrat", start=0)
    rows(st, upper=["market"])
    set_money(st, 0, 0)
    lay(st, 0, "tax_man", "lumberjack", "lumberjack", "gold_miner", "wharf", "market")
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (4, 0)


def test_czar_and_carpenter_pays_three_rubles():
    """Y:343-344: cost 8, income 3 rubles."""
    st = new(2)
    goto(st, "building", start=0)
    (czar,) = rows(st, upper=["czar_and_carpenter"])[0]
    set_money(st, 0, 10)
    act(st, 0, {"type": "buy", "card": czar})
    assert money(st, 0) == 2
    goto(st, "worker", start=0)
    rows(st, upper=["market"])
    pass_all(st)
    assert money(st, 0) == 5


def test_example_mistress_of_ceremonies_six_rubles_three_points():
    """Y:155: the Hofmeisterin gives 6 rubles and three points."""
    st = new(2)
    goto(st, "aristocrat", start=0)
    rows(st, upper=["market"])
    set_money(st, 0, 0)
    lay(st, 0, "mistress_of_ceremonies")
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (6, 3)


def test_potemkin_village_pays_nothing():
    """R:560-564: the Potemkin Village brings nothing at the scoring; its value is in exchanging."""
    st = new(2)
    goto(st, "building", start=0)
    rows(st, upper=["market"])
    set_money(st, 0, 0)
    lay(st, 0, "potemkin_village")
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (0, 0)


# --- 2nd-edition base cards (Y:303-311, 349-350) ---------------------------------------------


def test_mariinsky_second_edition_point_per_red_card():
    """Y:303-311: the 2nd-edition Mariinsky Theater costs 15 and brings 1 point per red card at
    the building scoring."""
    st = new(2, edition="2")
    goto(st, "building", start=0)
    (mariinsky, _) = rows(st, upper=["mariinsky_theater", "market"])[0]
    set_money(st, 0, 30)
    (market,) = lay(st, 0, "market")
    lay(st, 0, "author", "author", "senator", "lumberjack")
    act(st, 0, {"type": "buy", "card": mariinsky, "replace": market})
    assert money(st, 0) == 30 - (15 - 5)
    pass_all(st)
    assert (money(st, 0), points(st, 0)) == (20, 3)


def test_observatory_second_edition_costs_seven():
    """Y:349-350: the Observatory costs 7 rubles (2nd edition)."""
    st = new(2, edition="2")
    goto(st, "building", start=0)
    (obs, _) = rows(st, upper=["observatory", "market"])[0]
    set_money(st, 0, 30)
    act(st, 0, {"type": "buy", "card": obs})
    assert money(st, 0) == 23
