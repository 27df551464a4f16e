"""Module 4 "Die Ereignisse" (option "events", with the Market only): the six events, when and how
often they may be triggered, and their Hinweise."""

import json

import pytest

from games.rules.base import IllegalMove, InvalidOptions
from games.rules.sankt_petersburg.cards import table
from games.rules.sankt_petersburg.engine import EVENTS_MARKET
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    act,
    assert_no_debt,
    assert_replays,
    goto,
    hand,
    lay,
    moves_of,
    new,
    play_through,
    rows,
    set_money,
    stack,
)

OPTS = {"edition": "2", "market": True, "events": True}


def enew(players=3, seed=1):
    st = new(players, seed, **OPTS)
    return st


def at(st, phase="building", start=0, round=2):
    goto(st, phase, start=start, round=round)


def test_only_with_the_market():
    with pytest.raises(InvalidOptions) as err:
        E.setup(3, {"edition": "2", "events": True}, 1)
    assert str(err.value) == EVENTS_MARKET


def test_not_in_the_first_durchgang():
    """ "Die Ereignisse können erst ab dem 2. Durchgang ausgelöst werden!"."""
    st = enew()
    at(st, round=1)
    rows(st, ["market"], [])
    assert moves_of(st, 0, "event") == []
    with pytest.raises(IllegalMove):
        act(st, 0, {"type": "event", "event": "sponsor"})
    at(st, round=2)
    assert {"type": "event", "event": "sponsor"} in moves_of(st, 0, "event")


def test_before_the_regular_turn_then_the_regular_turn():
    st = enew()
    at(st)
    rows(st, ["market", "theater"], [])
    act(st, 0, {"type": "event", "event": "sponsor"})
    assert E.to_act(st) == [0] and moves_of(st, 0, "event") == []
    assert [p["money"] for p in st["p"]] == [31, 27, 27]
    act(st, 0, {"type": "pass"})
    assert E.to_act(st) == [1]


def test_one_event_per_player_and_each_event_once():
    st = enew(3, 2)
    at(st)
    rows(st, ["market", "theater", "library"], [])
    act(st, 0, {"type": "event", "event": "sponsor"})
    act(st, 0, {"type": "pass"})
    assert {"type": "event", "event": "sponsor"} not in moves_of(st, 1, "event")
    act(st, 1, {"type": "event", "event": "warehouse"})
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "pass"})
    assert moves_of(st, 0, "event") == []
    v = E.view(st, 0)["events"]
    assert v["used"] == {"sponsor": 0, "warehouse": 1} and "sponsor" not in v["available"]


def test_sponsor_6_and_2_rubles():
    st = enew(4, 3)
    at(st)
    rows(st, ["market"], [])
    act(st, 0, {"type": "event", "event": "sponsor"})
    assert [p["money"] for p in st["p"]] == [31, 27, 27, 27]


def test_ghost_discards_a_display_card_and_refills_from_the_current_pile():
    st = enew(3, 4)
    at(st, "aristocrat")
    (a, b), _ = rows(st, ["author", "administrator"], [])
    (top,) = stack(st, "aristocrat", "judge")
    act(st, 0, {"type": "event", "event": "ghost", "card": a})
    assert st["discard"][-1] == a and st["upper"] == [top, b]


def test_new_luck_as_many_cards_as_players_only_with_room():
    st = enew(3, 5)
    at(st, "building")
    rows(st, ["market"] * 5 + ["customs_house"] * 2, [])
    assert {"type": "event", "event": "new_luck"} in moves_of(st, 0, "event")
    act(st, 0, {"type": "event", "event": "new_luck"})
    assert len(st["upper"]) == 10
    assert all(table(st)[c].deck == "building" for c in st["upper"])
    st2 = enew(3, 6)
    at(st2, "building")
    rows(st2, ["market"] * 5 + ["customs_house"] * 3, [])
    assert {"type": "event", "event": "new_luck"} not in moves_of(st2, 0, "event")


def test_warehouse_event_one_more_hand_card_not_a_blue_card():
    """Beachte: not a blue card (never replaced, no reductions); with the Warehouse building too,
    up to 5 cards in hand."""
    st = enew(3, 7)
    at(st)
    rows(st, ["market", "theater"], [])
    lay(st, 0, "warehouse")
    assert E.view(st, 0)["players"][0]["hand_limit"] == 4
    act(st, 0, {"type": "event", "event": "warehouse"})
    assert E.view(st, 0)["players"][0]["hand_limit"] == 5
    assert E.view(st, 0)["events"]["warehouse"] == [0]
    assert len(st["p"][0]["cards"]) == 1


