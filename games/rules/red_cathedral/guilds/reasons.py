"""Why a guild's card action or a choice after a draw is refused, as precisely as the guild can say.

A guild registers a function per card action (kept as that action's ``reason`` hook) and per kind of
choice, returning a message with its arguments, or None when it has nothing more precise than the
engine's general reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.base import Move, State

Why = tuple[str, dict[str, Any]] | None
# (state, player, the pending choice, the move) -> why it is refused
CHOICE_REASONS: dict[str, Callable[[State, int, dict[str, Any], Move], Why]] = {}


def register_reason(act: str, why: Callable[[State, int, dict[str, Any], Move], Why]) -> None:
    """A card action's reason, as the action's ``reason`` hook (see ``influence.refusal``)."""
    from . import add_reason

    def reason(st: State, p: int, move: Move, action: dict[str, Any]) -> dict[str, Any] | None:
        found = why(st, p, action, move)
        return {"msg": found[0], "args": found[1]} if found else None

    add_reason(act, reason)


def register_choice_reason(kind: str, why: Callable[[State, int, dict[str, Any], Move], Why]) -> None:
    CHOICE_REASONS[kind] = why


def guild_reason(st: State, p: int, move: dict[str, Any]) -> Why:
    """The precise reason for a refused choice after a guild's draw."""
    now = st["turn"].get("choice")
    if move.get("type") == "choose" and now and now["kind"] in CHOICE_REASONS:
        return CHOICE_REASONS[now["kind"]](st, p, now, move)
    return None
