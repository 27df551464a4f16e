"""The Brickmakers' guild (Ziegelhersteller) and its reinforcement tiles, rule by rule of the rules text."""

import pytest

from games.rules.red_cathedral import data
from games.rules.red_cathedral.reinforcement import TILES
from tests.rules.red_cathedral.guild_helpers import action_index, at_card, game_with
from tests.rules.red_cathedral.rc_helpers import (
    E,
    act,
    docs,
    glory,
    moves,
    pick,
    refused,
    sec,
    set_player,
    set_towers,
    space,
    turn_to,
    v,
)

DOC = data.load_raw("reinforcement_tiles")
BY_EFFECT = {}
for _r in DOC["records"]:
    BY_EFFECT.setdefault(_r["effect"], []).append(_r["id"])


def tile(effect, index=0):
    return BY_EFFECT[effect][index]


def brick_game(players=2, seed=3, **options):
    return game_with("brickmakers", players, seed, **options)


def holding(st, seat, *tiles, **fields):
    st["pl"][seat]["reinf"] = list(tiles)
    turn_to(st, seat, **fields)


def use(st, seat, tile_id, **fields):
    return act(st, seat, "reinforce", tile=tile_id, **fields)


# --- set-up and the guild's actions --------------------------------------------------------------


def test_all_reinforcement_tiles_lie_face_up_beside_the_board_at_the_start():
    st = brick_game()
    base = [r["id"] for r in DOC["records"] if not r.get("contractors")]
    assert v(st)["reinforcements"]["available"] == base
    module = brick_game(contractors=True)
    assert v(module)["reinforcements"]["available"] == [r["id"] for r in DOC["records"]]


def test_other_fourth_groups_set_out_no_reinforcement_tiles():
    st = game_with("clergy")
    assert "reinforcements" not in v(st)
    assert not moves(st, 0, "reinforce")


def test_pay_2_bricks_to_take_1_available_reinforcement_tile():
    st = brick_game()
    set_player(st, 0, inv={"brick": 3})
    at_card(st, 0, "brickmakers-1")
    i = action_index("brickmakers-1", "brick_tile")
    act(st, 0, "influence", action=i, pick=tile("claim"))
    assert st["pl"][0]["inv"]["brick"] == 1
    assert st["pl"][0]["reinf"] == [tile("claim")]
    assert tile("claim") not in v(st)["reinforcements"]["available"]


def test_taking_a_tile_needs_2_bricks():
    st = brick_game()
    set_player(st, 0, inv={"brick": 1})
    at_card(st, 0, "brickmakers-1")
    i = action_index("brickmakers-1", "brick_tile")
    assert not moves(st, 0, "influence", action=i)
    reason = refused(st, 0, {"type": "influence", "action": i, "pick": tile("claim")})
    assert reason == "You need 2 bricks to take a reinforcement tile."


def test_when_no_tile_is_left_the_tile_action_is_not_possible():
    st = brick_game()
    set_player(st, 0, inv={"brick": 4})
    st["reinf_box"] = [r["id"] for r in DOC["records"]]
    at_card(st, 0, "brickmakers-3")
    i = action_index("brickmakers-3", "brick_tile")
    assert not moves(st, 0, "influence", action=i)
    reason = refused(st, 0, {"type": "influence", "action": i, "pick": tile("claim")})
    assert reason == "No reinforcement tile is left beside the board."


def test_pay_1_brick_to_deliver_1_material():
    st = brick_game()
    base = pick("base", lambda r: r["cost"].get("wood", 0) >= 1)
    set_towers(st, [[sec(base, owner=0)]])
    set_player(st, 0, inv={"brick": 1, "wood": 1})
    at_card(st, 0, "brickmakers-2")
    assert not moves(st, 0, "deliver")
    act(st, 0, "influence", action=action_index("brickmakers-2", "brick_deliver"))
    assert st["pl"][0]["inv"]["brick"] == 0 and st["turn"]["budget"] == 1
    act(st, 0, "deliver", section=base, material="wood")
    assert st["towers"][0][0]["mat"]["wood"] == 1
    assert not moves(st, 0, "deliver")


def test_exchange_1_brick_for_2_rubles():
    st = brick_game()
    set_player(st, 0, inv={"brick": 2}, rubles=0)
    at_card(st, 0, "brickmakers-1")
    i = action_index("brickmakers-1", "brick_rubles")
    act(st, 0, "influence", action=i)
    act(st, 0, "influence", action=i)  # repeatable on this card
    assert st["pl"][0]["rubles"] == 4 and st["pl"][0]["inv"]["brick"] == 0