def test_grabber_buys_the_top_discard_then_the_regular_turn():
    st = enew(3, 8)
    at(st)
    rows(st, ["market"], [])
    st["discard"].append(st["decks"]["building"].pop())
    top = st["discard"][-1]
    set_money(st, 0, 40)
    price = table(st)[top].cost
    act(st, 0, {"type": "event", "event": "grabber"})
    assert top in st["p"][0]["cards"] and st["p"][0]["money"] == 40 - price
    assert E.to_act(st) == [0]


def test_grabber_not_offered_without_the_money():
    st = enew(3, 9)
    at(st)
    rows(st, ["market"], [])
    st["discard"].append(st["decks"]["building"].pop())
    set_money(st, 0, 0)
    assert not [m for m in moves_of(st, 0, "event") if m["event"] == "grabber"]


def test_twin_take_both_buy_and_hand():
    st = enew(3, 10)
    at(st)
    (first, other), _ = rows(st, ["market", "theater"], [])
    (new_card,) = stack(st, "building", "library")
    set_money(st, 0, 30)
    act(st, 0, {"type": "event", "event": "twin"})
    assert E.view(st, 1)["step"] == "twin" and E.view(st, 1)["decision"]["cards"] == [first, new_card]
    assert {"type": "twin_take", "card": first, "choice": "buy"} in E.legal_moves(st, 0)
    act(st, 0, {"type": "twin_take", "card": first, "choice": "buy"})
    act(st, 0, {"type": "twin_take", "card": new_card, "choice": "hand"})
    assert first in st["p"][0]["cards"] and new_card in st["p"][0]["hand"]
    assert st["upper"] == [other] and E.to_act(st) == [0] and E.view(st, 0)["step"] == "actions"


def test_hinweis_twin_cards_not_taken_are_discarded():
    """Hinweis: if the two cards could not be taken after the event, both are discarded."""
    st = enew(3, 11)
    at(st)
    (first, _other), _ = rows(st, ["theater", "market"], [])
    (new_card,) = stack(st, "building", "library")
    set_money(st, 0, 0)
    hand(st, 0, "lumberjack", "lumberjack", "lumberjack")
    act(st, 0, {"type": "event", "event": "twin"})
    assert not st["queue"]
    assert st["discard"][-2:] == [first, new_card]
    assert E.to_act(st) == [0]


def test_twin_needs_a_card_on_the_first_space():
    st = enew(3, 12)
    at(st)
    rows(st, [], ["market"])
    assert {"type": "event", "event": "twin"} not in moves_of(st, 0, "event")


def test_event_wakes_passes_until_the_display_changes():
    st = enew(3, 13)
    at(st)
    rows(st, ["market", "theater", "library"], [])
    act(st, 0, {"type": "pass", "until": "display"})
    act(st, 1, {"type": "event", "event": "sponsor"})
    assert st["p"][0]["auto"] is None


def test_hinweis_lower_row_discarded_left_to_right():
    """Hinweis: the 2nd row is cleared left to right, the rightmost card ends on top."""
    st = enew(2, 14)
    at(st, "exchange")
    _, lower = rows(st, [], ["market", "theater"])
    st["upper"] = [st["decks"]["exchange"].pop()]
    while st["phase"] == "exchange":
        (seat,) = E.to_act(st)
        act(st, seat, {"type": "pass"})
    assert st["discard"][-2:] == lower


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_and_replay_exactly(players):
    options = {**OPTS, "helpers": players > 3, "assignments": players % 2 == 0}

    def choose(st, seat, legal, rng, _moves):
        assert E.timeout_move(st, seat) in legal
        return rng.choice(legal)

    for seed in (1, 2):
        st, log = play_through(players, options, seed, choose=choose, check=assert_no_debt)
        assert json.loads(json.dumps(st)) == st
        assert_replays(players, options, seed, log, st)


def test_labels():
    assert E.describe_move({"type": "event", "event": "new_luck"}) == "Trigger the event New Luck"
    assert E.describe_move({"type": "twin_take", "card": "b1", "choice": "hand"}) == "Take the twin card into hand"
