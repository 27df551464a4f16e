"""Registries that card abilities, extra moves, decisions and rule modules hang off.

See the package docstring for the contract of every hook.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.rules.base import Event, Move, Options, State

Income = tuple[int, int]
# The data of one pending decision, an entry of ``state["queue"]`` (its ``kind`` names its Decision).
Pending = dict[str, Any]


@dataclass(frozen=True)
class Ability:
    name: str
    income: Callable[[State, int, str, str], Income] | None = None
    discount: Callable[[State, int, str, Any], int] | None = None
    hand_limit: Callable[[State, int, str], int] | None = None
    replaceable: Callable[[State, int, str], bool] | None = None
    action_moves: Callable[[State, int, str], list[Move]] | None = None
    after_scoring: Callable[[State, int, str, str], Pending | None] | None = None
    end_points: Callable[[State, int, str], int] | None = None


@dataclass(frozen=True)
class Decision:
    """A pending decision of one seat (``state["queue"][0]``)."""

    kind: str
    legal: Callable[[State, int, Pending], list[Move]]
    apply: Callable[[State, int, Pending, Move, list[Event]], None]
    timeout: Callable[[State, int, Pending], Move]
    # What every seat may see of the decision (the deciding seat gets ``private`` too).
    public: Callable[[State, Pending], dict[str, Any]] = lambda st, d: {}
    private: Callable[[State, Pending], dict[str, Any]] = lambda st, d: {}
    # After a scoring each seat's decisions come in this order (lower first), seats in turn
    # order from the phase's start player.
    order: int = 0


@dataclass(frozen=True)
class RuleModule:
    """Option-wide rules. ``applies(options)`` says whether the module is active."""

    name: str
    applies: Callable[[Options], bool]
    validate: Callable[[int, Options], None] | None = None  # raise InvalidOptions
    compose: Callable[[Options, dict[str, list[str]]], None] | None = None  # edit deck contents (ids)
    setup: Callable[[State, list[Event]], None] | None = None
    phase_start: Callable[[State, str, list[Event]], None] | None = None
    before_scoring: Callable[[State, str, list[Event]], None] | None = None  # (st, phase, events)
    # After a phase's scoring and the decisions it queued, before the display is refilled
    # (the Market's market place scoring): (st, phase, events).
    phase_end: Callable[[State, str, list[Event]], None] | None = None
    # A card has just been laid out (bought, played or taken from a pile into the display); it
    # may queue a decision at the front of state["queue"]: (st, seat, card id, events).
    laid_out: Callable[[State, int, str, list[Event]], None] | None = None
    # Rubles off a card for a seat, like Ability.discount with card id None (Module 3's helpers):
    # (st, seat, None, target Card) -> rubles >= 0.
    discount: Callable[[State, int, Any, Any], int] | None = None
    # Added to a seat's hand limit (Module 4's Warehouse event): (st, seat) -> cards.
    hand_limit: Callable[[State, int], int] | None = None
    # Extra action-phase moves of the seat to act (Module 4's events): (st, seat) -> moves.
    action_moves: Callable[[State, int], list[Move]] | None = None
    # Parts of the final scoring right after the different aristocrats (Module 5's assignment):
    # (st, seat) -> {part: points}; their ∑ labels in scoring.END_LABELS.
    end_parts: Callable[[State, int], dict[str, int]] | None = None
    # After every applied move (Module 6's obstacles gate every gain of points): (st, events).
    # A decision it appends to an empty queue holds the game until answered.
    after_move: Callable[[State, list[Event]], None] | None = None
    # Modules with a higher order run their after_move later (Module 5's printed rule looks at
    # the marker after Module 6's obstacles have moved it).
    order: int = 0
    # Module 1's Double Turn: keep the turn with the seat after an action: (st, seat, outcome,
    # events) -> True when the turn stays (the module has done what the action's outcome needs).
    keep_turn: Callable[[State, int, str, list[Event]], bool] | None = None
    # The only move types the seat to act may use now, or None: (st, seat) -> set | None.
    move_types: Callable[[State, int], set[str] | None] | None = None
    # A seat's income at a scoring, changed (Module 1's Jester and Banquet):
    # (st, seat, phase, rubles, points, events) -> (rubles, points).
    adjust_income: Callable[[State, int, str, int, int, list[Event]], tuple[int, int]] | None = None
    # Keys this module adds to every view: (st, viewing seat or None) -> {key: value}.
    view: Callable[[State, int | None], dict[str, Any]] | None = None
    noble_points: Callable[[State, int, int], int] | None = None  # (st, seat, different) -> points
    final_points: Callable[[State, int], int] | None = None


ABILITIES: dict[str, Ability] = {}
MOVES: dict[str, Callable[[State, int, Move, list[Event]], str]] = {}
DECISIONS: dict[str, Decision] = {}
RULES: list[RuleModule] = []


def register_ability(ability: Ability) -> Ability:
    ABILITIES[ability.name] = ability
    return ability


def register_move(move_type: str, handler: Callable[[State, int, Move, list[Event]], str]) -> None:
    MOVES[move_type] = handler


def register_decision(decision: Decision) -> Decision:
    DECISIONS[decision.kind] = decision
    return decision


def register_rules(module: RuleModule) -> RuleModule:
    RULES[:] = [m for m in RULES if m.name != module.name] + [module]
    return module


def active_rules(options: Options) -> list[RuleModule]:
    return [m for m in RULES if m.applies(options)]
