"""Why a move with an action of the Jewelers' or the Artisans' guild is refused."""

from __future__ import annotations

from typing import Any

from games.rules.base import Move, State
from games.rules.base import gettext_noop as _

from .guilds import Label, Reason

REASONS = {
    "buy_diamonds": _(
        "Buying diamonds needs the rubles, that many diamonds in the supply and room for them in your stock."
    ),
    "diamonds_for_materials": _(
        "Name 3 materials of your stock (diamonds do not count); the supply must still hold the diamonds you get."
    ),
    "diamond_permits": _(
        "A diamond buys permits only with the Contractors module, and you need a diamond and fewer than 6 permits."
    ),
    "activate_other": _(
        "Name another player and one of the face-up workshop tiles in their workshop, and have the ruble to pay."
    ),
    "activate_twice": _("Name one of your face-up workshop tiles, and have the 2 rubles to pay."),
    "activate_two": _("Name two different face-up workshop tiles of yours, and have the 2 rubles to pay."),
}


def register_all() -> None:
    """Each action's reason as its ``reason`` hook (see ``influence.refusal``)."""
    from .guilds import add_reason

    for act, text in REASONS.items():
        add_reason(act, _saying(text))


def _saying(text: str) -> Reason:
    def reason(st: State, p: int, move: Move, action: dict[str, Any]) -> Label:
        return {"msg": text, "args": {}}

    return reason
