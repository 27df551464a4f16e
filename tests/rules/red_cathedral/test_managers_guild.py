"""The Managers' guild (rules, "Manager"): more ways to get and to use materials."""

from __future__ import annotations

from tests.rules.red_cathedral.rc_helpers import CARDS, act, glory, moves, new, put_card, refused, set_player, turn_to

Y = 0


def at_card(card: str, **player) -> dict:
    """Seat 0 in the market quarter 0, whose card is ``card``; its die already moved."""
    st = new(2, seed=7, guild="managers")
    put_card(st, 0, card)
    set_player(st, Y, **player)
    turn_to(st, Y, stage="market", area=0, die="white", took=True)
    return st


def action_index(card: str, act_name: str) -> int:
    return next(i for i, a in enumerate(CARDS[card]["actions"]) if a["act"] == act_name)


def test_take_one_material_of_the_types_shown():
    st = at_card("managers-1", inv={})
    shown = CARDS["managers-1"]["actions"][0]["materials"]
    offered = {m["material"] for m in moves(st, Y, "influence", action=0)}
    assert offered == set(shown)
    act(st, Y, "influence", action=0, material=shown[0])
    assert st["pl"][Y]["inv"][shown[0]] == 1


def test_take_one_green_or_one_violet_gem():
    st = at_card("managers-2", inv={})
    act(st, Y, "influence", action=0, material="violet")
    assert st["pl"][Y]["inv"]["violet"] == 1
    # Taken once per turn: the card's other action is all that is left.
    assert not moves(st, Y, "influence", action=0)


def test_pay_one_of_the_materials_shown_for_a_construction_point():
    st = at_card("managers-2", inv={"brick": 1, "gold": 1})
    i = action_index("managers-2", "pay_material_points")
    assert {m["material"] for m in moves(st, Y, "influence", action=i)} == {"brick"}
    space = st["pl"][Y]["space"]
    act(st, Y, "influence", action=i, material="brick")
    assert st["pl"][Y]["space"] == space + CARDS["managers-2"]["actions"][i]["rp"]
    assert st["pl"][Y]["inv"]["brick"] == 0


def test_take_one_ruble():
    st = at_card("managers-3", rubles=2)
    act(st, Y, "influence", action=0)
    assert st["pl"][Y]["rubles"] == 3


def test_pay_one_gold_for_three_rubles():
    st = at_card("managers-1", inv={"gold": 2}, rubles=0)
    i = action_index("managers-1", "pay_material_rubles")
    act(st, Y, "influence", action=i)
    act(st, Y, "influence", action=i)  # repeatable
    assert st["pl"][Y]["rubles"] == 6 and st["pl"][Y]["inv"]["gold"] == 0
    assert refused(st, Y, {"type": "influence", "action": i})


def test_pay_a_green_and_a_violet_gem_for_one_glory_and_two_rubles():
    st = at_card("managers-3", inv={"green": 1, "violet": 1}, rubles=0)
    i = action_index("managers-3", "pay_gems_glory")
    before = glory(st, Y)
    act(st, Y, "influence", action=i)
    assert glory(st, Y) == before + 1 and st["pl"][Y]["rubles"] == 2
    assert st["pl"][Y]["inv"]["green"] == st["pl"][Y]["inv"]["violet"] == 0


def test_without_both_gems_the_glory_is_refused():
    st = at_card("managers-3", inv={"green": 2}, rubles=0)
    i = action_index("managers-3", "pay_gems_glory")
    assert "not possible" in refused(st, Y, {"type": "influence", "action": i})


def test_the_sum_table_has_a_row_for_the_guild():
    from games.rules.red_cathedral import scoring

    st = at_card("managers-3", inv={"green": 1, "violet": 1})
    act(st, Y, "influence", action=action_index("managers-3", "pay_gems_glory"))
    row = next(r for r in scoring.stats(st) if r["label"] == "Managers' guild")
    assert row["values"][Y] == 1
