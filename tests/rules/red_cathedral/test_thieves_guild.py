"""The Thieves' guild (promo): smuggling, the forced swap, the bribe and the change of plan."""

from games.rules.red_cathedral import data, track
from tests.rules.red_cathedral.guild_helpers import action_index, at_card, game_with, guild_card
from tests.rules.red_cathedral.rc_helpers import (
    act,
    eagle,
    moves,
    pick,
    refused,
    sec,
    set_player,
    set_towers,
    space,
)

SMUGGLE = "thieves-1"
SWAP = "thieves-1"
BRIBE = "thieves-2"
PLAN = "thieves-2"
RES = {r["id"]: r["gives"] for r in data.figures()["resource_tiles"]}


def thieves(players=3, seed=5, **options):
    return game_with("thieves", players, seed, **options)


def test_the_three_cards_show_all_four_actions():
    acts = {a["act"] for n in (1, 2, 3) for a in guild_card("thieves", n)["actions"]}
    assert acts == {"smuggle", "forced_swap", "bribe", "change_plan"}


def _material_area(st, material):
    """The area whose resource tile shows ``material``."""
    return next(a for a, t in enumerate(st["market"]["res"]) if material in RES[t])


def test_smuggling_pays_1_ruble_for_1_resource_from_an_area_that_holds_a_die():
    st = thieves()
    area = _material_area(st, "wood")
    st["market"]["dice"]["green"][0] = area
    set_player(st, 0, inv={}, rubles=2)
    at_card(st, 0, SMUGGLE, quarter=(area // 2 + 1) % 4)
    act(st, 0, "influence", action=action_index(SMUGGLE, "smuggle"), area=area)
    assert st["pl"][0]["rubles"] == 1 and st["pl"][0]["inv"]["wood"] == 1


def test_smuggling_is_refused_for_an_area_without_a_die():
    st = thieves()
    area = _material_area(st, "stone")
    for die, (at, _pips) in st["market"]["dice"].items():
        if at == area:
            st["market"]["dice"][die][0] = (area + 4) % 8
    set_player(st, 0, rubles=2)
    at_card(st, 0, SMUGGLE, quarter=(area // 2 + 1) % 4)
    i = action_index(SMUGGLE, "smuggle")
    assert area not in {m["area"] for m in moves(st, 0, "influence", action=i)}
    reason = refused(st, 0, {"type": "influence", "action": i, "area": area})
    assert reason == f"No die lies in area {area + 1}: smuggle from an area that holds a die."


def test_smuggling_needs_1_ruble():
    st = thieves()
    set_player(st, 0, rubles=0)
    at_card(st, 0, SMUGGLE)
    assert not moves(st, 0, "influence", action=action_index(SMUGGLE, "smuggle"))


def test_forced_swap_exchanges_1_of_your_materials_with_1_from_an_opponents_inventory():
    st = thieves()
    set_player(st, 0, inv={"wood": 1})
    set_player(st, 2, inv={"gold": 1})
    at_card(st, 0, SWAP)
    act(st, 0, "influence", action=action_index(SWAP, "forced_swap"), target=2, give="wood", get="gold")
    assert st["pl"][0]["inv"]["gold"] == 1 and st["pl"][0]["inv"]["wood"] == 0
    assert st["pl"][2]["inv"]["wood"] == 1 and st["pl"][2]["inv"]["gold"] == 0


def test_the_opponent_cannot_prevent_the_swap():
    st = thieves()
    set_player(st, 0, inv={"wood": 1})
    set_player(st, 1, inv={"gold": 1})
    at_card(st, 0, SWAP)
    act(st, 0, "influence", action=action_index(SWAP, "forced_swap"), target=1, give="wood", get="gold")
    assert st["turn"]["seat"] == 0, "no decision of the opponent's comes in between"


def test_forced_swap_needs_materials_on_both_sides():
    st = thieves()
    set_player(st, 0, inv={"wood": 1})
    set_player(st, 1, inv={})
    set_player(st, 2, inv={})
    at_card(st, 0, SWAP)
    i = action_index(SWAP, "forced_swap")
    assert not moves(st, 0, "influence", action=i)
    refused(st, 0, {"type": "influence", "action": i, "target": 1, "give": "wood", "get": "gold"})


def test_forced_swap_takes_diamonds_as_building_material_where_they_are_played():
    """Zwangstausch: "1 Baumaterial gegen 1 Baumaterial"; diamonds are stored "genauso ... wie alles
    andere Baumaterial" (the special workshop tiles bring them into a game of the Thieves)."""
    st = thieves(special_tiles=True)
    while st["draft"]:  # the special tiles are drafted first, from the last player to the first
        act(st, st["draft"]["order"][0], "draft", tile=st["draft"]["left"][0])
    set_player(st, 0, inv={"wood": 1, "diamond": 0})
    set_player(st, 1, inv={"diamond": 1})
    set_player(st, 2, inv={"diamond": 0})
    at_card(st, 0, SWAP)
    i = action_index(SWAP, "forced_swap")
    assert {(m["target"], m["give"], m["get"]) for m in moves(st, 0, "influence", action=i)} == {(1, "wood", "diamond")}
    act(st, 0, "influence", action=i, target=1, give="wood", get="diamond")
    assert st["pl"][0]["inv"]["diamond"] == 1 and st["pl"][0]["inv"]["wood"] == 0
    assert st["pl"][1]["inv"]["wood"] == 1 and st["pl"][1]["inv"]["diamond"] == 0


def test_without_diamonds_in_the_game_the_swap_offers_none():
    st = thieves()
    assert "diamond" not in st["supply"]
    set_player(st, 0, inv={"wood": 1})
    set_player(st, 1, inv={"gold": 1})
    at_card(st, 0, SWAP)
    offered = {m["get"] for m in moves(st, 0, "influence", action=action_index(SWAP, "forced_swap"))}
    assert offered == {"gold"}


def test_bribe_moves_both_markers_one_glory_space():
    st = thieves()
    set_player(st, 0, rubles=5, space=eagle(3))
    set_player(st, 1, rubles=0, space=eagle(5) + 1)
    at_card(st, 0, BRIBE)
    act(st, 0, "influence", action=action_index(BRIBE, "bribe"), target=1)
    assert st["pl"][0]["rubles"] == 2 and st["pl"][1]["rubles"] == 3
    assert space(st, 0) == eagle(4)
    assert space(st, 1) == eagle(5), "back to the previous glory space"


def test_bribe_needs_3_rubles():
    st = thieves()
    set_player(st, 0, rubles=2)
    at_card(st, 0, BRIBE)
    i = action_index(BRIBE, "bribe")
    assert not moves(st, 0, "influence", action=i)
    assert refused(st, 0, {"type": "influence", "action": i, "target": 1}) == "You need 3 rubles to bribe an opponent."


def test_a_bribed_player_without_a_glory_space_behind_stays():
    st = thieves()
    set_player(st, 0, rubles=3)
    set_player(st, 1, space=0)
    at_card(st, 0, BRIBE)
    before = track.glory(space(st, 0))
    act(st, 0, "influence", action=action_index(BRIBE, "bribe"), target=1)
    assert space(st, 1) == 0 and track.glory(space(st, 0)) == before + 1


def _workshop_tile(i=0):
    return [r["id"] for r in data.load_raw("workshop_tiles")["records"] if "gain" in r][i]


def test_change_of_plan_swaps_a_face_up_workshop_tile_with_one_still_on_a_section():
    st = thieves()
    base = pick("base")
    mine, theirs = _workshop_tile(0), _workshop_tile(1)
    set_towers(st, [[sec(base, wt=theirs)]])
    st["pl"][0]["ws"]["red"] = {"t": mine, "up": True}
    at_card(st, 0, PLAN)
    inv, rubles, at = dict(st["pl"][0]["inv"]), st["pl"][0]["rubles"], space(st, 0)
    act(st, 0, "influence", action=action_index(PLAN, "change_plan"), slot="red", section=base)
    assert st["pl"][0]["ws"]["red"] == {"t": theirs, "up": True}
    assert st["towers"][0][0]["wt"] == mine
    assert (st["pl"][0]["inv"], st["pl"][0]["rubles"], space(st, 0)) == (inv, rubles, at), "no benefit at once"


def test_change_of_plan_takes_only_a_face_up_tile_and_a_section_that_still_holds_one():
    st = thieves()
    a, b = pick("base", n=2)
    set_towers(st, [[sec(a, wt=_workshop_tile(1))], [sec(b)]])
    st["pl"][0]["ws"]["red"] = {"t": _workshop_tile(0), "up": False}
    st["pl"][0]["ws"]["blue"] = {"t": _workshop_tile(2), "up": True}
    at_card(st, 0, PLAN)
    i = action_index(PLAN, "change_plan")
    assert [(m["slot"], m["section"]) for m in moves(st, 0, "influence", action=i)] == [("blue", a)]
    refused(st, 0, {"type": "influence", "action": i, "slot": "red", "section": a})
    refused(st, 0, {"type": "influence", "action": i, "slot": "blue", "section": b})


def test_change_of_plan_leaves_a_face_up_special_workshop_tile_where_it_is():
    st = thieves(special_tiles=True)
    while st["draft"]:
        act(st, st["draft"]["order"][0], "draft", tile=st["draft"]["left"][0])
    a = pick("base")
    set_towers(st, [[sec(a, wt=_workshop_tile(1))]])
    st["pl"][0]["ws"]["red"] = {"t": "S-diamond", "up": True}
    st["pl"][0]["ws"]["blue"] = {"t": _workshop_tile(2), "up": True}
    at_card(st, 0, PLAN)
    i = action_index(PLAN, "change_plan")
    assert [(m["slot"], m["section"]) for m in moves(st, 0, "influence", action=i)] == [("blue", a)]
    reason = refused(st, 0, {"type": "influence", "action": i, "slot": "red", "section": a})
    assert "special workshop tile stays" in str(reason)


def test_each_thieves_action_once_per_visit_of_its_quarter():
    st = thieves()
    area = _material_area(st, "wood")
    st["market"]["dice"]["green"][0] = area
    set_player(st, 0, inv={}, rubles=5)
    at_card(st, 0, SMUGGLE, quarter=(area // 2 + 1) % 4)
    i = action_index(SMUGGLE, "smuggle")
    act(st, 0, "influence", action=i, area=area)
    assert not moves(st, 0, "influence")


def test_the_bot_bribes_the_opponent_who_leads():
    from games.rules.red_cathedral.bot import Seat, move_worth

    st = thieves()
    set_player(st, 0, rubles=6, space=eagle(4))
    set_player(st, 1, space=eagle(4) + 1)
    set_player(st, 2, space=eagle(9) + 1)
    at_card(st, 0, BRIBE)
    bribes = moves(st, 0, "influence", action=action_index(BRIBE, "bribe"))
    best = max(bribes, key=lambda m: move_worth(Seat(st, 0), m))
    assert best["target"] == 2
