"""The Wholesalers' guild ("Großhändler"): one test per rule sentence of the rules text, named after it.

The rules text does not say what a "market action" is; it is read (provisionally) as the take of the
area where the die landed, or the activation of what the moved die activates (the face-up workshop
tile on its space, the specialist with the black die). The cards' pairings are in wholesalers.json.
"""

import json
from pathlib import Path

import pytest
from django.utils import translation

from games.rules.base import IllegalMove
from games.rules.red_cathedral import data
from games.services.log import reason_text
from tests.rules.red_cathedral.rc_helpers import (
    E,
    act,
    docs,
    moves,
    park_dice,
    put_tile,
    refused,
    set_player,
    turn_to,
)

DOC = json.loads((Path(data.__file__).with_name("data") / "guilds" / "wholesalers.json").read_text(encoding="utf-8"))
TILE = next(r for r in data.load_raw("workshop_tiles")["records"] if r.get("gain") == {"wood": 2})


def shown_reason(st, seat, move):
    """The reason a refused move gets, as the player reads it (amounts in words); the state stays as it was."""
    refused(st, seat, move)
    with pytest.raises(IllegalMove) as exc:
        E.apply(st, seat, move)
    with translation.override("en"):
        return reason_text(exc.value)


def card_with(rubles):
    for card in DOC["records"]:
        for i, a in enumerate(card["actions"]):
            if a["rubles"] == rubles:
                return str(card["number"]), i, a
    raise AssertionError("every wholesalers' action is on a card")


def game(rubles, players=2, seed=7, options=None):
    """Seat 0 moved the yellow die to the first area of the quarter with the card, where it lies
    alone on the 2-rubles tile; a tile of 2 wood lies face up on its Yellow workshop space."""
    number, index, action = card_with(rubles)
    st = E.setup(players, {"guild": "wholesalers", "clergy": number, **(options or {})}, seed)
    quarter = next(q for q, c in enumerate(st["influence"]) if c.startswith("wholesalers-"))
    area = 2 * quarter
    park_dice(st, {"yellow": area, **{d: 7 if area != 7 else 6 for d in ("white", "red", "blue", "green")}})
    put_tile(st, area, "R-rubles")
    st["pl"][0]["ws"]["yellow"] = {"t": TILE["id"], "up": True}
    set_player(st, 0, rubles=10, inv={})
    turn_to(st, 0, stage="market", area=area, die="yellow", took=True, act=True)
    return st, index, action


def test_pay_1_ruble_and_take_the_market_areas_resources_once_more():
    st, i, action = game(1)
    assert action["times"] == 1 and not action["materials"]
    act(st, 0, "influence", action=i, market=["take"])
    assert st["pl"][0]["rubles"] == 10 - 1 + 2


def test_pay_1_ruble_and_activate_the_moved_dies_workshop_tile_once_more():
    st, i, _a = game(1)
    act(st, 0, "influence", action=i, market=["yellow"])
    assert st["pl"][0]["rubles"] == 9
    assert st["pl"][0]["inv"]["wood"] == 2


def test_only_the_tile_the_moved_die_activates_can_be_repeated():
    st, i, _a = game(1)
    st["pl"][0]["ws"]["red"] = {"t": TILE["id"], "up": True}
    assert sorted(m["market"][0] for m in moves(st, 0, "influence", action=i)) == ["take", "yellow"]
    assert refused(st, 0, {"type": "influence", "action": i, "market": ["red"]}).startswith(
        "Only the market area's resources"
    )


def test_a_face_down_tile_cannot_be_activated():
    st, i, _a = game(1)
    st["pl"][0]["ws"]["yellow"]["up"] = False
    assert refused(st, 0, {"type": "influence", "action": i, "market": ["yellow"]}).startswith(
        "Only the market area's resources"
    )


def test_pay_2_rubles_for_one_market_action_and_1_material_of_your_choice():
    st, i, action = game(2)
    assert action["materials"] == 1
    act(st, 0, "influence", action=i, market=["take"], material="gold")
    assert st["pl"][0]["rubles"] == 10 - 2 + 2
    assert st["pl"][0]["inv"]["gold"] == 1


def test_pay_3_rubles_for_the_same_market_action_twice():
    st, i, action = game(3)
    assert action["times"] == 2 and not action["different"]
    act(st, 0, "influence", action=i, market=["yellow", "yellow"])
    assert st["pl"][0]["rubles"] == 7
    assert st["pl"][0]["inv"]["wood"] == 4


def test_the_same_action_twice_cannot_be_two_different_ones():
    st, i, _a = game(3)
    assert refused(st, 0, {"type": "influence", "action": i, "market": ["take", "yellow"]}) == (
        "This action repeats the same market action twice."
    )


def test_pay_4_rubles_for_2_different_market_actions():
    st, i, action = game(4)
    assert action["times"] == 2 and action["different"]
    act(st, 0, "influence", action=i, market=["take", "yellow"])
    assert st["pl"][0]["rubles"] == 10 - 4 + 2
    assert st["pl"][0]["inv"]["wood"] == 2


def test_two_different_market_actions_cannot_be_the_same_one_twice():
    st, i, _a = game(4)
    assert refused(st, 0, {"type": "influence", "action": i, "market": ["take", "take"]}) == (
        "Choose two different market actions."
    )


def test_a_player_without_the_rubles_cannot_pay():
    st, i, _a = game(4)
    set_player(st, 0, rubles=3)
    assert not moves(st, 0, "influence", action=i)
    assert shown_reason(st, 0, {"type": "influence", "action": i, "market": ["take", "yellow"]}) == (
        "This action costs 4 rubles."
    )


def test_with_the_black_die_the_specialist_works_once_more():
    st, i, _a = game(1, options={"contractors": True})
    spec = next(
        r
        for r in data.load_raw("contractors")["records"]
        if r["type"] == "specialist" and set(r["gain"]) <= {"rubles", "permits", *data.MATERIALS}
    )
    area = st["turn"]["area"]
    st["market"]["dice"]["black"] = [area, 1]
    st["pl"][0]["spec"] = spec["id"]
    turn_to(st, 0, stage="market", area=area, die="black", took=True)
    act(st, 0, "specialist")
    assert st["pl"][0]["spec"] is None
    set_player(st, 0, permits=0)
    before = dict(st["pl"][0]["inv"], rubles=st["pl"][0]["rubles"], permits=0)
    act(st, 0, "influence", action=i, market=["specialist"])
    after = dict(st["pl"][0]["inv"], rubles=st["pl"][0]["rubles"] + 1, permits=st["pl"][0]["permits"])
    assert {k: after[k] - before[k] for k in spec["gain"]} == spec["gain"]
    assert st["pl"][0]["spec"] is None, "the specialist stays face down"


def test_the_card_action_is_used_once_per_turn():
    st, i, _a = game(1)
    act(st, 0, "influence", action=i, market=["take"])
    assert refused(st, 0, {"type": "influence", "action": i, "market": ["yellow"]}) == (
        "This action may be used only once per turn."
    )
    assert refused(st, 0, {"type": "influence", "action": 1 - i, "market": ["yellow"]}) == (
        "You have chosen the card's other action this turn."
    )


def test_a_wholesalers_action_repeats_one_or_two_market_actions():
    broken = docs()
    broken["guilds/wholesalers"]["records"][0]["actions"][0]["times"] = 3
    with pytest.raises(data.DataError, match="times of the action market_actions"):
        data.validate(broken)
