"""Taking back Sankt Petersburg decisions: while an action still asks its player a decision (the
Market's good, a card's ability, the module steps), the decisions before it may be taken back,
unless a card was dealt from a face-down pile; once the player's decisions are answered the turn
passes and the action counts (undo.py)."""

from __future__ import annotations

from games.rules.base import TURN_PASSED
from games.rules.sankt_petersburg import undo
from games.rules.sankt_petersburg.engine import SanktPetersburg
from tests.support.undo_moves import find_step

E = SanktPetersburg()
MARKET = {"edition": "2", "market": True}
ALL_MODULES = {
    **MARKET,
    "helpers": True,
    "events": True,
    "assignments": True,
    "obstacles": True,
    "banquet": True,
    "module2": True,
}


def test_buying_a_card_that_asks_for_a_market_good_can_be_taken_back_until_the_good_is_chosen():
    step = find_step(E, 4, MARKET, lambda s: s.move["type"] in ("buy", "play") and s.after["queue"])
    assert step.after["queue"][0]["seat"] == step.seat
    assert step.refusal(E) is None


def test_a_plain_action_passes_the_turn_and_counts():
    step = find_step(E, 3, {}, lambda s: s.move["type"] == "buy" and not s.after["queue"])
    assert step.refusal(E) == TURN_PASSED


def test_passing_counts_even_when_everyone_else_has_passed_and_the_turn_comes_back():
    step = find_step(E, 3, {}, lambda s: s.move["type"] == "pass" and E.to_act(s.after) == [s.seat])
    assert step.refusal(E) == TURN_PASSED


def test_the_move_that_ends_a_phase_counts_though_its_player_has_a_decision_of_the_scoring():
    step = find_step(
        E,
        4,
        ALL_MODULES,
        lambda s: s.before["step"] == "actions" and s.after["queue"] and s.after["after"] == "phase",
    )
    assert step.after["queue"][0]["seat"] == step.seat
    assert step.refusal(E) == TURN_PASSED


def test_answering_one_end_of_phase_decision_can_be_taken_back_while_the_next_is_the_same_players():
    # The Pub's points at the end of the building phase, then the same player's obstacle bonus.
    step = find_step(
        E,
        4,
        ALL_MODULES,
        lambda s: s.move["type"] == "pub" and s.after["queue"] and s.after["queue"][0]["seat"] == s.seat,
    )
    assert step.before["after"] == step.after["after"] == "phase"
    assert step.refusal(E) is None


def test_a_card_dealt_from_a_face_down_pile_cannot_be_taken_back():
    step = find_step(E, 4, ALL_MODULES, lambda s: s.move["type"] == "observatory")
    assert step.refusal(E) == undo.DEALT


def test_with_the_opponents_leave_a_plain_action_can_be_taken_back():
    step = find_step(E, 2, {}, lambda s: s.move["type"] == "buy" and not s.after["queue"] and s.before["round"] > 1)
    assert step.refusal(E) == TURN_PASSED
    assert E.undo_refusal(step.before, step.seat, step.move, step.after, agreed=True) is None


def test_even_with_the_opponents_leave_the_cards_dealt_for_the_next_phase_count():
    step = find_step(
        E, 2, {}, lambda s: s.before["phase"] != s.after["phase"] and s.before["decks"] != s.after["decks"]
    )
    assert E.undo_refusal(step.before, step.seat, step.move, step.after, agreed=True) == undo.DEALT
