"""The Master Builders' guild (rules, "Baumeister"): the unused section cards as a deck of materials,
and advances on the rubles and points of the sections a player is building."""

from __future__ import annotations

import random
from collections import Counter

from tests.rules.red_cathedral.rc_helpers import (
    CARDS,
    SECTIONS,
    E,
    act,
    all_but,
    moves,
    new,
    pick,
    put_card,
    refused,
    sec,
    set_player,
    set_towers,
    turn_to,
    v,
)

Y, R = 0, 1


def action_index(card: str, act_name: str) -> int:
    return next(i for i, a in enumerate(CARDS[card]["actions"]) if a["act"] == act_name)


def at_card(card: str, **player) -> dict:
    """Seat 0 in the market quarter 0, whose card is ``card``; its die already moved."""
    st = new(2, seed=5, guild="master_builders")
    put_card(st, 0, card)
    set_player(st, Y, **player)
    turn_to(st, Y, stage="market", area=0, die="white", took=True)
    return st


def deck_top(st: dict, *cards: str) -> None:
    deck = st["builders"]["deck"]
    st["builders"]["deck"] = list(cards) + [c for c in deck if c not in cards]


def cost_units(sid: str) -> Counter:
    return Counter(SECTIONS[sid]["cost"])


# --- the deck ------------------------------------------------------------------------------------------


def test_the_section_cards_not_in_play_are_shuffled_into_a_deck_at_setup():
    a, b, c = (new(3, seed=s, guild="master_builders") for s in (4, 4, 9))
    on_board = {s["id"] for t in a["towers"] for s in t}
    assert sorted(a["builders"]["deck"]) == sorted(set(SECTIONS) - on_board)
    assert a["builders"]["deck"] == b["builders"]["deck"]
    assert c["builders"]["deck"] != a["builders"]["deck"] or c["towers"] != a["towers"]
    assert a["builders"]["discard"] == []


def test_the_deck_order_is_shown_to_nobody():
    st = at_card("master_builders-1")
    for seat in (Y, R, None):
        assert v(st, seat)["builders"] == {"deck": len(st["builders"]["deck"]), "discard": []}


# --- drawing -------------------------------------------------------------------------------------------


def test_pay_two_rubles_draw_one_card_and_gain_two_of_the_materials_it_needs():
    st = at_card("master_builders-1", rubles=4, inv={})
    card = pick("base", lambda r: len(r["cost"]) >= 2)
    deck_top(st, card)
    act(st, Y, "influence", action=action_index("master_builders-1", "draw_sections"))
    assert st["pl"][Y]["rubles"] == 2
    options = moves(st, Y, "choose")
    assert options and all(len(m["materials"]) == 2 for m in options)
    assert all(not Counter(m["materials"]) - cost_units(card) for m in options)
    chosen = options[0]["materials"]
    E.apply(st, Y, options[0])
    assert Counter({m: n for m, n in st["pl"][Y]["inv"].items() if n}) == Counter(chosen)


def test_the_drawn_card_is_shown_to_the_player_choosing():
    st = at_card("master_builders-1", rubles=4)
    card = st["builders"]["deck"][0]
    act(st, Y, "influence", action=action_index("master_builders-1", "draw_sections"))
    assert v(st, Y)["turn"]["choice"]["cards"] == [card]


def test_pay_three_rubles_draw_two_cards_gain_two_materials_of_one_and_one_of_the_other():
    st = at_card("master_builders-2", rubles=3, inv={})
    first = pick("base", lambda r: r["cost"] == {"wood": 2, "brick": 1})
    second = pick("dome", lambda r: "gold" in r["cost"] and "wood" not in r["cost"] and "brick" not in r["cost"])
    deck_top(st, first, second)
    act(st, Y, "influence", action=action_index("master_builders-2", "draw_sections"))
    assert st["pl"][Y]["rubles"] == 0
    options = [Counter(m["materials"]) for m in moves(st, Y, "choose")]
    assert Counter({"wood": 2, "gold": 1}) in options
    assert Counter({"wood": 1, "brick": 1, "gold": 1}) in options
    assert Counter({"wood": 2, "brick": 1}) not in options  # 3 from one card
    assert all(sum(o.values()) == 3 for o in options)


def test_nothing_else_comes_before_the_materials_are_chosen():
    st = at_card("master_builders-1", rubles=4)
    act(st, Y, "influence", action=action_index("master_builders-1", "draw_sections"))
    assert {m["type"] for m in E.legal_moves(st, Y)} == {"choose"}
    assert "section cards" in refused(st, Y, {"type": "end"})


def test_materials_the_card_does_not_need_are_refused():
    st = at_card("master_builders-1", rubles=4, inv={})
    card = pick("base", lambda r: "gold" not in r["cost"])
    deck_top(st, card)
    act(st, Y, "influence", action=action_index("master_builders-1", "draw_sections"))
    assert refused(st, Y, {"type": "choose", "materials": ["gold", "gold"]})


