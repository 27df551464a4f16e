"""Build San Juan states for tests: hands, cities and deck tops by card key."""

from __future__ import annotations

import json
import random
from typing import Any

from games.rules.san_juan import flow
from games.rules.san_juan.cards import CATHEDRAL, KEY
from games.rules.san_juan.engine import SanJuan

E = SanJuan()


def new(players: int = 2, seed: int = 1, **options: Any) -> dict:
    return E.setup(players, options, seed)


def pull(st: dict, key: str) -> int:
    """Take one card of `key` out of the deck (or the discards)."""
    for pile in (st["deck"], st["disc"]):
        for i, c in enumerate(pile):
            if KEY[c] == key:
                return pile.pop(i)
    raise LookupError(f"no {key} left in the supply")


def filler(st: dict, exclude: tuple[str, ...] = ()) -> int:
    """Any card from the bottom of the deck (used as goods or payment)."""
    for i, c in enumerate(st["deck"]):
        if KEY[c] not in exclude:
            return st["deck"].pop(i)
    raise LookupError("deck empty")


def empty_hands_at_pick(players: int = 2, seed: int = 3, **options: Any) -> dict:
    """A new game at seat 0's role choice with every hand empty: each test deals what it needs."""
    st = new(players, seed=seed, **options)
    to_pick(st, 0)
    for seat in range(players):
        set_hand(st, seat, [])
    return st


def set_hand(st: dict, seat: int, keys: list[str]) -> list[int]:
    p = st["p"][seat]
    st["deck"][0:0] = p["hand"]
    p["hand"], p["seen"] = [], []
    p["hand"] = [pull(st, k) for k in keys]
    return list(p["hand"])


def set_city(st: dict, seat: int, keys: list[str], goods: list[bool] | None = None) -> list[int]:
    p = st["p"][seat]
    for c, g in zip(p["city"], p["goods"]):
        st["deck"].insert(0, c)
        if g >= 0:
            st["deck"].insert(0, g)
    p["city"] = [pull(st, k) for k in keys]
    p["goods"] = [-1] * len(keys)
    for i, has in enumerate(goods or []):
        if has:
            p["goods"][i] = filler(st)
    return list(p["city"])


def stack(st: dict, keys: list[str]) -> list[int]:
    """Put cards on top of the deck; the first key is drawn first."""
    cards = [pull(st, k) for k in keys]
    st["deck"].extend(reversed(cards))
    return cards


def to_pick(st: dict, seat: int, gov: int | None = None, pick: int = 0) -> None:
    """Make `seat` the next to choose a role."""
    st["gov"] = seat if gov is None else gov
    st["pick"] = pick
    st["taken"] = [-1] * 5
    st["pend"] = [None] * st["n"]
    st["libused"] = [False] * st["n"]
    st["phase"] = "role"
    flow.begin_pick(st, [])
    assert st["pend"][seat] == {"k": "role"}, "pick order does not put this seat next"


def role(st: dict, seat: int, name: str, library: bool | None = None, answer: bool = True) -> list[dict]:
    """Choose a role; with ``answer`` every question it raises is answered with the full use."""
    move = {"type": "role", "role": name}
    if library is not None:
        move["library"] = library
    events = E.apply(st, seat, move)[1]
    return events + (say_yes(st) if answer else [])


def play(st: dict, seat: int, move: dict, answer: bool = True) -> list[dict]:
    events = E.apply(st, seat, move)[1]
    return events + (say_yes(st) if answer else [])


def asked(st: dict, seat: int) -> str | None:
    """The question the seat is being asked now, or None."""
    pend = st["pend"][seat]
    return pend["qs"][0]["q"] if pend and pend["k"] == "ask" and not pend.get("ok") else None


def say_yes(st: dict) -> list[dict]:
    """Answer every open question with its first answer: the full use (what a timeout does)."""
    events: list[dict] = []
    while True:
        seat = next((s for s in range(st["n"]) if asked(st, s)), None)
        if seat is None:
            return events
        events += E.apply(st, seat, E.legal_moves(st, seat)[0])[1]


def say(st: dict, seat: int, yes: bool, **extra) -> list[dict]:
    """Answer the seat's current question without answering the others'."""
    return E.apply(st, seat, {"type": "use", "yes": yes, **extra})[1]


def key_of(card: int) -> str:
    return KEY[card]


def keys(cards: list[int]) -> list[str]:
    return sorted(KEY[c] for c in cards)


def all_cards(st: dict) -> list[int]:
    """Every card id the state holds anywhere, for conservation checks."""
    out = list(st["deck"]) + list(st["disc"]) + list(st["out"])
    for p in st["p"]:
        out += p["hand"] + p["city"] + [g for g in p["goods"] if g >= 0] + p["chapel"] + p["bank"] + p["harbor"]
    for pend in st["pend"]:
        if pend and "drawn" in pend:
            out += pend["drawn"]
    return sorted(c for c in out if c != CATHEDRAL)


def random_game(players: int, seed: int, options: dict | None = None, limit: int = 20000) -> tuple[dict, int]:
    st = E.setup(players, options or {}, seed)
    rng = random.Random(seed)
    n = 0
    while not E.is_over(st):
        seat = rng.choice(E.to_act(st))
        st, _ = E.apply(st, seat, rng.choice(E.legal_moves(st, seat)))
        n += 1
        assert n < limit, "game did not finish"
    return st, n


def dump(st: dict) -> str:
    return json.dumps(st, sort_keys=True)


def next_round(st: dict) -> list[dict]:
    """End the current round at once and run the new round's start steps."""
    events: list[dict] = []
    st["pend"] = [None] * st["n"]
    st["pick"] = len(flow.pickers(st)) - 1
    flow.role_done(st, events)
    flow.advance(st, events)
    return events
