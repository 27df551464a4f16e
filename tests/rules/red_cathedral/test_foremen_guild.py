"""The Foremen's guild ("Vorarbeiter"): one test per rule sentence of the rules text, named after it.

The card actions are tested through the engine: the foremen's card lies in the quarter where the
turn's die landed. Which card carries which action is provisional and read from foremen.json.
"""

import json
from pathlib import Path

import pytest

from games.rules.red_cathedral import data
from tests.rules.red_cathedral.rc_helpers import (
    SECTIONS,
    E,
    act,
    all_but,
    docs,
    moves,
    msgs,
    new,
    pick,
    refused,
    sec,
    set_player,
    set_towers,
    space,
    turn_to,
)

DOC = json.loads((Path(data.__file__).with_name("data") / "guilds" / "foremen.json").read_text(encoding="utf-8"))
FOREMAN = data.load_raw("foreman")["records"][0]
PENALTY = "The Tsar punishes {seat} for slow work in tower {tower}: {rp} construction points lost."
EXTRA = "The foreman watches tower {tower}: {seat} gains {rp_amount} extra."


def card_with(gain, rival):
    """The number of a foremen card and the index of its action that pays ``gain`` for ``rival``'s banners."""
    for card in DOC["records"]:
        for i, a in enumerate(card["actions"]):
            if a["gain"] == gain and a["rival"] == rival:
                return str(card["number"]), i
    raise AssertionError("every foreman action is on a card")


def game(players=3, gain="rp", rival=False, seed=3):
    """A game with the foremen; seat 0 at the market of the quarter with the foremen's card."""
    number, index = card_with(gain, rival)
    st = new(players, seed, guild="foremen", clergy=number)
    quarter = next(q for q, c in enumerate(st["influence"]) if c.startswith("foremen-"))
    turn_to(st, 0, stage="market", area=2 * quarter, die="white")
    return st, index


def four_towers(st, owners):
    """Four two-section towers; ``owners[t]`` the owners of tower t's base and dome (None: unclaimed)."""
    bases, domes = pick("base", n=4), pick("dome", n=4)
    set_towers(st, [[sec(b, owner=o[0]), sec(d, owner=o[1])] for b, d, o in zip(bases, domes, owners)])


def test_foreman_starts_under_the_leftmost_tower():
    st, _i = game()
    assert FOREMAN["start_tower"] == 1
    assert E.view(st, 0)["foreman"] == {"tower": 1}


def test_the_board_shows_the_foreman_only_with_the_foremen():
    assert "foreman" not in E.view(new(3, 3), 0)


def test_foreman_moves_1_or_2_towers_to_the_right():
    st, i = game()
    assert sorted(m["steps"] for m in moves(st, 0, "influence", action=i)) == [1, 2]
    act(st, 0, "influence", action=i, steps=2)
    assert E.view(st, 0)["foreman"] == {"tower": 3}


def test_foreman_wraps_round_to_the_leftmost_tower():
    st, i = game()
    four_towers(st, [(None, None)] * 4)
    st["foreman"] = 3
    act(st, 0, "influence", action=i, steps=1)
    assert st["foreman"] == 0
    st["foreman"] = 2
    st["turn"]["inf"] = None  # a new market visit
    act(st, 0, "influence", action=i, steps=2)
    assert st["foreman"] == 0


def test_gain_as_many_construction_points_as_you_have_banners_in_the_new_tower():
    st, i = game(gain="rp")
    four_towers(st, [(None, None), (0, 0), (0, 1), (None, None)])
    before = space(st, 0)
    events = act(st, 0, "influence", action=i, steps=1)
    assert space(st, 0) == before + 2
    assert "{seat} moves the foreman to tower {tower}." in msgs(events)


def test_banners_on_unfinished_sections_count_as_well():
    st, i = game(gain="rp")
    four_towers(st, [(None, None), (None, None), (0, None), (None, None)])
    assert not st["towers"][2][0]["done"]
    before = space(st, 0)
    act(st, 0, "influence", action=i, steps=2)
    assert space(st, 0) == before + 1


def test_gain_as_many_rubles_as_you_have_banners_in_the_new_tower():
    st, i = game(gain="rubles")
    four_towers(st, [(None, None), (None, None), (0, 0), (None, None)])
    set_player(st, 0, rubles=4)
    act(st, 0, "influence", action=i, steps=2)
    assert st["pl"][0]["rubles"] == 6


def test_choose_an_opponent_and_gain_construction_points_for_their_banners_in_the_new_tower():
    st, i = game(gain="rp", rival=True)
    four_towers(st, [(None, None), (2, 1), (None, None), (None, None)])
    assert sorted(m["rival"] for m in moves(st, 0, "influence", action=i, steps=1)) == [1, 2]
    before = space(st, 0)
    act(st, 0, "influence", action=i, steps=1, rival=2)
    assert space(st, 0) == before + 1


