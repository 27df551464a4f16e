"""Positions for the Sankt Petersburg rule tests.

The tests read the game through the public engine API (view, legal_moves, apply, result); only
building a position (cards laid out, hands, display rows, deck tops, money, which phase) writes
into the state. Cards are named by their key in cards.json.
"""
from __future__ import annotations

from typing import Any

import games.rules.sankt_petersburg  # noqa: F401  (registers the engine)
from games.rules.base import registry
from games.rules.sankt_petersburg.cards import table

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


# --- building positions (state) ---------------------------------------------------------

def _key(st: dict, cid: str) -> str:
    return table(st)[cid].key


def pull(st: dict, key: str) -> str:
    """Take one card of `key` out of the supply (decks, discards, then the display) of this game."""
    piles = list(st["decks"].values()) + [st["discard"], st["upper"], st["lower"]]
    for pile in piles:
        for i, cid in enumerate(pile):
            if _key(st, cid) == key:
                return pile.pop(i)
    raise LookupError(f"no {key} left in the supply")


def lay(st: dict, seat: int, *keys: str) -> list[str]:
    """Put cards straight into the seat's display (as if laid out earlier)."""
    ids = [pull(st, k) for k in keys]
    p = st["p"][seat]
    p["cards"].extend(ids)
    for cid in ids:
        if table(st)[cid].special:
            p["special"].append(_key(st, cid))
    return ids


def hand(st: dict, seat: int, *keys: str) -> list[str]:
    """Put cards into the seat's hand (as if taken earlier)."""
    ids = [pull(st, k) for k in keys]
    st["p"][seat]["hand"].extend(ids)
    return ids


def rows(st: dict, upper: list[str] = (), lower: list[str] = ()) -> tuple[list[str], list[str]]:
    """Replace the display; the cards lying there go back under their decks."""
    for cid in st["upper"] + st["lower"]:
        st["decks"][table(st)[cid].deck].insert(0, cid)
    st["upper"], st["lower"] = [], []
    st["upper"] = [pull(st, k) for k in upper]
    st["lower"] = [pull(st, k) for k in lower]
    return list(st["upper"]), list(st["lower"])


def stack(st: dict, deck: str, *keys: str) -> list[str]:
    """Put cards on top of a deck; the first key is dealt first."""
    ids = [pull(st, k) for k in keys]
    st["decks"][deck].extend(reversed(ids))
    return ids


def deck_keep(st: dict, deck: str, count: int) -> None:
    """Leave only the top `count` cards in a deck; the rest goes to the discards."""
    pile = st["decks"][deck]
    cut = len(pile) - count
    st["discard"].extend(pile[:cut])
    del pile[:cut]


def set_money(st: dict, seat: int, amount: int) -> None:
    st["p"][seat]["money"] = amount


def set_points(st: dict, seat: int, amount: int) -> None:
    st["p"][seat]["points"] = amount


def goto(st: dict, phase: str, start: int | None = None, round: int = 2) -> None:
    """The start of the action step of `phase` in Durchgang `round`, with `start` holding the
    phase's stone (default: whoever holds it) and to act."""
    if start is not None:
        st["tokens"][phase] = start
    st.update(round=round, phase=phase, step="actions", first=False, passes=0,
              turn=st["tokens"][phase], queue=[], after=None)
    for p in st["p"]:
        p["auto"] = None
        p["flipped"] = []
