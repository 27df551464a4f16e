"""Precise reasons for refused actions of the expansion's guilds, where a guild module gives one.

A guild module adds ``act -> reason`` here, kept as the action's ``reason`` hook, which
``influence.refusal`` asks when an influence move is not one of the legal moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.base import IllegalMove, State

Reason = Callable[[State, int, dict[str, Any], dict[str, Any]], IllegalMove]


def add(act: str, reason: Reason) -> None:
    """A card action's reason, as the action's ``reason`` hook (see ``influence.refusal``)."""
    from .guilds import add_reason

    def hook(st: State, p: int, move: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        refused = reason(st, p, move, action)
        return {"msg": refused.message, "args": refused.params}

    add_reason(act, hook)
