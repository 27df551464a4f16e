"""Which moves of a turn a player may take back before ending it.

A turn is several decisions (the basic action, the market, the optional actions) closed by "end".
Until then a move may be taken back while it showed nothing new: the rules' dice are rolled only
by a reroll and at the end of the turn, and cards come face up only from the face-down piles
(drawn contracts, the Master Builders' section cards, a specialist refilling the row from the bag).
Iwan's choices in the solo game are his turn's, and the draft of the special workshop tiles hands
the choice on, so neither is taken back. With the other players' agreement (a takeback request)
"end" may go too, unless it rolled the dice (the end of a market turn) or ended the game.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import TURN_PASSED, Engine, Move, State, kept_to_oneself
from games.rules.base import gettext_noop as _

from . import special_tiles

REROLL = _("A reroll rolls the dice: their new pips count and cannot be taken back.")
FACE_DOWN = _(
    "That move turned up a card from a face-down pile (a contract, a section card or a specialist from "
    "the bag): what it showed cannot be unseen."
)
CHOSEN = _("A choice among cards drawn from a face-down pile counts: they were seen.")
IWANS_CHOICE = _("Iwan's choices belong to his turn: they cannot be taken back.")
DRAFT = _("A special workshop tile drafted is taken: the draft cannot be taken back.")


def _face_down(st: State) -> tuple[Any, ...]:
    """How many cards each face-down pile holds, and the cards a guild action has drawn."""
    return (
        len(st.get("contracts", ())),
        len(st["builders"]["deck"]) if "builders" in st else None,
        len(st["contr"]["bag"]) if "contr" in st else None,
        "choice" in st["turn"],
    )


def _turn_passed(before: State, seat: int, move: Move, after: State, agreed: bool) -> bool:
    """The move ended the turn; with the others' agreement only the one turn, to the next player."""
    if not agreed:
        return move.get("type") == "end" or before["turns"] != after["turns"] or after["turn"]["seat"] != seat
    return bool(before["turns"] + (move.get("type") == "end") != after["turns"])


def refusal(engine: Engine, before: State, seat: int, move: Move, after: State, agreed: bool = False) -> str | None:
    if before["pend"] or after["pend"] or move.get("type", "").startswith("iwan_"):
        return IWANS_CHOICE
    if special_tiles.drafting(before) is not None:
        return DRAFT
    if _turn_passed(before, seat, move, after, agreed):
        return TURN_PASSED
    if move.get("type") == "reroll":
        return REROLL
    if "choice" in before["turn"]:
        return CHOSEN
    if _face_down(before) != _face_down(after):
        return FACE_DOWN
    return kept_to_oneself(engine, before, seat, after, agreed)
