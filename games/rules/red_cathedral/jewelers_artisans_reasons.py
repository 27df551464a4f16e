"""Why a move with an action of the Jewelers' or the Artisans' guild is refused."""

from __future__ import annotations

from typing import Any

from games.rules.base import State
from games.rules.base import gettext_noop as _

from .influence import available
from .market import quarter_card

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
USED = _("You have already used this influence card's other action, or this one may be used only once per turn.")


def influence_reason(st: State, move: dict[str, Any]) -> str | None:
    """The reason for a refused action of the quarter's card, where the guilds can say more."""
    card = quarter_card(st, st["turn"]["area"])
    index = move.get("action")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(card["actions"]):
        return None
    if index not in available(st):
        return USED
    return REASONS.get(card["actions"][index]["act"])