def test_drawn_cards_go_to_the_discard_pile_after_the_action():
    st = at_card("master_builders-1", rubles=4)
    card = st["builders"]["deck"][0]
    act(st, Y, "influence", action=action_index("master_builders-1", "draw_sections"))
    E.apply(st, Y, moves(st, Y, "choose")[0])
    assert st["builders"]["discard"] == [card] and card not in st["builders"]["deck"]


def test_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out():
    st = at_card("master_builders-2", rubles=3)
    pile = st["builders"]
    pile["discard"], pile["deck"] = pile["deck"][1:], pile["deck"][:1]
    act(st, Y, "influence", action=action_index("master_builders-2", "draw_sections"))
    drawn = st["turn"]["choice"]["cards"]
    assert len(drawn) == 2 and len(pile["deck"]) + len(drawn) == len(SECTIONS) - sum(len(t) for t in st["towers"])
    assert pile["discard"] == []


def test_without_the_rubles_no_card_is_drawn():
    st = at_card("master_builders-2", rubles=2)
    i = action_index("master_builders-2", "draw_sections")
    assert not moves(st, Y, "influence", action=i)
    assert refused(st, Y, {"type": "influence", "action": i})


# --- sections being built ----------------------------------------------------------------------------


def building_one(card: str, **player) -> tuple[dict, str]:
    st = at_card(card, **player)
    b = pick("base", lambda r: r["rubles"] >= 1 and r["rp"] >= 3)
    d = pick("dome")
    set_towers(st, [[sec(b, owner=Y, mat=all_but(b)), sec(d, owner=R)]])
    return st, b


def test_pay_one_construction_point_for_the_rubles_of_a_section_being_built():
    st, b = building_one("master_builders-2", space=10, rubles=0)
    act(st, Y, "influence", action=action_index("master_builders-2", "section_rubles"), section=b)
    assert st["pl"][Y]["rubles"] == SECTIONS[b]["rubles"] and st["pl"][Y]["space"] == 9


def test_the_section_still_pays_its_full_rubles_when_completed():
    st, b = building_one("master_builders-2", space=10, rubles=0, inv={})
    act(st, Y, "influence", action=action_index("master_builders-2", "section_rubles"), section=b)
    missing = next(iter(SECTIONS[b]["cost"]))
    set_player(st, Y, inv={missing: 1})
    turn_to(st, Y)
    act(st, Y, "deliver", section=b, material=missing)
    assert st["pl"][Y]["rubles"] == 2 * SECTIONS[b]["rubles"]


def test_pay_one_ruble_for_half_the_points_of_a_section_being_built_rounded_down():
    st, b = building_one("master_builders-1", space=10, rubles=1)
    act(st, Y, "influence", action=action_index("master_builders-1", "section_points"), section=b)
    assert st["pl"][Y]["space"] == 10 + SECTIONS[b]["rp"] // 2 and st["pl"][Y]["rubles"] == 0


def test_only_sections_the_player_is_building_qualify():
    st, b = building_one("master_builders-1", space=10, rubles=3)
    i = action_index("master_builders-1", "section_points")
    assert {m["section"] for m in moves(st, Y, "influence", action=i)} == {b}
    other = st["towers"][0][1]["id"]  # the other player's
    assert refused(st, Y, {"type": "influence", "action": i, "section": other})


def test_the_bot_takes_the_materials_its_sections_need():
    st = at_card("master_builders-1", rubles=4, inv={})
    b = pick("base", lambda r: len(r["cost"]) >= 2)
    needs = next(iter(SECTIONS[b]["cost"]))
    m = pick("middle", lambda r: needs in r["cost"])
    set_towers(st, [[sec(m, owner=Y)]])
    deck_top(st, b)
    act(st, Y, "influence", action=action_index("master_builders-1", "draw_sections"))
    move = E.bot_move(st, Y, random.Random(1))
    assert needs in move["materials"]


def test_refusals_name_what_is_missing():
    st, b = building_one("master_builders-1", space=10, rubles=0)
    i = action_index("master_builders-1", "section_points")
    assert "This action costs 1" in refused(st, Y, {"type": "influence", "action": i, "section": b})
    st, b = building_one("master_builders-1", space=10, rubles=3)
    other = st["towers"][0][1]["id"]
    assert "you are building" in refused(st, Y, {"type": "influence", "action": i, "section": other})
    st = at_card("master_builders-1", rubles=4)
    act(st, Y, "influence", action=action_index("master_builders-1", "draw_sections"))
    assert "materials the drawn card needs" in refused(st, Y, {"type": "choose", "materials": ["gold"] * 5})


def test_with_the_supply_short_as_many_materials_as_there_are_are_taken():
    st = at_card("master_builders-1", rubles=4, inv={})
    card = pick("base", lambda r: r["cost"].get("wood", 0) >= 2 and len(r["cost"]) == 2)
    other = next(m for m in SECTIONS[card]["cost"] if m != "wood")
    st["supply"][other] = 0
    st["supply"]["wood"] = 1
    deck_top(st, card)
    act(st, Y, "influence", action=action_index("master_builders-1", "draw_sections"))
    assert moves(st, Y, "choose") == [{"type": "choose", "materials": ["wood"]}]
