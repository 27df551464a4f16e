"""Building and decorating ("Bauen und/oder Verzieren"): up to 3 units per action, completion,
ornaments with gems, and the seed's three ornament examples."""

import pytest

from tests.rules.red_cathedral.rc_helpers import (
    GAME,
    SEAT,
    SECTIONS,
    E,
    act,
    all_but,
    glory,
    moves,
    new,
    pick,
    refused,
    sec,
    set_player,
    set_towers,
    space,
    turn_to,
)

Y, R, B, G = SEAT["yellow"], SEAT["red"], SEAT["blue"], SEAT["green"]
ORN = GAME["ornaments"]


def _game(players=4, seed=11):
    st = new(players, seed=seed)
    for p in range(players):
        set_player(st, p, space=12)
    return st


def _row(st, sid):
    return next(s for t in st["towers"] for s in t if s["id"] == sid)


# --- the ornament examples ------------------------------------------------------------------------


def test_example_cross_with_gold_and_both_gems_gives_3_glory():
    """Rules, "Verzieren": Yellow delivers his maximum of 3 units to decorate a dome: a cross
    (1 gold) and 2 gems of different colours, for 3 glory at once."""
    st = _game()
    dome = pick("dome")
    set_towers(st, [[sec(pick("base"), owner=R, done=True), sec(dome, owner=R, done=True)]])
    set_player(st, Y, inv={ORN["cross"]["material"]: 1, "green": 1, "violet": 1})
    turn_to(st, Y)
    g, supply = glory(st, Y), dict(st["supply"])
    act(st, Y, "ornament", section=dome, gems=["green", "violet"])
    assert glory(st, Y) == g + ORN["pair_glory"] == g + 3
    assert _row(st, dome)["orn"] == ["cross", Y]
    assert st["pl"][Y]["inv"] == dict.fromkeys(st["pl"][Y]["inv"], 0)
    assert st["supply"]["gold"] == supply["gold"] + 1 and st["supply"]["green"] == supply["green"] + 1
    assert st["pl"][Y]["orn"]["cross"] == 0 and st["pl"][Y]["placed"] == 1
    # The 3 units are used up: only the end of the turn (and the optional actions) remain.
    assert {m["type"] for m in E.legal_moves(st, Y)} <= {"end", "glory_rubles", "reroll"}


def test_example_cross_without_gems_and_door_with_one_gem_gives_1_glory():
    """Rules: Yellow uses his 3 units on a cross (1 gold, no glory) and a door (1 wood) with 1 gem,
    for 1 glory."""
    st = _game()
    base, dome = pick("base"), pick("dome")
    set_towers(st, [[sec(base, owner=G, done=True), sec(dome, owner=B, done=True)]])
    set_player(st, Y, inv={"gold": 1, "wood": 1, "violet": 1})
    turn_to(st, Y)
    g = glory(st, Y)
    act(st, Y, "ornament", section=dome, gems=[])
    assert glory(st, Y) == g
    act(st, Y, "ornament", section=base, gems=["violet"])
    assert glory(st, Y) == g + 1
    assert _row(st, base)["orn"] == ["door", Y] and _row(st, dome)["orn"] == ["cross", Y]
    assert st["turn"]["budget"] == 0 and st["pl"][Y]["placed"] == 2


def test_example_deliver_gold_complete_middle_then_arch_with_one_gem():
    """Rules: Yellow delivers the missing gold (1st unit), completes a middle section and gets its
    construction points and rubles (4 and 2 on the seed's card; here the card's own figures);
    Green, below, loses 1; then Yellow decorates the new section with an arch (2nd unit) and
    1 gem (3rd unit) for 1 more glory.

    The seed's picture says the arch costs wood ("2. Einheit: Holz"), but the rule line says an
    arch costs stone ("Tür = Holz; Bogen = Stein; Kreuz = Gold"); the rule line is followed, and
    an arch cannot be paid with wood."""
    st = _game()
    base = pick("base")
    mid = pick("middle", lambda r: "gold" in r["cost"])
    dome = pick("dome")
    set_towers(st, [[sec(base, owner=G), sec(mid, owner=Y, mat=all_but(mid, "gold")), sec(dome)]])
    set_player(st, Y, inv={"gold": 1, "wood": 1, "green": 1}, rubles=3)
    turn_to(st, Y)
    yellow, green, rubles = space(st, Y), space(st, G), st["pl"][Y]["rubles"]
    act(st, Y, "deliver", section=mid, material="gold")
    card = SECTIONS[mid]
    assert _row(st, mid)["done"] and _row(st, mid)["mat"] == {}
    assert space(st, Y) == yellow + card["rp"]
    assert st["pl"][Y]["rubles"] == rubles + card["rubles"]
    assert space(st, G) == green - 1
    # Wood does not pay for an arch: no ornament move for the new section.
    assert moves(st, Y, "ornament") == []
    set_player(st, Y, inv={"stone": 1, "wood": 1, "green": 1})
    g = glory(st, Y)
    act(st, Y, "ornament", section=mid, gems=["green"])
    assert glory(st, Y) == g + 1
    assert _row(st, mid)["orn"] == ["arch", Y]
    assert st["turn"]["budget"] == 0


