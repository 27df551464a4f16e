"""Positions for the Sankt Petersburg rule tests.

The tests read the game through the public engine API (view, legal_moves, apply, result); only
building a position (cards laid out, hands, display rows, deck tops, money, which phase) writes
into the state. Cards are named by their key in cards.json.
"""

from __future__ import annotations

from typing import Any

import games.rules.sankt_petersburg  # noqa: F401  (registers the engine)
from games.rules.base import registry

# Positions are built with the same helpers as the engine's contract tests.
from tests.rules.sankt_petersburg.sp_helpers import deck_keep, goto, hand, lay, pull, rows, set_money, set_points, stack  # noqa: F401

E = registry.get("sankt-petersburg")


# --- reading (public API) ---------------------------------------------------------------


def new(players: int = 4, seed: int = 1, **options: Any) -> dict:
    return E.setup(players, options, seed)


def v(st: dict, seat: int | None = None) -> dict:
    return E.view(st, seat)


def pl(st: dict, seat: int, viewer: int | None = None) -> dict:
    """Seat's player entry as `viewer` (default: the seat itself) sees it."""
    return E.view(st, seat if viewer is None else viewer)["players"][seat]


def money(st: dict, seat: int) -> int:
    return pl(st, seat)["money"]


def points(st: dict, seat: int) -> int:
    return pl(st, seat)["points"]


def slugs(cards: list[dict]) -> list[str]:
    return sorted(c["key"] for c in cards)


def card_ids(st: dict, seat: int) -> list[str]:
    return [c["id"] for c in pl(st, seat)["cards"]]


def hand_ids(st: dict, seat: int) -> list[str]:
    return [c["id"] for c in pl(st, seat)["hand"]]


def row_ids(st: dict) -> tuple[list[str], list[str]]:
    d = v(st)["display"]
    return [c["id"] if c else None for c in d["upper"]], [c["id"] if c else None for c in d["lower"]]


def card_in_display(st: dict, card_id: str, viewer: int | None = None) -> dict:
    d = v(st, viewer)["display"]
    for c in d["upper"] + d["lower"]:
        if c and c["id"] == card_id:
            return c
    raise LookupError(f"{card_id} is not in the display")


def strings_in(obj: Any) -> set[str]:
    """Every string anywhere in a JSON-like value (to check a card id is not shown)."""
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings_in(x) for x in obj.values())) if obj else set()
    if isinstance(obj, (list, tuple)):
        return set().union(*(strings_in(x) for x in obj)) if obj else set()
    return set()


def deck_count(st: dict, deck: str) -> int:
    return v(st)["decks"][deck]["count"]


def act(st: dict, seat: int, move: dict) -> list[dict]:
    """Apply a move, keeping `st` the live state object."""
    new_st, events = E.apply(st, seat, move)
    if new_st is not st:
        st.clear()
        st.update(new_st)
    return events


def pass_all(st: dict, limit: int = 200) -> list[dict]:
    """Everyone to act passes until the action step of this phase is over."""
    here = (v(st)["round"], v(st)["phase"])
    events: list[dict] = []
    for _ in range(limit):
        view = v(st)
        if (view["round"], view["phase"]) != here or view["step"] != "actions" or E.is_over(st):
            return events
        events += act(st, E.to_act(st)[0], {"type": "pass"})
    raise AssertionError("the action phase did not end")


def finish_first_worker_round(st: dict) -> None:
    """Play the very first worker round: everyone buys the cheapest worker on offer."""
    while v(st)["round"] == 1 and v(st)["phase"] == "worker":
        (seat,) = E.to_act(st)
        display = v(st, seat)["display"]
        prices = {c["id"]: c["price"] for c in display["upper"] + display["lower"] if c}
        move = min(E.legal_moves(st, seat), key=lambda m: prices[m["card"]])
        act(st, seat, move)
