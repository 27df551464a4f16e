"""The 4 special workshop tiles (promo): drafted one per player from the last player to the first,
placed instead of a claimed section's tile, face up for the number of free workshop spaces."""

import pytest

from games.rules.base import InvalidOptions
from games.rules.red_cathedral.special_tiles import EFFECT_TEXTS, free_spaces
from tests.rules.red_cathedral.rc_expansion import SPECIAL, diamond_game, holding
from tests.rules.red_cathedral.rc_helpers import (
    CARDS,
    RES,
    SECTIONS,
    E,
    act,
    moves,
    new,
    pick,
    put_tile,
    raw,
    refused,
    sec,
    set_dice,
    set_towers,
    turn_to,
)


def _tower(st, tile="T01"):
    base, dome = pick("base"), pick("dome")
    set_towers(st, [[sec(base, wt=tile), sec(dome, wt="T02")]])
    return base


def test_each_player_drafts_one_special_tile_from_the_last_player_to_the_first():
    st = new(3, seed=5, special_tiles=True)
    order = []
    while st["draft"]:
        (seat,) = E.to_act(st)
        order.append(seat)
        act(st, seat, "draft", tile=st["draft"]["left"][0])
    assert order == [2, 1, 0]
    held = [pl["special"] for pl in st["pl"]]
    assert len(set(held)) == 3 and set(held) <= set(SPECIAL)


def test_the_special_tiles_left_over_go_back_to_the_box():
    st = new(2, seed=5, special_tiles=True)
    act(st, 1, "draft", tile="S-die")
    events = act(st, 0, "draft", tile="S-guild")
    assert st["draft"] is None
    assert [pl["special"] for pl in st["pl"]] == ["S-guild", "S-die"]
    assert events[-1]["msg"] == "The special workshop tiles left over go back to the box."
    assert E.to_act(st) == [0] and moves(st, 0, "claim")


def test_nothing_else_is_played_before_the_draft_is_over():
    st = new(2, seed=5, special_tiles=True)
    assert {m["type"] for m in E.legal_moves(st, 1)} == {"draft"}
    assert E.legal_moves(st, 0) == []
    reason = refused(st, 1, {"type": "end"})
    assert "special workshop tile" in reason


def test_in_the_solo_game_iwan_gets_no_special_tile():
    """Provisional (special_tiles.json): Iwan never places a workshop tile, so he drafts none."""
    st = new(1, seed=5, special_tiles=True)
    assert st["draft"]["order"] == [0]
    act(st, 0, "draft", tile="S-diamond")
    assert "special" not in st["pl"][1] and st["draft"] is None


def test_special_tile_costs_the_number_of_free_workshop_spaces():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-diamond", rubles=10)
    turn_to(st, 0)
    assert free_spaces(st["pl"][0]) == 6
    act(st, 0, "claim", section=base, banner="ruler", slot="yellow", up=True, special=True)
    assert st["pl"][0]["rubles"] == 10 - 6


def test_special_tile_with_2_free_spaces_costs_2_rubles():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-diamond", rubles=10)
    for slot in ("white1", "white2", "red", "blue"):
        st["pl"][0]["ws"][slot] = {"t": "T05", "up": False}
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="yellow", up=True, special=True)
    assert st["pl"][0]["rubles"] == 10 - 2


def test_special_tile_replaces_the_claimed_tile_which_is_discarded():
    st = diamond_game()
    base = _tower(st, tile="T07")
    holding(st, 0, "S-material", rubles=0)
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="green", up=False, special=True)
    assert st["pl"][0]["ws"]["green"] == {"t": "S-material", "up": False}
    assert st["pl"][0]["special"] is None
    assert st["towers"][0][0]["wt"] is None
    assert "T07" not in str(st["pl"])


def test_special_tile_face_up_needs_the_rubles():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-diamond", rubles=5)
    turn_to(st, 0)
    assert not moves(st, 0, "claim", section=base, up=True, special=True)
    reason = refused(
        st, 0, {"type": "claim", "section": base, "banner": "ruler", "slot": "red", "up": True, "special": True}
    )
    assert "rubles" in reason


def test_a_placed_special_tile_cannot_be_placed_again():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-diamond", rubles=0)
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=False, special=True)
    turn_to(st, 0)
    assert not moves(st, 0, "claim", special=True)


def test_diamond_tile_gains_one_diamond():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-diamond", rubles=6)
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=True, special=True)
    assert st["pl"][0]["inv"]["diamond"] == 1 and st["supply"]["diamond"] == 14


def test_material_tile_gains_one_material_of_your_choice_and_one_ruble():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-material", rubles=6, inv={})
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=True, special=True)
    assert st["pl"][0]["rubles"] == 1
    assert {m["material"] for m in moves(st, 0, "tile_choice")} == {"wood", "brick", "stone", "gold", "green", "violet"}
    act(st, 0, "tile_choice", material="gold")
    assert st["pl"][0]["inv"]["gold"] == 1
    assert "choices" not in st["turn"]


def test_die_tile_gains_the_resources_of_the_area_of_any_die_once():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-die", rubles=6)
    set_dice(st, white=(0, 1), yellow=(0, 2), red=(3, 1), blue=(4, 1), green=(5, 1))
    put_tile(st, 0, "R-rubles")
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=True, special=True)
    assert len(moves(st, 0, "tile_choice")) == 5
    act(st, 0, "tile_choice", die="white")
    # Once, although two dice lie in that area.
    assert st["pl"][0]["rubles"] == RES["R-rubles"]["gives"]["rubles"]


