"""Precise reasons for refused actions of the expansion's guilds, where a guild module gives one.

A guild module adds ``act -> reason`` here; ``refusal`` is asked when an influence move is not one of
the legal moves, and says why, or None when the general reason is as precise as it gets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.base import IllegalMove, State
from games.rules.base import gettext_noop as _

Reason = Callable[[State, int, dict[str, Any], dict[str, Any]], IllegalMove]
REASONS: dict[str, Reason] = {}


def add(act: str, reason: Reason) -> None:
    REASONS[act] = reason


def refusal(st: State, p: int, move: dict[str, Any]) -> IllegalMove | None:
    """Why the influence move ``move`` is refused, for the actions that registered a reason."""
    from .influence import available
    from .market import quarter_card

    if st["turn"]["stage"] != "market":
        return None
    card = quarter_card(st, st["turn"]["area"])
    index = move.get("action")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(card["actions"]):
        return None
    action = card["actions"][index]
    if action["act"] not in REASONS:
        return None
    if index not in available(st):
        return IllegalMove(_("You have already used this action of the card as often as it allows this turn."))
    return REASONS[action["act"]](st, p, move, action)
