"""Claiming a section ("Einen Bauabschnitt beanspruchen"): banners, the claimable sections, the
workshop tile face up or face down, and the extended workshop side."""

import pytest

from tests.rules.red_cathedral.rc_helpers import (
    BOARD,
    RES,
    SEAT,
    TILES,
    E,
    act,
    moves,
    new,
    pick,
    put_tile,
    refused,
    sec,
    set_dice,
    set_player,
    set_towers,
    space,
    turn_to,
    v,
)

Y, R, B, G = SEAT["yellow"], SEAT["red"], SEAT["blue"], SEAT["green"]
EXTENDED_COST = 3


def _one_tower(st, tile, owner=None):
    base, dome = pick("base"), pick("dome")
    b2, d2 = pick("base", exclude=(base,)), pick("dome", exclude=(dome,))
    set_towers(st, [[sec(base, owner=owner, wt=tile), sec(dome, wt="T02")], [sec(b2, wt="T03"), sec(d2, wt="T04")]])
    return base


def test_example_white_die_tile_face_up_on_the_blue_space_pays_2_gets_the_white_dies_area():
    """Rules, example of claiming: Yellow claims a section with the "white die" tile, pays 2 rubles,
    puts it face up on his blue space and at once gets the resources of the area where the white
    die lies: 2 rubles there."""
    st = new(4, seed=41)
    base = _one_tower(st, "T-white")
    set_dice(st, white=(5, 3), yellow=(0, 1), red=(1, 1), blue=(2, 1), green=(3, 1))
    put_tile(st, 5, "R-rubles")
    set_player(st, Y, rubles=4)
    turn_to(st, Y)
    assert BOARD["opposite"]["basic_cost"] == 2  # the blue space on yellow's board
    act(st, Y, "claim", section=base, banner="ruler", slot="blue", up=True)
    assert st["pl"][Y]["ws"]["blue"] == {"t": "T-white", "up": True}
    assert st["pl"][Y]["rubles"] == 4 - 2 + RES["R-rubles"]["gives"]["rubles"] == 4
    assert st["towers"][0][0]["owner"] == Y and st["towers"][0][0]["wt"] is None


def test_face_down_is_free_and_never_activates():
    """Option A: the tile lies face down for nothing and can never be activated."""
    st = new(4, seed=42)
    base = _one_tower(st, "T-white")
    set_dice(st, white=(5, 3), yellow=(0, 1), red=(1, 1), blue=(2, 1), green=(3, 1))
    put_tile(st, 5, "R-rubles")
    set_player(st, Y, rubles=0)
    turn_to(st, Y)
    assert not moves(st, Y, "claim", slot="blue", up=True)
    act(st, Y, "claim", section=base, banner="ruler", slot="blue", up=False)
    assert st["pl"][Y]["rubles"] == 0 and st["pl"][Y]["ws"]["blue"] == {"t": "T-white", "up": False}
    act(st, Y, "end")
    turn_to(st, Y)  # Yellow's next turn
    set_dice(st, blue=(4, 1))
    act(st, Y, "die", die="blue", extra=0)
    assert moves(st, Y, "activate") == []


@pytest.mark.parametrize("slot", ["white1", "white2", "yellow", "red", "blue", "green"])
def test_face_up_pays_the_spaces_cost_and_gives_the_benefit_at_once(slot):
    """Option B: pay the rubles shown on the space; the benefit comes at once (step 4)."""
    st = new(4, seed=43)
    tile = "T20"
    base = _one_tower(st, tile)
    set_player(st, Y, rubles=10, space=12)
    turn_to(st, Y)
    relation = {"yellow": "own", "red": "next", "blue": "opposite", "green": "previous"}.get(slot, slot)
    cost = BOARD[relation]["basic_cost"]
    act(st, Y, "claim", section=base, banner="ruler", slot=slot, up=True)
    assert st["pl"][Y]["rubles"] == 10 - cost + TILES[tile]["gain"].get("rubles", 0)
    for m, n in TILES[tile]["gain"].items():
        if m not in ("rubles", "rp"):
            assert st["pl"][Y]["inv"][m] == n


def test_face_up_needs_the_rubles():
    st = new(4, seed=44)
    base = _one_tower(st, "T20")
    set_player(st, Y, rubles=1)
    turn_to(st, Y)
    ups = {m["slot"] for m in moves(st, Y, "claim", up=True)}
    assert ups == {
        s
        for s, rel in (
            ("white1", "white1"),
            ("white2", "white2"),
            ("yellow", "own"),
            ("red", "next"),
            ("blue", "opposite"),
            ("green", "previous"),
        )
        if BOARD[rel]["basic_cost"] <= 1
    }
    if BOARD["opposite"]["basic_cost"] > 1:
        refused(st, Y, {"type": "claim", "section": base, "banner": "ruler", "slot": "blue", "up": True})


