"""Taking back moves of a Rote Kathedrale turn: the basic action and the market may be taken back
until "end" closes the turn, unless dice were rolled or a face-down card came up (flow.py,
undo.py)."""

from __future__ import annotations

import json

from games.rules.base import RANDOM_DRAW, TURN_PASSED
from games.rules.red_cathedral import undo
from games.rules.red_cathedral.engine import RedCathedral
from tests.support.undo_moves import Step, find_step

E = RedCathedral()
BASIC = {"side": "basic"}


def of_type(kind: str):
    return lambda step: step.move["type"] == kind


def test_moving_a_die_can_be_taken_back_while_the_turn_goes_on():
    step = find_step(E, 2, BASIC, of_type("die"))
    assert step.refusal(E) is None
    assert E.undoable(step.before, step.seat, step.move, step.after)
    assert E.to_act(step.after) == [step.seat]


def test_taking_resources_at_the_market_can_be_taken_back():
    assert find_step(E, 3, BASIC, of_type("take")).refusal(E) is None


def test_delivering_a_material_can_be_taken_back():
    assert find_step(E, 2, BASIC, of_type("deliver")).refusal(E) is None


def test_claiming_a_section_can_be_taken_back():
    assert find_step(E, 2, BASIC, of_type("claim")).refusal(E) is None


def test_an_influence_card_action_can_be_taken_back():
    assert find_step(E, 2, BASIC, of_type("influence")).refusal(E) is None


def test_ending_the_turn_cannot_be_taken_back():
    assert find_step(E, 2, BASIC, of_type("end")).refusal(E) == TURN_PASSED


def test_the_dice_rolled_at_the_end_of_a_market_turn_count():
    # "end" after the market rerolls the area's dice: the turn has passed, and the roll was seen.
    step = find_step(E, 2, BASIC, lambda s: s.move["type"] == "end" and s.before["turn"]["stage"] == "market")
    assert step.before["rng"] != step.after["rng"]
    assert step.refusal(E) == TURN_PASSED


def test_a_reroll_for_glory_cannot_be_taken_back():
    def can_reroll(step: Step) -> bool:
        return E.to_act(step.after) == [step.seat] and any(
            m["type"] == "reroll" for m in E.legal_moves(step.after, step.seat)
        )

    found = find_step(E, 2, BASIC, can_reroll)
    before = found.after
    move = next(m for m in E.legal_moves(before, found.seat) if m["type"] == "reroll")
    after, _ = E.apply(json.loads(json.dumps(before)), found.seat, move)
    assert E.undo_refusal(before, found.seat, move, after) == undo.REROLL


def test_a_specialist_drawn_from_the_bag_cannot_be_taken_back():
    step = find_step(E, 2, {**BASIC, "contractors": True}, of_type("hire"))
    assert step.refusal(E) == undo.FACE_DOWN


def test_a_move_that_rolled_dice_cannot_be_taken_back_whatever_it_was():
    # The shared rule of every engine: the generator moved, so something was decided by chance.
    step = find_step(E, 2, BASIC, of_type("die"))
    after = json.loads(json.dumps(step.after))
    after["rng"]["n"] += 1
    assert E.undo_refusal(step.before, step.seat, step.move, after) == RANDOM_DRAW


def test_iwans_choices_in_the_solo_game_cannot_be_taken_back():
    step = find_step(E, 1, BASIC, lambda s: s.move["type"].startswith("iwan_"))
    assert step.refusal(E) == undo.IWANS_CHOICE


def test_only_the_seat_whose_turn_it_is_may_take_back():
    step = find_step(E, 2, BASIC, of_type("die"))
    other = 1 - step.seat
    assert E.undo_refusal(step.before, other, step.move, step.after) == TURN_PASSED


def test_with_the_opponents_leave_ending_the_turn_after_a_claim_can_be_taken_back():
    step = find_step(E, 2, BASIC, lambda s: s.move["type"] == "end" and s.before["turn"]["stage"] == "after")
    assert step.refusal(E) == TURN_PASSED
    assert E.undo_refusal(step.before, step.seat, step.move, step.after, agreed=True) is None


def test_even_with_the_opponents_leave_the_dice_rolled_at_the_end_of_a_market_turn_count():
    step = find_step(E, 2, BASIC, lambda s: s.move["type"] == "end" and s.before["turn"]["stage"] == "market")
    assert E.undo_refusal(step.before, step.seat, step.move, step.after, agreed=True) == RANDOM_DRAW
