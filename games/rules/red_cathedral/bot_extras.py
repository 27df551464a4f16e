"""The bot's worth of diamonds and of the special workshop tiles (see bot.py for the scale)."""

from __future__ import annotations

from typing import Any

from games.rules.base import Move

from .data import DIAMOND, MATERIALS
from .special_tiles import TILES as SPECIAL
from .special_tiles import effect
from .state import INFLUENCE, RES_TILES, dice_of

# The draft: tiles that pay off at once and every time first (a guess; the bench can refine it).
DRAFT_ORDER = ("S-material", "S-die", "S-diamond", "S-guild")
GUILD_ACTION = 1.5  # about what an influence action brings, when it is not worked out


def shortfall(seat: Any) -> int:
    """Units the open sections still lack beyond the inventory (diamonds can fill them)."""
    return sum(max(0, seat.need[m] - seat.inv[m]) for m in MATERIALS)


def diamond_worth(seat: Any, held: int | None = None) -> float:
    """A diamond is worth the most wanted material it can stand in for."""
    from .bot import FOR_ORNAMENT, LEFTOVER, NEEDED, SPARE

    if seat.last:
        return LEFTOVER
    held = seat.inv.get(DIAMOND, 0) if held is None else held
    if held < shortfall(seat):
        result: float = NEEDED * seat.urgency
        return result
    if any(seat.for_ornaments[m] > seat.inv[m] for m in MATERIALS):
        return FOR_ORNAMENT
    return SPARE


def usable_diamonds(seat: Any) -> int:
    held: int = seat.inv.get(DIAMOND, 0)
    return min(held, shortfall(seat))


def special_worth(seat: Any, tile: str) -> float:
    """What activating a special tile brings now."""
    from .bot import gain_worth, rubles_worth, unit_worth

    kind = effect(tile)
    st = seat.st
    if kind == "diamond":
        return diamond_worth(seat) if st["supply"].get(DIAMOND) else 0.0
    if kind == "material":
        best = max((unit_worth(seat, m, seat.inv[m]) for m in MATERIALS if st["supply"][m]), default=0.0)
        return rubles_worth(seat, 1) + best
    if kind == "die":
        areas = {st["market"]["dice"][d][0] for d in dice_of(st)}
        return max(gain_worth(seat, RES_TILES[st["market"]["res"][a]]["gives"]) for a in areas)
    return GUILD_ACTION


def choice_worth(seat: Any, move: Move) -> float:
    """A choice a special tile asks for."""
    from .bot import gain_worth, unit_worth

    st = seat.st
    if "card" in move:
        from .bot import influence_worth

        return influence_worth(seat, move, INFLUENCE[move["card"]])
    if "material" in move:
        return unit_worth(seat, move["material"], seat.inv[move["material"]])
    if "die" in move:
        area = st["market"]["dice"][move["die"]][0]
        return gain_worth(seat, RES_TILES[st["market"]["res"][area]]["gives"])
    return 0.01  # declining: better than an action that costs more than it brings


def draft_pick(moves: list[Move]) -> Move:
    return min(moves, key=lambda m: DRAFT_ORDER.index(m["tile"]) if m["tile"] in DRAFT_ORDER else len(SPECIAL))


def placement(seat: Any, move: Move) -> tuple[str, int]:
    """The tile a claim places and what it costs face up."""
    from .special_tiles import placing_cost
    from .state import find, slot_cost

    if move.get("special"):
        return seat.pl["special"], placing_cost(seat.pl)
    t, lvl = find(seat.st, move["section"])
    return seat.st["towers"][t][lvl]["wt"], slot_cost(seat.st, seat.p, move["slot"])
