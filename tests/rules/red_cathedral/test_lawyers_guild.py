"""The Lawyers' guild ("Anwälte", with the Contractors module): one test per rule sentence of the
rules text, named after it. Which card carries which action is provisional (lawyers.json)."""

import json
from pathlib import Path

import pytest
from django.utils import translation

from games.rules.base import IllegalMove, InvalidOptions
from games.rules.red_cathedral import data
from games.services.log import reason_text
from tests.rules.red_cathedral.rc_helpers import (
    SECTIONS,
    E,
    act,
    glory,
    moves,
    pick,
    refused,
    sec,
    set_player,
    set_towers,
    turn_to,
)

DOC = json.loads((Path(data.__file__).with_name("data") / "guilds" / "lawyers.json").read_text(encoding="utf-8"))
MAX_PERMITS = next(r for r in data.load_raw("contractors")["records"] if r["type"] == "rules")["max_permits"]


def shown_reason(st, seat, move):
    """The reason a refused move gets, as the player reads it (amounts in words); the state stays as it was."""
    refused(st, seat, move)
    with pytest.raises(IllegalMove) as exc:
        E.apply(st, seat, move)
    with translation.override("en"):
        return reason_text(exc.value)


def card_with(act_name):
    for card in DOC["records"]:
        for i, a in enumerate(card["actions"]):
            if a["act"] == act_name:
                return str(card["number"]), i, a
    raise AssertionError("every lawyers' action is on a card")


def game(act_name, players=2, seed=9):
    number, index, action = card_with(act_name)
    st = E.setup(players, {"guild": "lawyers", "clergy": number, "contractors": True}, seed)
    quarter = next(q for q, c in enumerate(st["influence"]) if c.startswith("lawyers-"))
    turn_to(st, 0, stage="market", area=2 * quarter, die="white", took=True, act=True)
    return st, index, action


def test_every_card_of_the_guild_carries_the_contractors_symbol():
    assert DOC["needs_contractors"] is True
    assert all(card["contractors"] for card in DOC["records"])


def test_gain_1_permit():
    st, i, action = game("permit_gain")
    assert action["permits"] == 1
    set_player(st, 0, permits=2)
    act(st, 0, "influence", action=i)
    assert st["pl"][0]["permits"] == 3


def test_no_permit_beyond_the_6_a_player_may_hold():
    st, i, _a = game("permit_gain")
    set_player(st, 0, permits=MAX_PERMITS)
    assert refused(st, 0, {"type": "influence", "action": i}) == "You already hold 6 permits."


def test_pay_1_permit_to_deliver_1_material():
    st, i, action = game("permit_deliver")
    assert (action["permits"], action["units"]) == (1, 1)
    mid = pick("middle")
    m = next(iter(SECTIONS[mid]["cost"]))
    set_towers(st, [[sec(pick("base"), owner=1), sec(mid, owner=0), sec(pick("dome"))]])
    set_player(st, 0, permits=2, inv={m: 2})
    assert not moves(st, 0, "deliver")
    act(st, 0, "influence", action=i)
    assert st["pl"][0]["permits"] == 1
    act(st, 0, "deliver", section=mid, material=m)
    assert st["pl"][0]["inv"][m] == 1
    assert not moves(st, 0, "deliver"), "one delivery per permit"


def test_pay_2_permits_for_1_glory():
    st, i, action = game("permit_glory")
    assert (action["permits"], action["glory"]) == (2, 1)
    set_player(st, 0, permits=3)
    before = glory(st, 0)
    act(st, 0, "influence", action=i)
    assert st["pl"][0]["permits"] == 1
    assert glory(st, 0) == before + 1


def test_glory_needs_2_permits():
    st, i, _a = game("permit_glory")
    set_player(st, 0, permits=1)
    assert shown_reason(st, 0, {"type": "influence", "action": i}) == "This action costs 2 permits."


def test_pay_1_permit_for_1_material_of_your_choice():
    st, i, action = game("permit_material")
    assert action["permits"] == 1
    set_player(st, 0, permits=1, inv={})
    assert sorted(m["material"] for m in moves(st, 0, "influence", action=i)) == sorted(data.MATERIALS)
    act(st, 0, "influence", action=i, material="violet")
    assert st["pl"][0]["permits"] == 0
    assert st["pl"][0]["inv"]["violet"] == 1


def test_a_material_needs_a_permit():
    st, i, _a = game("permit_material")
    set_player(st, 0, permits=0)
    assert shown_reason(st, 0, {"type": "influence", "action": i, "material": "wood"}) == "This action costs 1 permit."


def test_the_guild_is_refused_without_the_contractors_module():
    with pytest.raises(InvalidOptions) as exc:
        E.normalize_options(3, {"guild": "lawyers"})
    assert "Contractors module" in str(exc.value)
    assert E.normalize_options(3, {"guild": "lawyers", "contractors": True})["guild"] == "lawyers"