def test_exchange_1_brick_for_1_construction_point():
    st = brick_game()
    set_player(st, 0, inv={"brick": 1})
    before = space(st, 0)
    at_card(st, 0, "brickmakers-2")
    act(st, 0, "influence", action=action_index("brickmakers-2", "brick_rp"))
    assert space(st, 0) == before + 1 and st["pl"][0]["inv"]["brick"] == 0


# --- using tiles ------------------------------------------------------------------------------------------


def test_a_held_tile_may_be_used_at_any_time_during_your_turn():
    for fields in ({}, {"stage": "market", "area": 0, "die": "white"}, {"stage": "after"}, {"stage": "build"}):
        st = brick_game()
        holding(st, 0, tile("gain"), **fields)
        rubles = st["pl"][0]["rubles"]
        use(st, 0, tile("gain"))
        assert st["pl"][0]["rubles"] == rubles + TILES[tile("gain")]["gives"]["rubles"]


def test_only_one_reinforcement_tile_per_turn():
    st = brick_game()
    holding(st, 0, tile("gain"), tile("gain", 1))
    use(st, 0, tile("gain"))
    assert not moves(st, 0, "reinforce")
    reason = refused(st, 0, {"type": "reinforce", "tile": tile("gain", 1)})
    assert reason == "You may use only one reinforcement tile per turn."
    turn_to(st, 0)
    use(st, 0, tile("gain", 1))


def test_tiles_are_used_only_in_your_own_turn():
    st = brick_game()
    st["pl"][1]["reinf"] = [tile("gain")]
    turn_to(st, 0)
    assert refused(st, 1, {"type": "reinforce", "tile": tile("gain")}) == "It is not your turn."


def test_a_used_tile_goes_back_to_the_box():
    st = brick_game()
    holding(st, 0, tile("gain"))
    use(st, 0, tile("gain"))
    assert st["pl"][0]["reinf"] == []
    assert tile("gain") not in v(st)["reinforcements"]["available"]
    assert tile("gain") in v(st)["reinforcements"]["box"]


def test_a_tile_one_does_not_hold_is_refused():
    st = brick_game()
    holding(st, 0)
    assert (
        refused(st, 0, {"type": "reinforce", "tile": tile("gain")})
        == f"You do not hold reinforcement tile {tile('gain')}."
    )


# --- the named tiles ----------------------------------------------------------------------------------------


def test_tile_gain_5_rubles():
    st = brick_game()
    five = next(r["id"] for r in DOC["records"] if r.get("gives") == {"rubles": 5})
    holding(st, 0, five)
    set_player(st, 0, rubles=1)
    use(st, 0, five)
    assert st["pl"][0]["rubles"] == 6


def test_tile_gain_3_construction_points():
    st = brick_game()
    three = next(r["id"] for r in DOC["records"] if r.get("gives") == {"rp": 3} and r["effect"] == "gain")
    holding(st, 0, three)
    before = space(st, 0)
    use(st, 0, three)
    assert space(st, 0) == before + 3


def test_tile_one_action_of_any_of_the_four_groups():
    st = brick_game()
    holding(st, 0, tile("group_action"))
    set_player(st, 0, inv={"wood": 2, "brick": 2, "stone": 2, "gold": 1}, rubles=10)
    assert {m["card"] for m in moves(st, 0, "reinforce")} == set(st["influence"])
    craftsmen = next(c for c in st["influence"] if c.startswith("craftsmen"))
    set_player(st, 0, inv={"wood": 1}, rubles=0)
    sell = moves(st, 0, "reinforce", card=craftsmen, material="wood")
    if not sell:
        pytest.skip("the craftsmen's card in this game sells no wood")
    act(st, 0, "reinforce", **sell[0])
    assert st["pl"][0]["inv"]["wood"] == 0 and st["pl"][0]["rubles"] > 0
    assert st["turn"]["stage"] == "main" and st["turn"]["inf"] is None


def _face_up(st, seat, slot, workshop_tile):
    st["pl"][seat]["ws"][slot] = {"t": workshop_tile, "up": True}