def test_the_tile_goes_on_a_free_space_only():
    st = new(4, seed=45)
    base = _one_tower(st, "T20")
    st["pl"][Y]["ws"]["red"] = {"t": "T05", "up": False}
    turn_to(st, Y)
    assert not moves(st, Y, "claim", slot="red")
    refused(st, Y, {"type": "claim", "section": base, "banner": "ruler", "slot": "red", "up": False})


# --- claiming ------------------------------------------------------------------------------------


def test_banner_from_the_ruler_first_frees_an_inventory_space():
    """Step 1: the banner comes from the ruler row first, since that frees an inventory space;
    the two others only when the ruler is empty."""
    st = new(2, seed=46)
    turn_to(st, Y)
    assert {m["banner"] for m in moves(st, Y, "claim")} == {"ruler"}
    free = v(st, Y)["players"][Y]["free"]
    act(st, Y, "claim", first=True, banner="ruler", up=False)
    assert v(st, Y)["players"][Y]["free"] == free + 1
    set_player(st, Y, ruler=0)
    turn_to(st, Y)
    assert {m["banner"] for m in moves(st, Y, "claim")} == {"spare"}
    refused(
        st, Y, {"type": "claim", "section": st["towers"][1][0]["id"], "banner": "ruler", "slot": "white1", "up": False}
    )


def test_six_banners_then_no_more_claims():
    st = new(2, seed=47)
    claims = 0
    turn_to(st, Y)
    while moves(st, Y, "claim"):
        act(st, Y, "claim", first=True, up=False)
        claims += 1
        turn_to(st, Y)
    assert claims == 6
    assert v(st, Y)["players"][Y]["banners"] == 0


def test_only_the_lowest_unclaimed_section_of_each_tower_bases_at_first():
    """Step 2: of each tower only the lowest card without a banner is available; at first only
    the bases, later middle sections and domes (the section below need not be finished)."""
    st = new(3, seed=48)
    turn_to(st, Y)
    bases = [t[0]["id"] for t in st["towers"]]
    assert {m["section"] for m in moves(st, Y, "claim")} == set(bases)
    assert v(st, Y)["claimable"] == bases
    above = st["towers"][0][1]["id"]
    refused(st, Y, {"type": "claim", "section": above, "banner": "ruler", "slot": "white1", "up": False})
    act(st, Y, "claim", first=True, section=bases[0], up=False)
    turn_to(st, R)
    assert {m["section"] for m in moves(st, R, "claim")} == {above, *bases[1:]}
    top = st["towers"][0][-1]["id"]
    refused(st, R, {"type": "claim", "section": top, "banner": "ruler", "slot": "white1", "up": False})


def test_claiming_is_the_whole_basic_action():
    st = new(2, seed=49)
    turn_to(st, Y)
    act(st, Y, "claim", first=True, up=False)
    assert {m["type"] for m in E.legal_moves(st, Y)} <= {"end", "glory_rubles", "reroll"}
    refused(
        st, Y, {"type": "claim", "section": st["towers"][1][0]["id"], "banner": "ruler", "slot": "white2", "up": False}
    )


# --- the extended side ---------------------------------------------------------------------------


def test_extended_setup_ornaments_on_the_spaces_banners_on_the_white_spaces():
    """ "Legt die Verzierungen auf die entsprechenden Werkstatt-Felder, 4 Banner in den Bestand und
    2 Banner auf die weißen Werkstattfelder"; no ornament is available at first."""
    st = new(2, seed=50, side="extended")
    pl = st["pl"][Y]
    assert pl["ws"]["white1"] == pl["ws"]["white2"] == "banner"
    assert pl["ruler"] == 4 and v(st, Y)["players"][Y]["banners"] == 6
    assert pl["orn"] == {"door": 0, "arch": 0, "cross": 0}
    assert pl["locked"] == {"door": 1, "arch": 2, "cross": 1}


