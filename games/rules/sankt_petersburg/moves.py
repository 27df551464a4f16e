"""The move shapes (all JSON dicts) and their short labels.

Action phase (the seat whose turn it is):
  {"type": "buy", "card": id}                      buy a display card (lower row: 1 ruble less)
  {"type": "buy", "card": id, "replace": own_id}   buy an exchange card, replacing an own card
  {"type": "take", "card": id}                     take a display card into hand (hand not full)
  {"type": "play", "card": id}                     lay out a hand card, paying its price
  {"type": "play", "card": id, "replace": own_id}  lay out an exchange card from hand
  {"type": "pass"}                                 pass this turn
  {"type": "pass", "until": "display"}             pass now and until another player takes a card
                                                   from the display or uses a card's action
  {"type": "pass", "until": "phase"}               pass now and for the rest of the phase
  {"type": "observatory", "card": own_observatory_id, "deck": deck}
      building phase, instead of a turn: draw the top card of that pile ("worker", "building",
      "aristocrat", "exchange"; the pile must hold at least 2 cards); then a decision follows.
In the first worker phase only "buy" is allowed (every player ends it with 2 workers).

Decisions (the seat at the head of the queue; see view.py "decision"):
  pub:         {"type": "pub", "points": n}   0 .. 5 per Pub, 2 rubles per point
  observatory: {"type": "observatory_take", "choice": "buy"} (+ "replace": own_id for an exchange
               card), {"type": "observatory_take", "choice": "hand"} or
               {"type": "observatory_take", "choice": "discard"}
Expansion moves and decisions are documented in their abilities_* modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.base import Move, Options, State

from .cards import INFO

# Labels of the moves that card modules add: type -> describe(move).
DESCRIBERS: dict[str, Callable[[Move], str]] = {}


def register_description(move_type: str, describer: Callable[[Move], str]) -> None:
    DESCRIBERS[move_type] = describer


# Labels as message ids with arguments (translated where shown); string arguments are English card
# names and the like, which the catalog translates too. Moves without one keep describe()'s text.
LABELS: dict[str, Callable[[Options, int, Move], dict[str, Any]]] = {}


def register_label(move_type: str, labeller: Callable[[Options, int, Move], dict[str, Any]]) -> None:
    LABELS[move_type] = labeller


def label(st: State, seat: int, move: Move) -> dict[str, Any]:
    fn = LABELS.get(str(move.get("type"))) if isinstance(move, dict) else None
    return fn(st, seat, move) if fn else {"msg": describe(move), "args": {}}


def _name(cid: object) -> str:
    card = INFO["1"].get(cid) if isinstance(cid, str) else None
    return card.name_en if card else "a card"


def describe(move: Move) -> str:
    t = move.get("type")
    card = _name(move.get("card"))
    if t in ("buy", "play"):
        verb = "Buy" if t == "buy" else "Play"
        if "replace" in move:
            return f"{verb} {card} replacing {_name(move.get('replace'))}"
        return f"{verb} {card}" + (" from hand" if t == "play" else "")
    if t == "take":
        return f"Take {card} into hand"
    if t == "pass":
        until = move.get("until")
        if until == "display":
            return "Pass until the display changes"
        if until == "phase":
            return "Pass for the rest of the phase"
        return "Pass"
    if t == "observatory":
        return f"Use the Observatory on the {move.get('deck')} pile"
    if t == "observatory_take":
        choice = move.get("choice")
        if choice == "buy":
            return "Buy the drawn card" + (f" replacing {_name(move.get('replace'))}" if "replace" in move else "")
        return "Take the drawn card into hand" if choice == "hand" else "Discard the drawn card"
    if t == "pub":
        n = move.get("points")
        return f"Buy {n} point{'s' if n != 1 else ''} at the Pub" if n else "Buy no points at the Pub"
    if t in DESCRIBERS:
        return DESCRIBERS[t](move)
    args = ", ".join(f"{k}={v}" for k, v in move.items() if k != "type")
    return f"{t}({args})" if args else str(t)
