"""Which decisions a San Juan player may take back before the game moves on.

A player's turn in a phase can be several decisions: the role and the chooser's own action, the
building chosen and its payment card by card. Until the next player decides, such a decision may
be taken back while it showed nothing new: a card drawn from the face-down deck (the Prospector,
the Councillor, production, trade, a building's bonus card) or a trading house tile turned up
counts as soon as it is seen. Paying puts cards face down on the discard pile: that shows nothing.
With the other players' agreement (a takeback request) a decision that passed the turn may go too,
on the same condition.
"""

from __future__ import annotations

from games.rules.base import TURN_PASSED, Engine, Move, State, kept_to_oneself
from games.rules.base import gettext_noop as _

DRAWN = _("That move drew a card from the face-down deck: the card was seen, so the draw counts.")
TILE = _("That move turned up a trading house tile: its prices were seen, so it counts.")


def refusal(engine: Engine, before: State, seat: int, move: Move, after: State, agreed: bool = False) -> str | None:
    if (before["round"], before["pick"]) != (after["round"], after["pick"]) and not agreed:
        return TURN_PASSED  # the role's phase is over, whoever acts now
    if len(before["deck"]) != len(after["deck"]) or before["reshuffles"] != after["reshuffles"]:
        return DRAWN
    if before["tile"] != after["tile"] or before["tiles_seen"] != after["tiles_seen"]:
        return TILE
    return kept_to_oneself(engine, before, seat, after, agreed)
