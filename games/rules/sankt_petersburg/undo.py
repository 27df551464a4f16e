"""Which decisions a Sankt Petersburg player may take back before the turn passes.

A turn is one action, but an action may ask its player further decisions (a card's ability, the
Market's and the modules' steps, the good of a market symbol): while such a decision of the same
player is still open, the decisions before it may be taken back, as long as they showed nothing
new. A card dealt from a face-down pile (to the board or privately to a hand) or anything the
generator decided (the events, the sack) counts as soon as it is seen. Once the player's decisions
are all answered the turn passes, and the move counts, even when the next turn is theirs again
because everyone else has passed. With the other players' agreement (a takeback request) the
action may go too, unless it dealt or drew anything.
"""

from __future__ import annotations

from games.rules.base import TURN_PASSED, Engine, Move, State, kept_to_oneself
from games.rules.base import gettext_noop as _

DEALT = _("That move dealt a card from a face-down pile: the card was seen, so it counts.")


def _own_decision_open(st: State, seat: int) -> bool:
    return bool(st["queue"]) and st["queue"][0]["seat"] == seat


def _same_turn(before: State, after: State) -> bool:
    """The open decision comes from the seat's own action, or is the next of the phase's end
    decisions when one of them was answered; not from a phase the move ended."""
    if (before["round"], before["phase"]) != (after["round"], after["phase"]):
        return False
    return after["after"] in ACTION_DECISIONS or before["after"] == after["after"] == "phase"


# What follows the open decisions of an action (engine.py): the turn ends once they are answered.
ACTION_DECISIONS = ("turn", "turn:action", "again")


def refusal(engine: Engine, before: State, seat: int, move: Move, after: State, agreed: bool = False) -> str | None:
    if not agreed and (not _own_decision_open(after, seat) or not _same_turn(before, after)):
        return TURN_PASSED
    if {d: len(pile) for d, pile in before["decks"].items()} != {d: len(pile) for d, pile in after["decks"].items()}:
        return DEALT
    return kept_to_oneself(engine, before, seat, after, agreed)