def test_example_extended_tile_on_the_green_space_for_3_rubles_frees_the_arch():
    """Rules, extended side example: Yellow claims with a banner from his inventory, pays 3 rubles,
    moves the arch from the green space onto its workshop field and puts the tile on the green
    space. Had he taken a banner from a white space, he could have put the tile there."""
    st = new(4, seed=51, side="extended")
    base = _one_tower(st, "T20")
    set_player(st, Y, rubles=5)
    turn_to(st, Y)
    assert BOARD["previous"]["extended_ornament"] == "arch"  # the green space on yellow's board
    with_ruler = {m["slot"] for m in moves(st, Y, "claim", banner="ruler")}
    assert "white1" not in with_ruler and "white2" not in with_ruler
    assert "white1" in {m["slot"] for m in moves(st, Y, "claim", banner="white1")}
    act(st, Y, "claim", section=base, banner="ruler", slot="green", up=True)
    pl = st["pl"][Y]
    assert pl["rubles"] == 5 - EXTENDED_COST + TILES["T20"]["gain"].get("rubles", 0)
    assert pl["orn"]["arch"] == 1 and pl["locked"]["arch"] == 1
    assert pl["ws"]["green"] == {"t": "T20", "up": True}


@pytest.mark.parametrize("slot", ["white1", "yellow", "red", "blue", "green"])
def test_extended_face_up_always_costs_3(slot):
    st = new(4, seed=52, side="extended")
    base = _one_tower(st, "T14")
    set_player(st, Y, rubles=3)
    turn_to(st, Y)
    banner = "white1" if slot == "white1" else "ruler"
    act(st, Y, "claim", section=base, banner=banner, slot=slot, up=True)
    assert st["pl"][Y]["rubles"] == 3 - EXTENDED_COST + TILES["T14"]["gain"]["rubles"]
    set_player(st, Y, rubles=2)
    turn_to(st, Y)
    assert not moves(st, Y, "claim", up=True)


def test_extended_face_down_on_a_coloured_space_loses_that_ornament():
    """ "Kann oder will der Spieler nicht zahlen, legt er das Plättchen verdeckt ab ... Werkstattfeld
    und Verzierung stehen ihm dann nicht mehr zur Verfügung"."""
    st = new(4, seed=53, side="extended")
    base = _one_tower(st, "T20")
    turn_to(st, Y)
    orn = BOARD["own"]["extended_ornament"]
    act(st, Y, "claim", section=base, banner="ruler", slot="yellow", up=False)
    pl = st["pl"][Y]
    assert pl["orn"][orn] == 0
    assert pl["locked"][orn] == {"door": 1, "arch": 2, "cross": 1}[orn] - 1
    assert pl["ws"]["yellow"] == {"t": "T20", "up": False}


def test_extended_white_space_holds_its_banner_until_that_banner_is_used():
    """ "Ein Werkstattplättchen kann nicht auf ein weißes Werkstattfeld gelegt werden, auf dem sich
    noch ein Banner befindet"; the white banners are used like the others, and a freed white
    space takes the tile (face up for 3, or face down without losing an ornament)."""
    st = new(4, seed=54, side="extended")
    base = _one_tower(st, "T20")
    set_player(st, Y, rubles=0)
    turn_to(st, Y)
    refused(st, Y, {"type": "claim", "section": base, "banner": "ruler", "slot": "white2", "up": False})
    assert {m["slot"] for m in moves(st, Y, "claim", banner="white2")} == {"white2", "yellow", "red", "blue", "green"}
    act(st, Y, "claim", section=base, banner="white2", slot="white2", up=False)
    pl = st["pl"][Y]
    assert pl["ws"]["white2"] == {"t": "T20", "up": False} and pl["ws"]["white1"] == "banner"
    assert pl["locked"] == {"door": 1, "arch": 2, "cross": 1} and pl["ruler"] == 4


def test_extended_unlocked_ornament_can_be_placed():
    st = new(4, seed=55, side="extended")
    base, dome = pick("base"), pick("dome")
    b2, d2 = pick("base", exclude=(base,)), pick("dome", exclude=(dome,))
    set_towers(st, [[sec(base, owner=R, done=True), sec(dome, wt="T20")], [sec(b2, wt="T03"), sec(d2, wt="T04")]])
    set_player(st, Y, rubles=3, inv={"wood": 1})
    turn_to(st, Y)
    assert moves(st, Y, "ornament") == []
    door_slot = next(
        c
        for c, rel in (("yellow", "own"), ("red", "next"), ("blue", "opposite"), ("green", "previous"))
        if BOARD[rel]["extended_ornament"] == "door"
    )
    act(st, Y, "claim", section=dome, banner="ruler", slot=door_slot, up=True)
    turn_to(st, Y)
    assert moves(st, Y, "ornament", section=base)
    act(st, Y, "ornament", section=base, gems=[])
    assert st["towers"][0][0]["orn"] == ["door", Y]
    assert space(st, Y) >= 0