def _rubles_tile():
    for r in data.load_raw("workshop_tiles")["records"]:
        if list(r.get("gain", {})) == ["rubles"]:
            return r["id"], r["gain"]["rubles"]
    pytest.skip("no workshop tile gives only rubles")


def test_tile_activate_1_workshop_tile():
    st = brick_game()
    wt, rubles = _rubles_tile()
    _face_up(st, 0, "yellow", wt)
    holding(st, 0, tile("activate"))
    set_player(st, 0, rubles=0)
    use(st, 0, tile("activate"), slot="yellow")
    assert st["pl"][0]["rubles"] == rubles


def test_tile_activate_2_tiles_once_each_or_1_tile_twice():
    st = brick_game()
    wt, rubles = _rubles_tile()
    _face_up(st, 0, "yellow", wt)
    _face_up(st, 0, "red", wt)
    holding(st, 0, tile("activate_twice"))
    assert sorted(tuple(m["slots"]) for m in moves(st, 0, "reinforce")) == sorted(
        [("yellow", "yellow"), ("yellow", "red"), ("red", "red")]
    )
    set_player(st, 0, rubles=0)
    use(st, 0, tile("activate_twice"), slots=["yellow", "yellow"])
    assert st["pl"][0]["rubles"] == 2 * rubles


def test_tile_deliver_1_material():
    st = brick_game()
    base = pick("base", lambda r: r["cost"].get("wood", 0) >= 1)
    set_towers(st, [[sec(base, owner=0)]])
    set_player(st, 0, inv={"wood": 1})
    holding(st, 0, tile("deliver"))
    use(st, 0, tile("deliver"), section=base, material="wood")
    assert st["towers"][0][0]["mat"] == {"wood": 1}
    assert st["turn"]["stage"] == "main", "the basic action is still to come"


def test_tile_next_claimed_workshop_tile_face_up_for_free():
    st = brick_game()
    base = pick("base")
    set_towers(st, [[sec(base, wt=pick_tile())]])
    holding(st, 0, tile("free_tile"))
    set_player(st, 0, rubles=0)
    assert not moves(st, 0, "claim", up=True)
    use(st, 0, tile("free_tile"))
    act(st, 0, "claim", section=base, slot="yellow", up=True)
    assert st["pl"][0]["rubles"] == 0 and st["pl"][0]["ws"]["yellow"]["up"]
    assert not st["pl"][0]["free_up"]


def test_the_free_placement_also_frees_a_special_tile_placed_at_that_claim():
    """ "Zahle beim Bauabschnitt-beanspruchen keine Kosten um das Werkstattplättchen abzulegen": the
    special workshop tile, placed at a claim instead of the section's, is the tile laid then."""
    st = brick_game(special_tiles=True)
    while st["draft"]:
        act(st, st["draft"]["order"][0], "draft", tile=st["draft"]["left"][0])
    base = pick("base")
    set_towers(st, [[sec(base, wt=pick_tile())]])
    holding(st, 0, tile("free_tile"))
    set_player(st, 0, rubles=0)
    assert not moves(st, 0, "claim", up=True, special=True), "face up it costs a ruble per free space"
    use(st, 0, tile("free_tile"))
    special = st["pl"][0]["special"]
    act(st, 0, "claim", section=base, slot="yellow", up=True, special=True)
    assert st["pl"][0]["ws"]["yellow"] == {"t": special, "up": True}
    from games.rules.red_cathedral.special_tiles import effect

    brought = 1 if effect(special) == "material" else 0  # the material tile brings a ruble when it goes face up
    assert st["pl"][0]["rubles"] == brought and not st["pl"][0]["free_up"]


def pick_tile():
    return next(r["id"] for r in data.load_raw("workshop_tiles")["records"] if "gain" in r)


def test_tile_2_materials_of_your_choice():
    st = brick_game()
    holding(st, 0, tile("materials"))
    set_player(st, 0, inv={})
    use(st, 0, tile("materials"), materials=["gold", "violet"])
    assert st["pl"][0]["inv"]["gold"] == 1 and st["pl"][0]["inv"]["violet"] == 1