def test_a_special_tile_choice_comes_before_every_other_move():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-die", rubles=6)
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=True, special=True)
    assert {m["type"] for m in E.legal_moves(st, 0)} == {"tile_choice"}
    reason = refused(st, 0, {"type": "end"})
    assert "special workshop tile" in reason


def test_a_face_up_special_tile_is_activated_when_its_die_moves():
    st = diamond_game()
    holding(st, 0, None)
    st["pl"][0]["ws"]["yellow"] = {"t": "S-diamond", "up": True}
    set_dice(st, white=(0, 1), yellow=(1, 1), red=(3, 1), blue=(4, 1), green=(5, 1))
    turn_to(st, 0)
    act(st, 0, "die", die="yellow", extra=0)
    act(st, 0, "activate", slot="yellow")
    assert st["pl"][0]["inv"]["diamond"] == 1


def test_the_special_tiles_option_is_off_by_default():
    options = E.normalize_options(2, {})
    assert options["special_tiles"] is False
    assert "special_tiles" in E.normalize_options(2, {"special_tiles": True})
    assert set(EFFECT_TEXTS) == {r["effect"] for r in SPECIAL.values()}


def test_the_special_tiles_option_is_true_or_false():
    with pytest.raises(InvalidOptions):
        E.normalize_options(2, {"special_tiles": "yes"})


def test_influence_group_tile_takes_one_action_of_any_influence_card_in_play():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-guild", rubles=12, inv={"wood": 2, "gold": 1, "stone": 1})
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=True, special=True)
    choices = [m for m in moves(st, 0, "tile_choice") if "card" in m]
    assert {m["card"] for m in choices} <= set(st["influence"]) and len({m["card"] for m in choices}) >= 2
    # Any one action of any card in play: here the first one offered.
    _st, events = E.apply(st, 0, choices[0])
    assert "choices" not in st["turn"]
    assert events and events[0]["args"].get("group")


def test_influence_group_tile_may_be_declined():
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-guild", rubles=6)
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=True, special=True)
    events = act(st, 0, "tile_choice", **{"pass": True})
    assert events[-1]["msg"] == "{seat} takes no action of an influence card."
    assert {m["type"] for m in E.legal_moves(st, 0)} >= {"end"}


def test_influence_group_tile_cannot_activate_itself_again():
    st = diamond_game()
    holding(st, 0, None, rubles=6)
    st["pl"][0]["ws"]["red"] = {"t": "S-guild", "up": True}
    st["influence"][0] = "craftsmen-1"
    turn_to(st, 0)
    st["turn"]["choices"] = ["S-guild"]
    nested = [m for m in moves(st, 0, "tile_choice") if m.get("slot") == "red" or "red" in m.get("slots", [])]
    assert nested == []


def test_material_tile_with_a_full_stock_brings_only_its_ruble():
    """Provisional (special_tiles.json): no space for the material, no choice to make."""
    st = diamond_game()
    base = _tower(st)
    holding(st, 0, "S-material", rubles=6, inv={"wood": 7})  # full once the ruler frees a space
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=True, special=True)
    assert st["pl"][0]["rubles"] == 1 and "choices" not in st["turn"]
    assert moves(st, 0, "end")


def test_deliveries_the_influence_group_tile_buys_after_a_claim_can_be_made():
    st = diamond_game()
    base, other = pick("base"), pick("base", exclude=(pick("base"),))
    dome = pick("dome")
    set_towers(st, [[sec(base, wt="T01"), sec(dome)], [sec(other, owner=0), sec(pick("dome", exclude=(dome,)))]])
    material = next(iter(SECTIONS[other]["cost"]))
    holding(st, 0, "S-guild", rubles=9, inv={material: 1})
    i = next(k for k, c in enumerate(st["influence"]) if c.startswith("teamsters"))
    st["influence"][i] = "teamsters-1"
    turn_to(st, 0)
    act(st, 0, "claim", section=base, banner="ruler", slot="red", up=True, special=True)
    deliver = next(k for k, a in enumerate(CARDS["teamsters-1"]["actions"]) if a["act"] == "deliver")
    act(st, 0, "tile_choice", card="teamsters-1", action=deliver)
    act(st, 0, "deliver", section=other, material=material)
    assert st["turn"]["budget"] == 0


def test_influence_group_tile_with_the_archivists_borrows_only_from_the_other_three_cards():
    """The Archivists' "any action of one of the other three groups", taken through the tile, never
    borrows its own card (that would never end)."""
    st = new(2, seed=5, special_tiles=True, guild="archivists")
    st["draft"] = None
    holding(st, 0, None, rubles=6)
    st["pl"][0]["space"] = 12
    turn_to(st, 0)
    st["turn"]["choices"] = ["S-guild"]
    own = next(
        c["id"] for c in raw("guilds/archivists")["records"] if any(a["act"] == "archive_group" for a in c["actions"])
    )
    i = next(k for k, c in enumerate(st["influence"]) if c.startswith("archivists"))
    st["influence"][i] = own
    borrowed = [m["use"]["card"] for m in moves(st, 0, "tile_choice", card=own) if "use" in m]
    assert borrowed and own not in borrowed
