"""Diamonds ("Neues Spielmaterial: 15 Diamanten"): kept in the workshop like every material, and
any material paid or handed over for a section or an ornament may be a diamond instead."""

from games.rules.red_cathedral import scoring
from games.rules.red_cathedral.state import free_space
from tests.rules.red_cathedral.rc_expansion import DIAMONDS, diamond_game, give_diamonds
from tests.rules.red_cathedral.rc_helpers import (
    GAME,
    SECTIONS,
    act,
    all_but,
    dump,
    glory,
    moves,
    new,
    pick,
    refused,
    sec,
    set_player,
    set_towers,
    turn_to,
)

ORN = GAME["ornaments"]


def _row(st, sid):
    return next(s for t in st["towers"] for s in t if s["id"] == sid)


def test_there_are_15_diamonds_in_the_supply_when_the_special_tiles_play():
    st = diamond_game()
    assert DIAMONDS["supply"]["count"] == 15
    assert st["supply"]["diamond"] == 15
    assert all(pl["inv"]["diamond"] == 0 for pl in st["pl"])


def test_games_without_jewelers_or_special_tiles_have_no_diamonds_in_their_state():
    """Games stored before the expansion replay: their state has no new key."""
    st = new(2, seed=3)
    text = dump(st)
    assert "diamond" not in text and "draft" not in text and "special" not in text


def test_diamonds_are_stored_in_the_inventory_like_every_material():
    st = diamond_game()
    set_player(st, 0, inv={"wood": 2})
    before = free_space(st["pl"][0])
    give_diamonds(st, 0, 3)
    assert free_space(st["pl"][0]) == before - 3


def test_diamonds_stand_in_for_any_material_of_a_section():
    st = diamond_game()
    base = pick("base")
    set_towers(st, [[sec(base, owner=0), sec(pick("dome"))]])
    set_player(st, 0, inv={})
    give_diamonds(st, 0, 1)
    turn_to(st, 0)
    offered = {m["material"] for m in moves(st, 0, "deliver", section=base, diamond=True)}
    assert offered == set(SECTIONS[base]["cost"])
    material = sorted(offered)[0]
    act(st, 0, "deliver", section=base, material=material, diamond=True)
    assert _row(st, base)["mat"] == {material: 1}
    assert st["pl"][0]["inv"]["diamond"] == 0


def test_a_section_needing_2_bricks_and_1_wood_can_take_3_diamonds_instead():
    """The rules' example: the section's last 3 units are all diamonds, and it is completed."""
    st = diamond_game()
    base = pick("base", lambda r: sum(r["cost"].values()) >= 3)
    cost = SECTIONS[base]["cost"]
    # Deliver all but three units of the section's own materials.
    left, mat = 3, dict(cost)
    for m in list(mat):
        take = min(left, mat[m])
        mat[m] -= take
        left -= take
    set_towers(st, [[sec(base, owner=0, mat={m: n for m, n in mat.items() if n}), sec(pick("dome"))]])
    set_player(st, 0, inv={})
    give_diamonds(st, 0, 3)
    turn_to(st, 0)
    supply = dict(st["supply"])
    for _ in range(3):
        act(st, 0, "deliver", section=base, diamond=True, first=True)
    row = _row(st, base)
    assert row["done"] and row["mat"] == {} and "dia" not in row
    # The diamonds go back as diamonds, the materials as themselves.
    assert st["supply"]["diamond"] == supply["diamond"] + 3
    for m, n in mat.items():
        assert st["supply"][m] == supply[m] + n


def test_a_diamond_stands_in_only_for_a_material_the_section_still_lacks():
    st = diamond_game()
    base = pick("base")
    material = next(iter(SECTIONS[base]["cost"]))
    set_towers(st, [[sec(base, owner=0, mat=all_but(base, material)), sec(pick("dome"))]])
    give_diamonds(st, 0, 1)
    turn_to(st, 0)
    other = next(m for m in ("wood", "brick", "stone", "gold") if m != material)
    reason = refused(st, 0, {"type": "deliver", "section": base, "material": other, "diamond": True})
    assert "diamond" in reason


def test_diamonds_stand_in_for_the_material_of_an_ornament():
    st = diamond_game()
    dome = pick("dome")
    set_towers(st, [[sec(pick("base"), owner=1, done=True), sec(dome, owner=1, done=True)]])
    set_player(st, 0, inv={})
    give_diamonds(st, 0, 1)
    turn_to(st, 0)
    assert [m for m in moves(st, 0, "ornament") if "diamonds" not in m] == []
    act(st, 0, "ornament", section=dome, gems=[], diamonds=[ORN["cross"]["material"]])
    assert _row(st, dome)["orn"] == ["cross", 0]
    assert st["pl"][0]["inv"]["diamond"] == 0 and st["supply"]["diamond"] == 15


def test_diamonds_stand_in_for_the_gems_set_with_an_ornament():
    """Provisional reading (diamonds.json): gems are materials, so a diamond may be one; it counts
    as the gem it replaces."""
    st = diamond_game()
    dome = pick("dome")
    set_towers(st, [[sec(pick("base"), owner=1, done=True), sec(dome, owner=1, done=True)]])
    set_player(st, 0, inv={ORN["cross"]["material"]: 1, "green": 1}, space=12)
    give_diamonds(st, 0, 1)
    turn_to(st, 0)
    g = glory(st, 0)
    act(st, 0, "ornament", section=dome, gems=["green", "violet"], diamonds=["violet"])
    assert glory(st, 0) == g + ORN["pair_glory"]
    assert st["pl"][0]["inv"]["green"] == 0 and st["pl"][0]["inv"]["diamond"] == 0


def test_diamonds_count_with_the_leftovers_in_the_final_scoring():
    st = diamond_game()
    set_player(st, 0, inv={"wood": 1}, rubles=0)
    give_diamonds(st, 0, 4)
    assert scoring.leftover_units(st, 0) == 5