def test_tile_resources_of_the_area_of_a_die_of_your_choice():
    st = brick_game()
    area = st["market"]["dice"]["blue"][0]
    gives = data.figures()["resource_tiles"]
    res = {r["id"]: r["gives"] for r in gives}[st["market"]["res"][area]]
    key, amount = next(iter(res.items()))
    holding(st, 0, tile("die_area"))
    set_player(st, 0, inv={})
    before = dict(st["pl"][0]["inv"], rubles=st["pl"][0]["rubles"], space=space(st, 0))
    use(st, 0, tile("die_area"), die="blue")
    now = dict(st["pl"][0]["inv"], rubles=st["pl"][0]["rubles"], space=space(st, 0))
    field = "space" if key == "rp" else key
    assert now[field] - before[field] == amount


def test_tile_discard_an_unplaced_ornament_for_3_glory():
    st = brick_game()
    holding(st, 0, tile("discard_ornament"))
    before = glory(st, 0)
    use(st, 0, tile("discard_ornament"), ornament="arch")
    assert glory(st, 0) == before + 3 and st["pl"][0]["orn"]["arch"] == 1


def test_tile_discard_needs_an_ornament_not_yet_on_the_cathedral():
    st = brick_game()
    holding(st, 0, tile("discard_ornament"))
    st["pl"][0]["orn"] = {"door": 0, "arch": 0, "cross": 0}
    assert not moves(st, 0, "reinforce")
    reason = refused(st, 0, {"type": "reinforce", "tile": tile("discard_ornament"), "ornament": "door"})
    assert reason == "Choose one of your ornaments that is not on the cathedral yet."


def test_tile_pay_up_to_5_rubles_for_as_many_construction_points():
    st = brick_game()
    holding(st, 0, tile("buy_rp"))
    set_player(st, 0, rubles=7)
    assert [m["rubles"] for m in moves(st, 0, "reinforce")] == [1, 2, 3, 4, 5]
    before = space(st, 0)
    use(st, 0, tile("buy_rp"), rubles=4)
    assert st["pl"][0]["rubles"] == 3 and space(st, 0) == before + 4
    st2 = brick_game()
    holding(st2, 0, tile("buy_rp"))
    set_player(st2, 0, rubles=2)
    assert [m["rubles"] for m in moves(st2, 0, "reinforce")] == [1, 2]


def test_tile_1_material_of_your_choice_and_deliver_1_in_either_order():
    st = brick_game()
    base = pick("base", lambda r: r["cost"].get("wood", 0) >= 1)
    set_towers(st, [[sec(base, owner=0)]])
    set_player(st, 0, inv={})
    holding(st, 0, tile("material_deliver"))
    # gain first: the wood just gained is delivered
    use(st, 0, tile("material_deliver"), get="wood", section=base, material="wood")
    assert st["towers"][0][0]["mat"] == {"wood": 1} and st["pl"][0]["inv"]["wood"] == 0
    # deliver first: with a full inventory the delivery makes room for the gain
    st = brick_game()
    set_towers(st, [[sec(base, owner=0)]])
    full = data.figures()["game"]["workshop"]["inventory"] - st["pl"][0]["ruler"]
    set_player(st, 0, inv={"wood": 1, "stone": full - 1})
    holding(st, 0, tile("material_deliver"))
    use(st, 0, tile("material_deliver"), get="gold", section=base, material="wood")
    assert st["towers"][0][0]["mat"] == {"wood": 1} and st["pl"][0]["inv"]["gold"] == 1


def test_tile_activate_1_resource_tile_of_your_choice():
    st = brick_game()
    area = 4
    res = {r["id"]: r["gives"] for r in data.figures()["resource_tiles"]}[st["market"]["res"][area]]
    holding(st, 0, tile("resource_tile"))
    assert len(moves(st, 0, "reinforce")) == 8
    set_player(st, 0, inv={})
    rubles, at = st["pl"][0]["rubles"], space(st, 0)
    use(st, 0, tile("resource_tile"), area=area)
    key, amount = next(iter(res.items()))
    got = {"rubles": st["pl"][0]["rubles"] - rubles, "rp": space(st, 0) - at, **st["pl"][0]["inv"]}
    assert got[key] == amount


def test_tile_claim_a_section_besides_the_basic_action():
    st = brick_game()
    a, b = pick("base", n=2)
    set_towers(st, [[sec(a)], [sec(b)]])
    holding(st, 0, tile("claim"))
    use(st, 0, tile("claim"), section=a, first=True)
    assert st["towers"][0][0]["owner"] == 0
    assert st["turn"]["stage"] == "main"
    act(st, 0, "claim", section=b, first=True)
    assert st["towers"][1][0]["owner"] == 0


