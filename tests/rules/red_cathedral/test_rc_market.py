"""The market ("Ressourcen erhalten"): moving a die, the resource tile, the influence cards, workshop
activation, the reroll at the end; the seed's market and workshop-activation examples."""

import copy

import pytest

from games.rules.base import rng
from tests.rules.red_cathedral.rc_helpers import (
    CARDS,
    DICE,
    RES,
    SEAT,
    TILES,
    E,
    act,
    glory,
    moves,
    new,
    park_dice,
    pick,
    put_card,
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


def _market_example():
    """The seed's picture: the yellow die shows 3 and lands where the blue die lies, beside the
    "2 brick" tile; one area further lies the red die beside the wood tile; the merchants' card
    1 rules that quarter."""
    st = new(4, seed=21)
    set_dice(st, white=(6, 1), green=(7, 1), yellow=(0, 3), blue=(3, 5), red=(4, 2))
    put_tile(st, 3, "R-brick")
    put_tile(st, 4, "R-wood")
    put_card(st, 1, "merchants-1")
    set_player(st, Y, rubles=3)
    turn_to(st, Y)
    return st


def test_example_yellow_die_lands_by_the_blue_die_takes_up_to_4_brick():
    """Rules, "Markt": Yellow moves the yellow die (3 pips) into the blue die's area; the "2 brick"
    tile counts twice (two dice), so Yellow may take up to 4 bricks, and does."""
    st = _market_example()
    act(st, Y, "die", die="yellow", extra=0)
    assert st["market"]["dice"]["yellow"][0] == 3 and st["turn"]["area"] == 3
    per_die = RES["R-brick"]["gives"]["brick"]
    assert per_die == 2
    assert sorted(m["count"] for m in moves(st, Y, "take")) == [1, 2, 3, 4]
    act(st, Y, "take", count=4)
    assert st["pl"][Y]["inv"]["brick"] == 4 and st["pl"][Y]["rubles"] == 3


def test_example_one_ruble_more_would_have_landed_by_the_red_die_for_4_wood():
    """Rules: had Yellow paid 1 ruble for one more area, the die would have landed with the red
    die and he could have taken 4 wood instead."""
    st = _market_example()
    act(st, Y, "die", die="yellow", extra=1)
    assert st["market"]["dice"]["yellow"][0] == 4
    assert st["pl"][Y]["rubles"] == 2
    assert max(m["count"] for m in moves(st, Y, "take")) == 2 * RES["R-wood"]["gives"]["wood"] == 4
    act(st, Y, "take", count=4)
    assert st["pl"][Y]["inv"]["wood"] == 4


def test_example_then_the_merchants_exchange_2_bricks_for_1_green_gem():
    """Rules, continued: after the bricks, Yellow uses the merchants' upper action and exchanges
    2 of the bricks for 1 green gem."""
    st = _market_example()
    act(st, Y, "die", die="yellow", extra=0)
    act(st, Y, "take", count=4)
    act(st, Y, "influence", action=0, give="brick", get=["green"])
    assert st["pl"][Y]["inv"]["brick"] == 2 and st["pl"][Y]["inv"]["green"] == 1
    assert CARDS["merchants-1"]["actions"][0]["give"] == 2


def test_paid_steps_only_for_the_white_die_and_ones_own_colour():
    """ "Zieht er den weißen Würfel oder den Würfel der eigenen Farbe, darf der Spieler ... für jeden
    Rubel ... einen Bereich weiterziehen (unter Umständen also auch weiter als 6)"."""
    st = _market_example()
    set_player(st, Y, rubles=3)
    paid = {(m["die"], m["extra"]) for m in moves(st, Y, "die") if m["extra"]}
    assert {d for d, _ in paid} == {"white", "yellow"}
    assert {e for d, e in paid if d == "yellow"} == {1, 2, 3}
    for die in ("red", "blue", "green"):
        refused(st, Y, {"type": "die", "die": die, "extra": 1})
    # Seven areas on: 6 pips and a ruble.
    set_dice(st, white=(1, 6))
    act(st, Y, "die", die="white", extra=1)
    assert st["market"]["dice"]["white"][0] == (1 + 7) % 8
    assert st["pl"][Y]["rubles"] == 2


def test_extra_steps_cost_rubles_one_has():
    st = _market_example()
    set_player(st, Y, rubles=0)
    assert all(m["extra"] == 0 for m in moves(st, Y, "die"))
    refused(st, Y, {"type": "die", "die": "yellow", "extra": 1})


def test_wichtig_a_die_may_not_land_in_a_full_area():
    """ "Ein Würfel darf nur in einem Bereich landen, in dem noch mindestens ein Würfelfeld frei ist
    ... muss der Spieler einen anderen Würfel wählen. Beim weißen Würfel oder dem der eigenen
    Farbe dürfte er Rubel bezahlen und weiterziehen"."""
    st = new(4, seed=22)
    set_dice(st, white=(3, 1), red=(3, 1), blue=(3, 1), yellow=(0, 3), green=(1, 2))
    set_player(st, Y, rubles=2)
    turn_to(st, Y)
    assert not moves(st, Y, "die", die="yellow", extra=0)
    assert not moves(st, Y, "die", die="green", extra=0)
    refused(st, Y, {"type": "die", "die": "green", "extra": 0})
    # Yellow may pay past the full area; green (not his colour) may not.
    assert moves(st, Y, "die", die="yellow", extra=1)
    act(st, Y, "die", die="yellow", extra=1)
    assert st["market"]["dice"]["yellow"][0] == 4


def test_resources_are_the_tile_times_the_dice_with_the_moved_die_limited_by_supply():
    """The tile's resources times the dice in the area, the moved die included; a short supply
    gives less ("erhält der Spieler entsprechend weniger")."""
    st = new(4, seed=23)
    set_dice(st, white=(2, 1), red=(2, 4), yellow=(0, 2), blue=(5, 1), green=(6, 1))
    put_tile(st, 2, "R-brick")
    turn_to(st, Y)
    st["supply"]["brick"] = 5
    act(st, Y, "die", die="yellow", extra=0)
    per_die = RES["R-brick"]["gives"]["brick"]
    assert max(m["count"] for m in moves(st, Y, "take")) == min(3 * per_die, 5)


def test_wichtig_only_what_fits_in_the_inventory_no_room_made_by_discarding():
    """ "Er darf nur Material nehmen, für das er auch Platz hat": the inventory has 10 spaces, 4 of
    them under banners at first; no move puts material back to make room."""
    st = _market_example()
    set_player(st, Y, inv={"stone": 5})
    assert v(st, Y)["players"][Y]["free"] == 1
    act(st, Y, "die", die="yellow", extra=0)
    assert [m["count"] for m in moves(st, Y, "take")] == [1]
    refused(st, Y, {"type": "take", "count": 2})
    assert not any(m["type"] in ("discard", "drop") for m in E.legal_moves(st, Y))
    set_player(st, Y, inv={"stone": 6})
    assert moves(st, Y, "take") == []


def test_the_player_may_take_less():
    """ "(der Spieler darf auch weniger nehmen)"."""
    st = _market_example()
    act(st, Y, "die", die="yellow", extra=0)
    act(st, Y, "take", count=1)
    assert st["pl"][Y]["inv"]["brick"] == 1


def test_each_market_action_at_most_once_in_any_order():
    """The market actions come in any order, each at most once: the influence before the tile,
    then no second take."""
    st = _market_example()
    set_player(st, Y, inv={"stone": 2})
    act(st, Y, "die", die="yellow", extra=0)
    act(st, Y, "influence", action=0, give="stone", get=["gold"])
    assert moves(st, Y, "take")
    act(st, Y, "take", count=2)
    assert moves(st, Y, "take") == []
    refused(st, Y, {"type": "take", "count": 1})


def test_points_and_rubles_tiles_multiply_too():
    st = new(4, seed=24)
    set_dice(st, white=(2, 1), red=(2, 4), yellow=(0, 2), blue=(5, 1), green=(6, 1))
    put_tile(st, 2, "R-rubles")
    set_player(st, Y, rubles=0)
    turn_to(st, Y)
    act(st, Y, "die", die="yellow", extra=0)
    act(st, Y, "take", count=3 * RES["R-rubles"]["gives"]["rubles"])
    assert st["pl"][Y]["rubles"] == 3 * RES["R-rubles"]["gives"]["rubles"]
    st = new(4, seed=24)
    set_dice(st, white=(2, 1), red=(5, 4), yellow=(0, 2), blue=(5, 1), green=(6, 1))
    put_tile(st, 2, "R-rp")
    set_player(st, Y, space=12)
    turn_to(st, Y)
    act(st, Y, "die", die="yellow", extra=0)
    act(st, Y, "take", count=2 * RES["R-rp"]["gives"]["rp"])
    assert space(st, Y) == 12 + 2 * RES["R-rp"]["gives"]["rp"]


def test_hinweis_the_field_inside_an_area_does_not_matter():
    """Hinweis (Spielvorbereitung 6): it does not matter on which of an area's 3 fields a die lies;
    the state keeps only each die's area and pips."""
    st = new(3, seed=25)
    for die in DICE:
        area, pips = st["market"]["dice"][die]
        assert 0 <= area < 8 and 1 <= pips <= 6
        assert len(st["market"]["dice"][die]) == 2


# --- influence cards ------------------------------------------------------------------------------


def _prepare(st, p, card, index):
    """Give the player what the card's action ``index`` needs (twice, where it may repeat)."""
    a = CARDS[card]["actions"][index]
    act_ = a["act"]
    inv = {}
    if act_ == "sell":
        m = "wood" if a["materials"] == "any" else a["materials"][0]
        inv[m] = 2
    elif act_ == "exchange":
        inv["wood"] = 2 * a["give"]
    elif act_ == "trade":
        inv["wood"] = 2
    elif act_ == "offer":
        inv.update(wood=2, brick=2, stone=2)
    elif act_ == "activate":
        st["pl"][p]["ws"]["yellow"] = {"t": "T20", "up": True}
    elif act_ == "all_kinds":
        base, mid, dome = pick("base"), pick("middle"), pick("dome")
        set_towers(st, [[sec(base, owner=p, done=True), sec(mid, owner=p, done=True), sec(dome, owner=p, done=True)]])
    elif act_ in ("section_rubles", "section_points"):
        # The Master Builders draw on a section the player is building.
        others = tuple(s["id"] for t in st["towers"][1:] for s in t)
        base = pick("base", lambda r: r["rubles"] and r["rp"] >= 2, exclude=others)
        set_towers(st, [[sec(base, owner=p)], *st["towers"][1:]])
    elif CARDS[card]["group"] not in ("craftsmen", "teamsters", "merchants", "clergy"):
        # An expansion guild's action: some of every material, with room left for one more.
        inv.update(wood=1, brick=1, stone=1, gold=2, green=2, violet=2)
        if "permits" in st["pl"][p]:
            st["pl"][p]["permits"] = 4  # enough for every permit action twice, room for one more
        if act_ == "market_actions":
            st["pl"][p]["ws"]["yellow"] = {"t": "T20", "up": True}  # a second market action to repeat
        if any(x["act"] == "permit_material" for x in CARDS[card]["actions"]):
            inv["gold"] = 1  # room for two materials: the action may be repeated
    return inv


@pytest.mark.parametrize("card", sorted(CARDS))
@pytest.mark.parametrize("index", [0, 1])
def test_influence_one_of_the_two_actions_repeatable_ones_again_others_once(card, index):
    """ "darf der Spieler eine der zwei Aktionen auf der jeweiligen Einflusskarte ausführen ...
    Aktionen mit Blitz-Symbol ... nur einmal in seinem Zug ..., diejenigen mit Unendlich-Symbol
    dagegen so oft er möchte": whichever marks the data gives the card's actions."""
    st = new(4, seed=26, contractors=CARDS[card].get("contractors", False))
    set_player(st, Y, rubles=20, ruler=0)
    inv = {}
    for i in (0, 1):
        for m, n in _prepare(st, Y, card, i).items():
            inv[m] = max(inv.get(m, 0), n)
    set_player(st, Y, inv=inv)
    put_card(st, 0, card)
    park_dice(st, {"yellow": 6}, pips=2)
    turn_to(st, Y)
    act(st, Y, "die", die="yellow", extra=0)
    assert st["turn"]["area"] == 0
    assert moves(st, Y, "influence", action=0) and moves(st, Y, "influence", action=1)
    act(st, Y, "influence", action=index, first=True)
    assert moves(st, Y, "influence", action=1 - index) == []
    again = moves(st, Y, "influence", action=index)
    assert bool(again) == CARDS[card]["actions"][index]["repeat"]
    if not again:
        refused(st, Y, {"type": "influence", "action": index})


def test_clergy_all_kinds_needs_a_finished_section_of_every_kind():
    card = next(c for c, r in CARDS.items() if any(a["act"] == "all_kinds" for a in r["actions"]))
    index = next(i for i, a in enumerate(CARDS[card]["actions"]) if a["act"] == "all_kinds")
    st = new(4, seed=27)
    base, mid, dome = pick("base"), pick("middle"), pick("dome")
    set_towers(st, [[sec(base, owner=Y, done=True), sec(mid, owner=Y, done=True), sec(dome, owner=R, done=True)]])
    put_card(st, 0, card)
    park_dice(st, {"yellow": 6}, pips=2)
    turn_to(st, Y)
    act(st, Y, "die", die="yellow", extra=0)
    assert moves(st, Y, "influence", action=index) == []
    st["towers"][0][2]["owner"] = Y
    g = glory(st, Y)
    act(st, Y, "influence", action=index)
    assert glory(st, Y) == g + CARDS[card]["actions"][index]["glory"]


def test_influence_card_of_the_landing_quarter_only():
    """Each quarter (two areas) has its card; the die's landing area decides which card acts."""
    st = new(4, seed=28)
    put_card(st, 0, "merchants-1")
    put_card(st, 2, "craftsmen-1")
    set_player(st, Y, inv={"wood": 2})
    park_dice(st, {"yellow": 3}, pips=2)
    turn_to(st, Y)
    act(st, Y, "die", die="yellow", extra=0)
    assert st["turn"]["area"] == 5
    acts = {CARDS["craftsmen-1"]["actions"][m["action"]]["act"] for m in moves(st, Y, "influence")}
    assert acts <= {a["act"] for a in CARDS["craftsmen-1"]["actions"]}
    assert not any(m.get("give") for m in moves(st, Y, "influence"))


# --- workshop tiles on the market -----------------------------------------------------------------


def _rp_tile():
    return next(t for t, r in sorted(TILES.items()) if r.get("gain", {}).get("rp"))


def test_example_blue_die_activates_the_red_die_tile_yellow_die_the_points_tile():
    """Rules, "Ein Werkstattplättchen aktivieren": moving the blue die, the player also gets the
    resources of the area where the red die lies (2 wood); moving the yellow die he gets the
    point(s) of the tile on his yellow space."""
    st = new(4, seed=29)
    rp_tile = _rp_tile()
    st["pl"][Y]["ws"]["blue"] = {"t": "T-red", "up": True}
    st["pl"][Y]["ws"]["yellow"] = {"t": rp_tile, "up": True}
    set_dice(st, white=(6, 1), green=(6, 1), red=(4, 1), blue=(0, 2), yellow=(1, 6))
    put_tile(st, 4, "R-wood")
    set_player(st, Y, space=12)
    turn_to(st, Y)
    base = copy.deepcopy(st)
    act(st, Y, "die", die="blue", extra=0)
    assert [m["slot"] for m in moves(st, Y, "activate")] == ["blue"]
    act(st, Y, "activate", slot="blue")
    assert st["pl"][Y]["inv"]["wood"] == RES["R-wood"]["gives"]["wood"] == 2
    assert moves(st, Y, "activate") == []
    st = base
    act(st, Y, "die", die="yellow", extra=0)
    act(st, Y, "activate", slot="yellow")
    assert space(st, Y) == 12 + TILES[rp_tile]["gain"]["rp"]


def test_a_die_tile_pays_its_areas_resources_once_not_times_the_dice():
    """ "Diese Ressourcen erhält er nur einmal, egal, wie viele Würfel in dem Bereich liegen"."""
    st = new(4, seed=30)
    st["pl"][Y]["ws"]["blue"] = {"t": "T-red", "up": True}
    set_dice(st, white=(4, 1), green=(4, 1), red=(4, 1), blue=(0, 2), yellow=(6, 1))
    put_tile(st, 4, "R-wood")
    turn_to(st, Y)
    act(st, Y, "die", die="blue", extra=0)
    act(st, Y, "activate", slot="blue")
    assert st["pl"][Y]["inv"]["wood"] == RES["R-wood"]["gives"]["wood"]


def test_activation_by_the_moved_dies_colour_only_and_never_face_down():
    st = new(4, seed=31)
    st["pl"][Y]["ws"]["blue"] = {"t": "T20", "up": True}
    st["pl"][Y]["ws"]["red"] = {"t": "T21", "up": False}
    set_dice(st, white=(6, 1), green=(6, 1), red=(0, 2), blue=(1, 2), yellow=(7, 1))
    turn_to(st, Y)
    base = copy.deepcopy(st)
    act(st, Y, "die", die="red", extra=0)
    assert moves(st, Y, "activate") == []
    refused(st, Y, {"type": "activate", "slot": "red"})
    refused(st, Y, {"type": "activate", "slot": "blue"})
    st = base
    act(st, Y, "die", die="blue", extra=0)
    assert [m["slot"] for m in moves(st, Y, "activate")] == ["blue"]


def test_white_die_activates_one_of_the_two_white_tiles_not_both():
    """ "Zieht der Spieler den weißen Würfel ... und sind beide Felder belegt, darf er eines der
    beiden Werkstattplättchen seiner Wahl aktivieren (aber nicht beide)"."""
    st = new(4, seed=32)
    st["pl"][Y]["ws"]["white1"] = {"t": "T20", "up": True}
    st["pl"][Y]["ws"]["white2"] = {"t": "T21", "up": True}
    set_dice(st, white=(0, 2), green=(6, 1), red=(6, 1), blue=(7, 1), yellow=(7, 1))
    turn_to(st, Y)
    act(st, Y, "die", die="white", extra=0)
    assert sorted(m["slot"] for m in moves(st, Y, "activate")) == ["white1", "white2"]
    act(st, Y, "activate", slot="white2")
    assert moves(st, Y, "activate") == []
    refused(st, Y, {"type": "activate", "slot": "white1"})
    assert st["pl"][Y]["inv"] == {**dict.fromkeys(st["pl"][Y]["inv"], 0), **TILES["T21"]["gain"]}


def test_the_area_is_rerolled_after_the_market_actions_at_the_end_of_the_turn():
    """ "Schließlich würfelt er mit allen Würfeln in diesem Bereich": at the end of the turn, the
    dice of the landing area get new pips; the other dice keep theirs."""
    st = new(4, seed=33)
    set_dice(st, white=(2, 1), red=(2, 4), yellow=(0, 2), blue=(5, 1), green=(6, 1))
    turn_to(st, Y)
    act(st, Y, "die", die="yellow", extra=0)
    assert st["market"]["dice"]["yellow"] == [2, 2]
    probe = copy.deepcopy(st)
    r = rng(probe)
    expected = {d: r.randint(1, 6) for d in DICE if st["market"]["dice"][d][0] == 2}
    others = {d: list(st["market"]["dice"][d]) for d in DICE if st["market"]["dice"][d][0] != 2}
    act(st, Y, "end")
    assert {d: st["market"]["dice"][d][1] for d in expected} == expected
    assert {d: st["market"]["dice"][d] for d in others} == others
    assert st["turn"]["seat"] == R
