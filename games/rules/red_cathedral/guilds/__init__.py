"""The expansion's groups that take the clergy's place as the fourth group of the market.

Each group's module registers the actions its cards show; the influence actions, the move labels,
the board's card texts and the bot look up every action they do not know themselves here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

Label = dict[str, Any]

# The fourth groups a table may choose; "clergy" is the base game's.
GUILD_NAMES = {
    "clergy": _("Clergy"),
    "jewelers": _("Jewelers' guild"),
    "artisans": _("Artisans' guild"),
    "foremen": _("Foremen's guild"),
    "entrepreneurs": _("Entrepreneurs' guild"),
    "wholesalers": _("Wholesalers' guild"),
    "managers": _("Managers' guild"),
    "lawyers": _("Lawyers' guild"),
    "archivists": _("Archivists' guild"),
    "master_builders": _("Master builders' guild"),
    "brickmakers": _("Brickmakers' guild"),
    "thieves": _("Thieves' guild"),
}
EXPANSION_GUILDS = tuple(g for g in GUILD_NAMES if g != "clergy")


@dataclass(frozen=True)
class GuildAct:
    """What the engine needs of one kind of card action."""

    # (state, player, the card's action, the move so far) -> every legal move extending it
    moves: Callable[[State, int, dict[str, Any], Move], list[Move]]
    # (state, player, move, action, events): pay, gain and log
    apply: Callable[[State, int, Move, dict[str, Any], list[Event]], None]
    # (state, player, move, action, group name) -> the move's label as a message with arguments
    label: Callable[[State, int, Move, dict[str, Any], str], Label]
    # (action) -> the action in words, for the board and the figures page
    text: Callable[[dict[str, Any]], Label]
    # (bot's view of the seat, move, action) -> worth in track spaces; None: the bot simulates the move
    worth: Callable[[Any, Move, dict[str, Any]], float] | None = None
    # (state, player, move, action) -> why the move is refused, as a message with arguments; None:
    # the general reason
    reason: Callable[[State, int, Move, dict[str, Any]], Label | None] | None = None


ACTS: dict[str, GuildAct] = {}
Reason = Callable[[State, int, Move, dict[str, Any]], Label | None]


def register(act: str, guild_act: GuildAct) -> None:
    if act in ACTS:
        raise ValueError(f"The card action {act!r} is registered twice.")
    ACTS[act] = guild_act


def add_reason(act: str, reason: Reason) -> None:
    """The precise reason for a refused move of a registered action, given after its registration:
    ``influence.refusal`` asks it, as it asks a ``reason`` given with the action."""
    ACTS[act] = replace(ACTS[act], reason=reason)


# One module per group; each registers its actions when imported.
MODULES = (
    "managers",
    "archivists",
    "master_builders",
    "foremen",
    "entrepreneurs",
    "wholesalers",
    "lawyers",
    "jewelers",
    "artisans",
    "brickmakers",
    "thieves",
)


def load() -> None:
    for name in MODULES:
        importlib.import_module(f"{__name__}.{name}")


def setup_guild(st: State) -> None:
    """The fourth group's own components (a deck of contracts, of section cards...), if it has any."""
    group = st.get("guild")
    if group in MODULES:
        setup = getattr(importlib.import_module(f"{__name__}.{group}"), "SETUP", None)
        if setup is not None:
            setup(st)