def test_family_tile_gain_the_shown_resource():
    st = brick_game()
    t = next(r for r in DOC["records"] if r["effect"] == "gain" and r["provenance"] == "provisional")
    key, amount = next(iter(t["gives"].items()))
    holding(st, 0, t["id"])
    set_player(st, 0, inv={}, rubles=0)
    use(st, 0, t["id"])
    assert (st["pl"][0]["rubles"] if key == "rubles" else st["pl"][0]["inv"][key]) == amount


def test_family_tile_return_the_shown_material_for_the_shown_glory():
    st = brick_game()
    t = next(r for r in DOC["records"] if r["effect"] == "pay" and "glory" in r["gives"])
    material, count = next(iter(t["pays"].items()))
    holding(st, 0, t["id"])
    set_player(st, 0, inv={})
    assert not moves(st, 0, "reinforce")
    set_player(st, 0, inv={material: count})
    before = glory(st, 0)
    use(st, 0, t["id"])
    assert st["pl"][0]["inv"][material] == 0 and glory(st, 0) == before + t["gives"]["glory"]


def test_family_tile_pay_the_shown_material_for_3_construction_points():
    st = brick_game()
    t = next(r for r in DOC["records"] if r["effect"] == "pay" and "rp" in r["gives"])
    material, count = next(iter(t["pays"].items()))
    holding(st, 0, t["id"])
    set_player(st, 0, inv={material: count})
    before = space(st, 0)
    use(st, 0, t["id"])
    assert st["pl"][0]["inv"][material] == 0 and space(st, 0) == before + 3


# --- the data file ----------------------------------------------------------------------------------------


def test_the_tile_file_holds_every_effect_the_rules_text_names():
    broken = docs()
    broken["reinforcement_tiles"]["records"] = [
        r for r in broken["reinforcement_tiles"]["records"] if r["effect"] != "claim"
    ]
    with pytest.raises(data.DataError, match="claim"):
        data.validate(broken)


def test_permits_come_only_on_a_tile_of_the_contractors_module():
    broken = docs()
    rec = next(r for r in broken["reinforcement_tiles"]["records"] if "permits" in r.get("gives", {}))
    rec.pop("contractors")
    with pytest.raises(data.DataError, match="permits"):
        data.validate(broken)


def test_every_use_of_a_tile_has_a_label_and_changes_nothing_when_refused():
    st = brick_game(contractors=True)
    for r in DOC["records"]:
        holding(st, 0, r["id"])
        for m in moves(st, 0, "reinforce"):
            assert E.move_label(st, 0, m)["msg"].startswith(("Reinforcement tile {tile}", "{group}"))
        refused(st, 0, {"type": "reinforce", "tile": r["id"], "bogus": 1})


def test_a_delivery_a_tile_borrows_may_follow_the_claim_of_the_same_turn():
    st = brick_game()
    a, b = pick("base", lambda r: r["cost"].get("wood", 0) >= 1, n=2)
    set_towers(st, [[sec(a, owner=0)], [sec(b)]])
    at_card(st, 0, "brickmakers-2", quarter=1)
    holding(st, 0, tile("group_action"))
    set_player(st, 0, inv={"brick": 1, "wood": 1})
    act(st, 0, "claim", section=b, first=True)
    assert st["turn"]["stage"] == "after" and not moves(st, 0, "deliver")
    use(st, 0, tile("group_action"), card="brickmakers-2", action=action_index("brickmakers-2", "brick_deliver"))
    act(st, 0, "deliver", section=a, material="wood")
    assert st["towers"][0][0]["mat"] == {"wood": 1}


def test_everyone_sees_the_tiles_each_player_holds():
    st = brick_game()
    holding(st, 1, tile("gain"))
    for seat in (None, 0, 1):
        assert v(st, seat)["players"][1]["reinforcements"] == [tile("gain")]


def test_a_tile_may_be_used_in_the_turn_it_is_taken():
    st = brick_game()
    set_player(st, 0, inv={"brick": 2})
    at_card(st, 0, "brickmakers-1")
    act(st, 0, "influence", action=action_index("brickmakers-1", "brick_tile"), pick=tile("gain"))
    rubles = st["pl"][0]["rubles"]
    use(st, 0, tile("gain"))
    assert st["pl"][0]["rubles"] == rubles + TILES[tile("gain")]["gives"]["rubles"]
