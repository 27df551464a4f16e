"""Taking back San Juan decisions: the role and the building chosen, and payment card by card, may be
taken back until the next player decides, unless a card was drawn or a trading house tile turned up
(undo.py)."""

from __future__ import annotations

from games.rules.base import TURN_PASSED
from games.rules.san_juan import undo
from games.rules.san_juan.engine import SanJuan
from tests.support.undo_moves import find_step

E = SanJuan()


def role(name: str):
    return lambda step: step.move["type"] == "role" and step.move["role"] == name


def test_choosing_the_building_can_be_taken_back_before_paying():
    step = find_step(E, 3, {}, lambda s: s.move["type"] == "build" and s.after["pend"][s.seat]["k"] == "pay")
    assert step.refusal(E) is None


def test_paying_card_by_card_can_be_taken_back_until_the_building_stands():
    step = find_step(E, 3, {}, lambda s: s.move["type"] == "pay" and (s.after["pend"][s.seat] or {}).get("k") == "pay")
    assert step.refusal(E) is None
    # The paid card lies face down on the discard pile: nothing was drawn.
    assert len(step.after["disc"]) > len(step.before["disc"])


def test_the_last_card_paid_passes_the_build_to_the_next_player_and_counts():
    step = find_step(E, 3, {}, lambda s: s.move["type"] == "pay" and E.to_act(s.after) != [s.seat])
    assert step.refusal(E) == TURN_PASSED


def test_choosing_the_builder_can_be_taken_back_as_the_chooser_builds_first():
    step = find_step(E, 3, {}, lambda s: role("builder")(s) and E.to_act(s.after) == [s.seat])
    assert step.refusal(E) is None


def test_the_councillor_calls_everyone_to_decide_at_once_and_counts():
    step = find_step(E, 3, {}, role("councillor"))
    assert len(E.to_act(step.after)) == 3
    assert step.refusal(E) == TURN_PASSED


def test_the_trader_turns_up_a_trading_house_tile_and_cannot_be_taken_back():
    step = find_step(E, 3, {}, lambda s: role("trader")(s) and E.to_act(s.after) == [s.seat])
    assert step.refusal(E) == undo.TILE


def test_selling_draws_cards_and_cannot_be_taken_back():
    step = find_step(E, 2, {}, lambda s: s.move["type"] == "sell" and E.to_act(s.after) == [s.seat])
    assert step.refusal(E) == undo.DRAWN


def test_a_building_whose_ability_draws_a_card_cannot_be_taken_back():
    step = find_step(
        E,
        3,
        {},
        lambda s: (
            s.move["type"] == "use"
            and len(s.after["deck"]) != len(s.before["deck"])
            and s.before["pick"] == s.after["pick"]
        ),
    )
    assert step.refusal(E) == undo.DRAWN


def test_a_decision_of_the_simultaneous_start_cannot_be_taken_back_once_others_decide_too():
    # Start variant: everyone discards at once; to take back, the turn must be the seat's alone.
    step = find_step(E, 3, {"start_variant": True}, lambda s: s.move["type"] == "discard")
    assert len(E.to_act(step.before)) > 1
    assert step.refusal(E) == TURN_PASSED


def test_with_the_opponents_leave_the_last_card_paid_can_be_taken_back_if_nothing_was_drawn():
    step = find_step(
        E,
        2,
        {},
        lambda s: (
            s.move["type"] == "pay" and E.to_act(s.after) != [s.seat] and len(s.after["deck"]) == len(s.before["deck"])
        ),
    )
    assert step.refusal(E) == TURN_PASSED
    assert E.undo_refusal(step.before, step.seat, step.move, step.after, agreed=True) is None


def test_even_with_the_opponents_leave_a_card_drawn_counts():
    step = find_step(E, 2, {}, lambda s: s.move["type"] == "sell" and len(s.after["deck"]) < len(s.before["deck"]))
    assert E.undo_refusal(step.before, step.seat, step.move, step.after, agreed=True) == undo.DRAWN
