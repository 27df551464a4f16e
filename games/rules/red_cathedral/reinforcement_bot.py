"""How the bot values reinforcement tiles: to use one now, or to take one for later."""

from __future__ import annotations

from typing import Any

from games.rules.base import Move

from .reinforcement import TILES, apply, effect_moves
from .state import INFLUENCE

# A held tile keeps its worth for a later turn: it is used now only when that brings more than this.
KEEP = 0.8
# What putting a claimed tile face up for free saves, about the rubles of an average workshop space.
FREE_TILE_RUBLES = 2


def use_worth(seat: Any, move: Move) -> float:
    """What using the tile as ``move`` brings now, in track spaces."""
    from . import bot

    effect = TILES[move["tile"]]["effect"]
    if effect == "deliver":
        return bot.delivery_worth(seat, move)
    if effect == "claim":
        claim = {k: v for k, v in move.items() if k != "tile"}
        return bot.section_worth(seat, move["section"]) + bot.placement_worth(seat, claim)
    if effect == "group_action":
        # the borrowed action is valued as the bot values it on its own card; taking another tile
        # with it is not counted (valuing that tile would value this one again)
        card = INFLUENCE[move["card"]]
        if card["actions"][move["action"]]["act"] == "brick_tile":
            return 0.0
        return bot.influence_worth(seat, move, card)
    if effect == "free_tile":
        return bot.rubles_worth(seat, FREE_TILE_RUBLES) if seat.pl["ruler"] + seat.pl["spare"] else 0.0
    tile, p = move["tile"], seat.p

    def carry_out(st: dict[str, Any]) -> None:
        pl = st["pl"][p]
        if tile not in pl.setdefault("reinf", []):
            pl["reinf"].append(tile)
        apply(st, p, move, [])

    worth = bot.simulated_worth(seat, carry_out)
    if effect == "material_deliver" and "section" in move:
        # the simulation counts the delivered unit as a material lost; it went onto a section instead
        worth += bot.loss(seat, move["material"], 1) + bot.delivery_worth(seat, move)
    return worth


def move_worth(seat: Any, move: Move) -> float:
    """A use of a held tile, less what keeping it for later is worth (nothing in the last turn)."""
    return use_worth(seat, move) - (0.0 if seat.last else KEEP)


def tile_worth(seat: Any, tile: str) -> float:
    """The best use of ``tile`` now, for a tile the player might take."""
    best = 0.0
    for move in effect_moves(seat.st, seat.p, tile):
        best = max(best, use_worth(seat, move))
    return best