def test_choose_an_opponent_and_gain_rubles_for_their_banners_in_the_new_tower():
    st, i = game(gain="rubles", rival=True)
    four_towers(st, [(None, None), (1, 1), (None, None), (None, None)])
    set_player(st, 0, rubles=0)
    act(st, 0, "influence", action=i, steps=1, rival=1)
    assert st["pl"][0]["rubles"] == 2


def test_you_cannot_choose_yourself_as_the_opponent():
    st, i = game(gain="rubles", rival=True)
    assert refused(st, 0, {"type": "influence", "action": i, "steps": 1, "rival": 0}) == (
        "Choose another player whose banners count."
    )


def test_the_foreman_walks_no_more_than_2_towers():
    st, i = game()
    assert refused(st, 0, {"type": "influence", "action": i, "steps": 3}) == "The foreman walks 1 or 2 towers on."


def _completion(st, owner_below=None, tower=0):
    """Tower ``tower`` holds a base claimed by ``owner_below`` (unfinished) and a middle section of
    seat 0 that lacks one unit, which seat 0 holds; the others are plain towers."""
    base = pick("base")
    mid = pick("middle")
    missing = next(iter(SECTIONS[mid]["cost"]))
    bases, domes = pick("base", exclude=(base,), n=4), pick("dome", n=4)
    towers = [[sec(b), sec(d)] for b, d in zip(bases, domes)]
    towers[tower] = [sec(base, owner=owner_below), sec(mid, owner=0, mat=all_but(mid, missing)), sec(domes[tower])]
    set_towers(st, towers)
    set_player(st, 0, inv={missing: 1})
    turn_to(st, 0)
    return mid, missing


def test_a_section_completed_in_the_foremans_tower_gives_1_extra_construction_point():
    st, _i = game()
    mid, missing = _completion(st, tower=0)
    before = space(st, 0)
    events = act(st, 0, "deliver", section=mid, material=missing)
    assert space(st, 0) == before + SECTIONS[mid]["rp"] + FOREMAN["completion_rp"] == before + SECTIONS[mid]["rp"] + 1
    assert EXTRA in msgs(events)


def test_a_section_completed_in_another_tower_gives_no_extra_point():
    st, _i = game()
    mid, missing = _completion(st, tower=1)
    before = space(st, 0)
    events = act(st, 0, "deliver", section=mid, material=missing)
    assert space(st, 0) == before + SECTIONS[mid]["rp"]
    assert EXTRA not in msgs(events)


def test_penalty_is_doubled_in_the_foremans_tower():
    st, _i = game()
    mid, missing = _completion(st, owner_below=1, tower=0)
    set_player(st, 1, space=20)
    events = act(st, 0, "deliver", section=mid, material=missing)
    assert [e["args"]["rp"] for e in events if e["msg"] == PENALTY] == [2]
    assert space(st, 1) == 18


def test_the_penalty_stays_1_per_card_in_the_other_towers():
    st, _i = game()
    mid, missing = _completion(st, owner_below=1, tower=2)
    set_player(st, 1, space=20)
    events = act(st, 0, "deliver", section=mid, material=missing)
    assert [e["args"]["rp"] for e in events if e["msg"] == PENALTY] == [1]


def test_the_board_shows_the_penalty_the_foreman_would_double():
    st, _i = game()
    base, mid, dome = pick("base"), pick("middle"), pick("dome")
    bases, domes = pick("base", exclude=(base,), n=3), pick("dome", exclude=(dome,), n=3)
    towers = [[sec(base, owner=1), sec(mid, owner=0, done=True), sec(dome)]]
    towers += [[sec(b), sec(d)] for b, d in zip(bases, domes)]
    set_towers(st, towers)
    assert E.view(st, 0)["towers"][0]["penalty_now"] == [{"player": 1, "rp": 2}]
    st["foreman"] = 1
    assert E.view(st, 0)["towers"][0]["penalty_now"] == [{"player": 1, "rp": 1}]


def test_without_the_foremen_a_completion_gives_no_extra_point():
    st = new(3, 3)
    mid, missing = _completion(st, owner_below=1, tower=0)
    set_player(st, 1, space=20)
    before = space(st, 0)
    events = act(st, 0, "deliver", section=mid, material=missing)
    assert space(st, 0) == before + SECTIONS[mid]["rp"]
    assert [e["args"]["rp"] for e in events if e["msg"] == PENALTY] == [1]


def test_a_foreman_action_pays_construction_points_or_rubles_and_nothing_else():
    broken = docs()
    broken["guilds/foremen"]["records"][0]["actions"][0]["gain"] = "glory"
    with pytest.raises(data.DataError, match="gain of the action foreman"):
        data.validate(broken)


def test_the_foreman_file_keeps_the_start_under_the_leftmost_tower():
    broken = docs()
    broken["foreman"]["records"][0]["start_tower"] = 2
    with pytest.raises(data.DataError, match="start_tower"):
        data.validate(broken)
