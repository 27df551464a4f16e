"""The Entrepreneurs' guild ("Unternehmer", with the Contractors module): one test per rule sentence
of the rules text, named after it. Which card carries which action is provisional (entrepreneurs.json)."""

import json
from pathlib import Path

import pytest

from games.rules.base import InvalidOptions
from games.rules.red_cathedral import data
from games.rules.red_cathedral.data import BLACK
from tests.rules.red_cathedral.rc_helpers import E, act, moves, msgs, refused, set_player, turn_to

DOC = json.loads((Path(data.__file__).with_name("data") / "guilds" / "entrepreneurs.json").read_text(encoding="utf-8"))
RES = {r["id"]: r for r in data.load_raw("resource_tiles")["records"]}
PERMIT_TILE = next(r for r in data.load_raw("contractors")["records"] if r["type"] == "resource_tile")


def card_with(act_name, **fields):
    for card in DOC["records"]:
        for i, a in enumerate(card["actions"]):
            if a["act"] == act_name and all(a.get(k) == v for k, v in fields.items()):
                return str(card["number"]), i
    raise AssertionError("every entrepreneurs' action is on a card")


def game(act_name, players=3, seed=5, **fields):
    number, index = card_with(act_name, **fields)
    st = E.setup(players, {"guild": "entrepreneurs", "clergy": number, "contractors": True}, seed)
    quarter = next(q for q, c in enumerate(st["influence"]) if c.startswith("entrepreneurs-"))
    turn_to(st, 0, stage="market", area=2 * quarter, die="white")
    return st, index


def send(st, p, city, men):
    st["contr"]["cities"][city]["men"][p] = men


def test_every_card_of_the_guild_carries_the_contractors_symbol():
    assert DOC["needs_contractors"] is True
    assert all(card["contractors"] for card in DOC["records"])


def test_gain_the_resources_of_the_market_area_where_the_black_die_lies():
    st, i = game("black_die_area")
    res = st["market"]["res"]
    area = next(a for a, t in enumerate(res) if RES.get(t, {}).get("gives", {}).keys() & {"rubles"})
    st["market"]["dice"][BLACK][0] = area
    set_player(st, 0, rubles=0)
    events = act(st, 0, "influence", action=i)
    assert st["pl"][0]["rubles"] == RES[res[area]]["gives"]["rubles"]
    assert "{seat} takes the resources of area {area}, where the black specialist die lies." in msgs(events)


def test_the_advantage_counts_once_however_many_dice_lie_in_the_area():
    st, i = game("black_die_area")
    res = st["market"]["res"]
    area = next(a for a, t in enumerate(res) if "rubles" in RES.get(t, {}).get("gives", {}))
    st["market"]["dice"][BLACK][0] = area
    st["market"]["dice"]["yellow"][0] = area
    st["market"]["dice"]["red"][0] = area
    set_player(st, 0, rubles=0)
    act(st, 0, "influence", action=i)
    assert st["pl"][0]["rubles"] == RES[res[area]]["gives"]["rubles"]


def test_gain_as_many_permits_as_you_have_contractors_on_the_map_of_the_grand_duchy():
    st, i = game("contractors_count", gain="permits", rival=False)
    send(st, 0, "moscow", 1)
    send(st, 0, "suzdal", 2)
    send(st, 1, "suzdal", 3)
    set_player(st, 0, permits=0)
    act(st, 0, "influence", action=i)
    assert st["pl"][0]["permits"] == 3


def test_permits_from_contractors_stop_at_6():
    st, i = game("contractors_count", gain="permits", rival=False)
    send(st, 0, "moscow", 4)
    set_player(st, 0, permits=4)
    act(st, 0, "influence", action=i)
    assert st["pl"][0]["permits"] == 6


def test_gain_as_many_rubles_as_you_have_contractors_on_the_map():
    st, i = game("contractors_count", gain="rubles", rival=False)
    send(st, 0, "vologda", 2)
    send(st, 2, "vologda", 1)
    set_player(st, 0, rubles=1)
    act(st, 0, "influence", action=i)
    assert st["pl"][0]["rubles"] == 3


def test_gain_as_many_rubles_as_a_chosen_opponent_has_contractors_on_the_map():
    st, i = game("contractors_count", gain="rubles", rival=True)
    send(st, 1, "moscow", 1)
    send(st, 2, "moscow", 2)
    send(st, 2, "ryazan", 2)
    assert sorted(m["rival"] for m in moves(st, 0, "influence", action=i)) == [1, 2]
    set_player(st, 0, rubles=0)
    act(st, 0, "influence", action=i, rival=2)
    assert st["pl"][0]["rubles"] == 4


def test_you_cannot_choose_yourself_as_the_opponent():
    st, i = game("contractors_count", gain="rubles", rival=True)
    assert refused(st, 0, {"type": "influence", "action": i, "rival": 0}) == (
        "Choose another player whose contractors count."
    )


def test_the_guild_is_refused_without_the_contractors_module():
    with pytest.raises(InvalidOptions) as exc:
        E.normalize_options(3, {"guild": "entrepreneurs"})
    assert "Contractors module" in str(exc.value)
    assert E.normalize_options(3, {"guild": "entrepreneurs", "contractors": True})["guild"] == "entrepreneurs"
