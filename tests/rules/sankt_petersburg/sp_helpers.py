"""Build Sankt Petersburg positions for tests.

Cards are named by their key in games/rules/sankt_petersburg/cards.json ("lumberjack",
"customs_house", "pub", ...); the helpers move real card instances of this game (pulled from the
piles, then the discards), so every card stays unique and views stay consistent.

Reading goes through the engine (``E.view``, ``E.legal_moves``, ``E.apply``); only building a
position writes into the state:

    st = new(3, seed=2)                 # set up; options as keywords (edition="2", expansion=True)
    goto(st, "building", start=1)       # start of the building actions, seat 1 holds the stone
    upper, lower = rows(st, ["theater", "market"], ["pub"])   # the display (ids returned)
    lay(st, 0, "carpenter_workshop", "theater")               # seat 0's display
    hand(st, 0, "library")              # seat 0's hand
    stack(st, "aristocrat", "author")   # next card dealt from that pile
    set_money(st, 0, 30); set_points(st, 0, 5)
    events = act(st, 1, {"type": "pass"})                     # apply, asserting nothing
    moves_of(st, 0, "buy")              # legal moves of one type
    random_game(4, seed=3)              # a random game to the end -> (state, move log)
    play_through(4, {}, seed=3, check=...)  # the same, one seat at a time, checked after every move
    all_cards(st)                       # every card id in the game, wherever it lies
    dump(st)                            # canonical JSON (compare states byte for byte)
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import games.rules.sankt_petersburg  # noqa: F401  (registers the engine)
from games.rules.base import registry
from games.rules.sankt_petersburg.cards import table

E = registry.get("sankt-petersburg")


def new(players: int = 4, seed: int = 1, **options: Any) -> dict:
    return E.setup(players, options, seed)


def act(st: dict, seat: int, move: dict) -> list[dict]:
    """Apply a move on the live state object and return the events."""
    new_st, events = E.apply(st, seat, move)
    assert new_st is st
    return events


def moves_of(st: dict, seat: int, kind: str) -> list[dict]:
    return [m for m in E.legal_moves(st, seat) if m["type"] == kind]


def key_of(st: dict, cid: str) -> str:
    return table(st)[cid].key


def pull(st: dict, key: str) -> str:
    """One card of `key` out of this game's supply (the piles, the discards, then the display)."""
    for pile in list(st["decks"].values()) + [st["discard"], st["upper"], st["lower"]]:
        for i, cid in enumerate(pile):
            if key_of(st, cid) == key:
                return pile.pop(i)
    raise LookupError(f"no {key} left in the supply")


def lay(st: dict, seat: int, *keys: str) -> list[str]:
    """Put cards into the seat's display as if laid out earlier (special cards counted)."""
    ids = [pull(st, k) for k in keys]
    p = st["p"][seat]
    p["cards"].extend(ids)
    p["special"].extend(key_of(st, c) for c in ids if table(st)[c].special)
    return ids


def hand(st: dict, seat: int, *keys: str) -> list[str]:
    ids = [pull(st, k) for k in keys]
    st["p"][seat]["hand"].extend(ids)
    return ids


def rows(st: dict, upper: list[str] = (), lower: list[str] = ()) -> tuple[list[str], list[str]]:
    """Replace the display; cards lying there go back under their piles."""
    for cid in st["upper"] + st["lower"]:
        st["decks"][table(st)[cid].deck].insert(0, cid)
    st["upper"], st["lower"] = [], []
    st["upper"] = [pull(st, k) for k in upper]
    st["lower"] = [pull(st, k) for k in lower]
    return list(st["upper"]), list(st["lower"])


def stack(st: dict, deck: str, *keys: str) -> list[str]:
    """Put cards on top of a pile; the first key is dealt first."""
    ids = [pull(st, k) for k in keys]
    st["decks"][deck].extend(reversed(ids))
    return ids


def deck_keep(st: dict, deck: str, count: int) -> None:
    """Leave only the top `count` cards of a pile; the rest goes to the discards."""
    pile = st["decks"][deck]
    cut = len(pile) - count
    st["discard"].extend(pile[:cut])
    del pile[:cut]


