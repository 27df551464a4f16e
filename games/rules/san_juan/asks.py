"""Yes/no questions for what the rules leave to the player.

"Er darf anschließend aber darauf verzichten, die Aktion bzw. das Privileg
dieser Rolle auszuführen" and, for every city building, "Es darf benutzt
werden, muss aber nicht": wherever the engine would otherwise apply such an
effect by itself, the player concerned is asked first.

A seat's questions are answered one at a time; once all are answered its
decision is complete (``ok``). The phase then carries the answers out, in
turn order, after every seat of the step has answered, so that the order in
which simultaneous answers arrive never matters.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, Move, State

from .common import draw_to_hand, order_from

# Effects that only hand the owner cards from the deck: (reason shown in the log, cards).
CARD_BONUS: dict[str, str] = {
    "well": "Well",
    "market_stand": "Market stand",
    "market_hall": "Market hall",
    "hut": "Hut",
    "tavern": "Tavern",
    "carpenter": "Carpenter",
    "poor_house": "Poor house",
}


def ask(st: State, seat: int, questions: list[dict[str, Any]], **extra: Any) -> None:
    """Give the seat these questions; ``extra`` is kept beside the answers for the phase."""
    st["pend"][seat] = {"k": "ask", "qs": list(questions), "a": {}, **extra}
    _skip_moot(st["pend"][seat])


def _skip_moot(pend: dict[str, Any]) -> None:
    """Drop questions that only matter after a yes the player did not give."""
    while pend["qs"] and pend["qs"][0].get("if") and not pend["a"].get(pend["qs"][0]["if"]):
        pend["a"][pend["qs"][0]["q"]] = False
        pend["qs"].pop(0)
    if not pend["qs"]:
        pend["ok"] = True


def current(st: State, seat: int) -> dict[str, Any]:
    result: dict[str, Any] = st["pend"][seat]["qs"][0]
    return result


def ask_moves(st: State, seat: int) -> list[Move]:
    q = current(st, seat)
    moves: list[Move] = [{"type": "use", "yes": True}]
    if q.get("base") is not None:
        moves.append({"type": "use", "yes": True, "privilege": False})
    moves.append({"type": "use", "yes": False})
    return moves


def answer(st: State, seat: int, move: Move, events: list[Event]) -> None:
    pend = st["pend"][seat]
    q = current(st, seat)
    yes = move.get("yes")
    if not isinstance(yes, bool):
        raise IllegalMove("Answer yes or no.")
    if "privilege" in move and (move["privilege"] is not False or not yes or q.get("base") is None):
        raise IllegalMove("You cannot decline the privilege here.")
    pend["a"][q["q"]] = ("action" if "privilege" in move else True) if yes else False
    pend["qs"].pop(0)
    _skip_moot(pend)


def answers(st: State, seat: int) -> dict[str, Any]:
    pend = st["pend"][seat]
    return pend["a"] if pend and pend["k"] == "ask" else {}


def give_bonus_cards(st: State, events: list[Event], start: int) -> None:
    """Draw the cards of every accepted card-only effect, in turn order from ``start``."""
    for seat in order_from(st, start):
        said = answers(st, seat)
        st["pend"][seat] = None
        for key, reason in CARD_BONUS.items():
            if said.get(key):
                draw_to_hand(st, seat, 1, reason, events)


def any_asked(st: State) -> bool:
    return any(p is not None and p["k"] == "ask" for p in st["pend"])