# --- ornament rules -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "gems, gained",
    [
        ([], 0),
        (["green"], 1),
        (["violet"], 1),
        (["green", "green"], 2),
        (["violet", "violet"], 2),
        (["green", "violet"], 3),
    ],
)
def test_gems_give_1_glory_each_or_3_for_green_and_violet(gems, gained):
    """ "1 [Ruhmespunkt] pro Edelstein, oder insgesamt 3, wenn er 2 Edelsteine beider Farben einsetzt"."""
    st = _game()
    base = pick("base")
    set_towers(st, [[sec(base, owner=Y, done=True), sec(pick("dome"))]])
    inv = {"wood": 1}
    for gem in gems:
        inv[gem] = inv.get(gem, 0) + 1
    set_player(st, Y, inv=inv)
    turn_to(st, Y)
    g = glory(st, Y)
    act(st, Y, "ornament", section=base, gems=gems)
    assert glory(st, Y) == g + gained


def test_ornament_goes_on_any_players_finished_section_once():
    """Any player may decorate any finished section, whoever completed it; each section has room
    for one ornament; unfinished sections take none."""
    st = _game()
    base, mid, dome = pick("base"), pick("middle"), pick("dome")
    set_towers(st, [[sec(base, owner=R, done=True), sec(mid, owner=R, done=True, orn=B), sec(dome, owner=G)]])
    set_player(st, Y, inv={"wood": 1, "stone": 1, "gold": 1})
    turn_to(st, Y)
    assert {m["section"] for m in moves(st, Y, "ornament")} == {base}
    refused(st, Y, {"type": "ornament", "section": mid, "gems": []})
    refused(st, Y, {"type": "ornament", "section": dome, "gems": []})
    act(st, Y, "ornament", section=base, gems=[])
    assert _row(st, base)["orn"] == ["door", Y]


def test_four_ornaments_per_player_at_most():
    """ "Jeder Spieler kann im gesamten Spiel bis zu vier Verzierungen anbringen": 1 door, 2 arches,
    1 cross; once placed they are gone."""
    st = _game()
    assert st["pl"][Y]["orn"] == {"door": 1, "arch": 2, "cross": 1}
    bases = pick("base", n=2)
    mids = pick("middle", n=3)
    domes = pick("dome", n=2)
    set_towers(
        st,
        [
            [
                sec(bases[0], owner=R, done=True),
                sec(mids[0], owner=R, done=True),
                sec(mids[1], owner=R, done=True),
                sec(domes[0], owner=R, done=True),
            ],
            [sec(bases[1], owner=R, done=True), sec(mids[2], owner=R, done=True), sec(domes[1], owner=R, done=True)],
        ],
    )
    set_player(st, Y, inv={"wood": 2, "stone": 3, "gold": 2})
    turn_to(st, Y)
    act(st, Y, "ornament", section=bases[0], gems=[])
    act(st, Y, "ornament", section=mids[0], gems=[])
    act(st, Y, "ornament", section=domes[0], gems=[])
    turn_to(st, Y)
    act(st, Y, "ornament", section=mids[1], gems=[])
    assert st["pl"][Y]["placed"] == 4 and st["pl"][Y]["orn"] == {"door": 0, "arch": 0, "cross": 0}
    turn_to(st, Y)
    assert moves(st, Y, "ornament") == []
    for sid in (bases[1], mids[2], domes[1]):
        refused(st, Y, {"type": "ornament", "section": sid, "gems": []})