def set_money(st: dict, seat: int, amount: int) -> None:
    st["p"][seat]["money"] = amount


def set_points(st: dict, seat: int, amount: int) -> None:
    st["p"][seat]["points"] = amount


def goto(st: dict, phase: str, start: int | None = None, round: int = 2) -> None:
    """The start of the action step of `phase` in Durchgang `round` (past the first worker
    phase), with `start` holding that phase's stone and to act."""
    if start is not None:
        st["tokens"][phase] = start
    st.update(
        round=round, phase=phase, step="actions", first=False, passes=0, turn=st["tokens"][phase], queue=[], after=None
    )
    for p in st["p"]:
        p["auto"] = None
        p["flipped"] = []


def finish_first_round(st: dict) -> None:
    """Play the mandatory first worker phase: everyone buys the cheapest worker."""
    while st["first"]:
        (seat,) = E.to_act(st)
        act(st, seat, E.timeout_move(st, seat))


def random_game(
    players: int, seed: int, options: dict | None = None, max_steps: int = 20000
) -> tuple[dict, list[tuple[int, dict]]]:
    rng = random.Random(seed)
    st = E.setup(players, options or {}, seed)
    log: list[tuple[int, dict]] = []
    for _ in range(max_steps):
        if E.is_over(st):
            return st, log
        seat = rng.choice(E.to_act(st))
        move = rng.choice(E.legal_moves(st, seat))
        log.append((seat, json.loads(json.dumps(move))))
        st, _ = E.apply(st, seat, move)
    raise AssertionError("the game did not end")


def play_through(
    players: int,
    options: dict,
    seed: int,
    *,
    choose: Callable[[dict, int, list[dict], random.Random, int], dict] | None = None,
    check: Callable[[dict], None] | None = None,
    max_moves: int = 5000,
) -> tuple[dict, list[tuple[int, dict]]]:
    """A whole game in which exactly one seat acts at a time -> (state, move log).

    ``choose(state, seat, legal, rng, moves so far)`` picks each move (default: uniformly from
    ``legal``, with ``random.Random(seed)``); ``check(state)`` runs after every move.
    """
    rng = random.Random(seed)
    st = E.setup(players, options, seed)
    log: list[tuple[int, dict]] = []
    while not E.is_over(st):
        (seat,) = E.to_act(st)
        legal = E.legal_moves(st, seat)
        move = choose(st, seat, legal, rng, len(log)) if choose else rng.choice(legal)
        log.append((seat, copy.deepcopy(move)))
        st, _ = E.apply(st, seat, move)
        if check:
            check(st)
        assert len(log) < max_moves
    return st, log


def assert_no_debt(st: dict) -> None:
    assert all(p["money"] >= 0 for p in st["p"])


def all_cards(st: dict) -> list[str]:
    """Every card id of the game: display, discards, piles, the seats' displays and hands, and an
    Observatory draw waiting for its decision."""
    out = list(st["upper"]) + list(st["lower"]) + list(st["discard"])
    for pile in st["decks"].values():
        out += pile
    for p in st["p"]:
        out += p["cards"] + p["hand"]
    out += [d["card"] for d in st["queue"] if d["kind"] == "observatory"]
    out += [c for d in st["queue"] if d["kind"] == "twin" for c in d["cards"]]
    out += st["ext"].get("banquet", {}).get("box", [])
    return out


def dump(st: dict) -> str:
    return json.dumps(st, sort_keys=True, separators=(",", ":"))


def assert_replays(players: int, options: dict, seed: int, log: list[tuple[int, dict]], final: dict) -> None:
    """Setting up the same game and applying the logged moves gives the final state byte for byte."""
    again = E.setup(players, options, seed)
    for seat, move in log:
        again, _ = E.apply(again, seat, json.loads(json.dumps(move)))
    assert dump(again) == dump(final)


def assert_sum_table_adds_up(stats: list[dict], scores: list[int]) -> None:
    """Every point a seat scores shows in an income or end row of the ∑ table."""
    parts = [r for r in stats if r["group"] == "income" and not r["label"].endswith("rubles") or r["group"] == "end"]
    assert [sum(r["values"][s] for r in parts) for s in range(len(scores))] == scores
