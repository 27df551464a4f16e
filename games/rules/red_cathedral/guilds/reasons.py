"""Why a guild's card action or a choice after a draw is refused, as precisely as the guild can say.

A guild registers a function per card action (and per kind of choice) that returns a message with
its arguments, or None when it has nothing more precise than the engine's general reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.base import Move, State
from games.rules.base import gettext_noop as _

Why = tuple[str, dict[str, Any]] | None
# (state, player, the card's action, the move) -> why it is refused
ACT_REASONS: dict[str, Callable[[State, int, dict[str, Any], Move], Why]] = {}
# (state, player, the pending choice, the move) -> why it is refused
CHOICE_REASONS: dict[str, Callable[[State, int, dict[str, Any], Move], Why]] = {}


def register_reason(act: str, why: Callable[[State, int, dict[str, Any], Move], Why]) -> None:
    ACT_REASONS[act] = why


def register_choice_reason(kind: str, why: Callable[[State, int, dict[str, Any], Move], Why]) -> None:
    CHOICE_REASONS[kind] = why


def guild_reason(st: State, p: int, move: dict[str, Any]) -> Why:
    """The precise reason for a refused influence move on a guild's card, or a refused choice."""
    from ..market import quarter_card

    turn = st["turn"]
    now = turn.get("choice")
    if move.get("type") == "choose" and now and now["kind"] in CHOICE_REASONS:
        return CHOICE_REASONS[now["kind"]](st, p, now, move)
    if move.get("type") != "influence" or turn["stage"] != "market" or now or turn["area"] is None:
        return None
    actions = quarter_card(st, turn["area"])["actions"]
    i = move.get("action")
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(actions):
        return None
    why = ACT_REASONS.get(actions[i]["act"])
    if why is None:
        return None
    from ..influence import available

    if i not in available(st):
        return (
            _(
                "You have used this influence card this turn: only the action you chose, and only if it may be repeated."
            ),
            {},
        )
    return why(st, p, actions[i], move)