def test_ornament_material_comes_within_the_3_units_of_the_action():
    """Every unit of an ornament (its material and each gem) counts among the 3 units, and all of
    it comes in the same action: with 2 units left, a cross takes at most 1 gem."""
    st = _game()
    mid_own = pick("middle")
    need = next(iter(SECTIONS[mid_own]["cost"]))
    dome = pick("dome")
    b1, b2 = pick("base", n=2)
    set_towers(
        st,
        [
            [sec(b1, owner=R, done=True), sec(dome, owner=R, done=True)],
            [sec(b2, owner=Y, done=True), sec(mid_own, owner=Y, mat=all_but(mid_own, need))],
        ],
    )
    inv = {"gold": 1, "green": 1, "violet": 1}
    inv[need] = inv.get(need, 0) + 1
    set_player(st, Y, inv=inv)
    turn_to(st, Y)
    assert moves(st, Y, "ornament", section=dome, gems=["green", "violet"])
    act(st, Y, "deliver", section=mid_own, material=need)
    assert st["turn"]["budget"] == 2
    assert not moves(st, Y, "ornament", section=dome, gems=["green", "violet"])
    refused(st, Y, {"type": "ornament", "section": dome, "gems": ["green", "violet"]})
    act(st, Y, "ornament", section=dome, gems=["green"])
    assert st["turn"]["budget"] == 0


# --- building -------------------------------------------------------------------------------------


def test_build_delivers_up_to_3_units_to_own_claimed_sections_and_material_stays():
    """Up to 3 units onto one or more of one's own sections; unfinished sections keep the material."""
    st = _game(2)
    a, b = pick("base", lambda r: sum(r["cost"].values()) == 4, n=2)
    other = pick("base", exclude=(a, b))
    d1, d2, d3 = pick("dome", n=3)
    set_towers(st, [[sec(a, owner=Y), sec(d1)], [sec(b, owner=Y), sec(d2)], [sec(other, owner=R), sec(d3)]])
    inv = {}
    for sid in (a, b):
        for m in SECTIONS[sid]["cost"]:
            inv[m] = inv.get(m, 0) + 1
    set_player(st, Y, inv=inv)
    turn_to(st, Y)
    assert all(m["section"] in (a, b) for m in moves(st, Y, "deliver"))
    m1 = next(iter(SECTIONS[a]["cost"]))
    m2 = next(iter(SECTIONS[b]["cost"]))
    act(st, Y, "deliver", section=a, material=m1)
    act(st, Y, "deliver", section=b, material=m2)
    act(st, Y, "deliver", first=True)
    assert st["turn"]["budget"] == 0 and moves(st, Y, "deliver") == []
    msg = refused(st, Y, {"type": "deliver", "section": a, "material": m1})
    assert "3 units" in msg
    act(st, Y, "end")
    assert sum(_row(st, a)["mat"].values()) + sum(_row(st, b)["mat"].values()) == 3
    assert not _row(st, a)["done"] and not _row(st, b)["done"]


def test_completion_returns_material_and_pays_points_and_rubles_banner_stays():
    """Completing: the material goes back to the supply, the player gets the card's points and
    rubles, the card turns over, and the banner stays on it."""
    st = _game(2)
    base = pick("base")
    missing = next(iter(SECTIONS[base]["cost"]))
    set_towers(st, [[sec(base, owner=Y, mat=all_but(base, missing)), sec(pick("dome"))]])
    set_player(st, Y, inv={missing: 1}, rubles=0)
    turn_to(st, Y)
    supply = dict(st["supply"])
    before = space(st, Y)
    act(st, Y, "deliver", section=base, material=missing)
    row = _row(st, base)
    assert row["done"] and row["owner"] == Y and row["mat"] == {}
    for m, n in SECTIONS[base]["cost"].items():
        assert st["supply"][m] == supply[m] + n  # the whole cost, the last unit included
    assert space(st, Y) == before + SECTIONS[base]["rp"]
    assert st["pl"][Y]["rubles"] == SECTIONS[base]["rubles"]
    assert st["pl"][Y]["done"] == 1


def test_materials_not_needed_cannot_be_delivered():
    st = _game(2)
    base = pick("base")
    spare = next(m for m in ("wood", "brick", "stone", "gold", "green", "violet") if m not in SECTIONS[base]["cost"])
    set_towers(st, [[sec(base, owner=Y), sec(pick("dome"))]])
    set_player(st, Y, inv={spare: 1})
    turn_to(st, Y)
    refused(st, Y, {"type": "deliver", "section": base, "material": spare})
