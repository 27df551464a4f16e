"""Set-up and small helpers shared by the phase modules."""

from __future__ import annotations

from typing import Any

from games.rules.base import State, new_rng_state, rng, shuffled

from .cards import PHASES, RULES, compose, decks_of, phases, table
from .hooks import ABILITIES, active_rules


def new_player(money: int) -> dict[str, Any]:
    return {
        "money": money,
        "points": 0,
        "cards": [],  # own display, in the order laid out
        "hand": [],
        "flipped": [],  # own display cards turned face down (a used Observatory)
        "auto": None,  # standing pass: None | "display" | "phase"
        "inc": [0, 0, 0, 0, 0, 0],  # income: worker r/p, building r/p, aristocrat r/p
        "pub": 0,  # points bought after building scorings
        "special": [],  # keys of special cards laid out, in order
    }


def deal_tokens(st: State) -> None:
    """Start-player stones: 4 players one each, 3 players one seat two, 2 players two each;
    5 players one stone each of five, the fifth being the sack (never a start player).
    With the Market five stones, one per round (the market's is the sack): every player one, the
    rest to different random players (2 players: two each and the fifth to one of them)."""
    n = st["n"]
    if st["opts"].get("market"):
        stones = list(phases(st))
        holders = list(range(n)) * (2 if n == 2 else 1)
        # "Die übrigen beiden Karten werden je einem Spieler zugelost": each to a different player.
        holders += rng(st).sample(range(n), len(stones) - len(holders))
        holders = shuffled(st, holders)
        st["tokens"] = dict(zip(stones, holders))
        st["sack"] = None
        return
    stones = list(PHASES) + (["sack"] if n == 5 else [])
    if n == 5:
        holders = list(range(5))
    elif n == 4:
        holders = [0, 1, 2, 3]
    elif n == 3:
        holders = [0, 1, 2, rng(st).randrange(3)]
    else:
        holders = [0, 0, 1, 1]
    holders = shuffled(st, holders)
    st["tokens"] = {stone: seat for stone, seat in zip(stones, holders) if stone != "sack"}
    st["sack"] = holders[4] if n == 5 else None


def new_state(players: int, opts: dict[str, Any], seed: int) -> State:
    st: State = {
        "n": players,
        "opts": opts,
        "rng": new_rng_state(seed),
        "round": 1,
        "phase": "worker",
        "step": "actions",
        "first": True,
        "tokens": {},
        "sack": None,
        "turn": 0,
        "passes": 0,
        "decks": {},
        "upper": [],
        "lower": [],
        "discard": [],
        "p": [new_player(RULES["start_money"]) for _ in range(players)],
        "queue": [],
        "after": None,
        "end": False,
        "last_scoring": None,
        "final": None,
        "ext": {},
    }
    decks = compose(opts)
    for module in active_rules(opts):
        if module.compose:
            module.compose(opts, decks)
    st["decks"] = {d: shuffled(st, sorted(decks[d], key=lambda c: int(c[1:]))) for d in decks_of(opts)}
    deal_tokens(st)
    return st


def to_act(st: State) -> list[int]:
    if st["step"] == "over":
        return []
    if st["queue"]:
        return [st["queue"][0]["seat"]]
    return [st["turn"]]


def hand_limit(st: State, seat: int) -> int:
    limit = RULES["hand_limit"]
    for module in active_rules(st["opts"]):
        if module.hand_limit:
            limit += module.hand_limit(st, seat)
    tab = table(st)
    for cid in st["p"][seat]["cards"]:
        c = tab[cid]
        if c.ability:
            ab = ABILITIES.get(c.ability)
            if ab and ab.hand_limit:
                limit += ab.hand_limit(st, seat, cid)
    result: int = limit
    return result


def display(st: State) -> list[str]:
    result: list[str] = st["upper"] + st["lower"]
    return result


def order_from(st: State, start: int) -> list[int]:
    n = st["n"]
    return [(start + i) % n for i in range(n)]


def draw(st: State, deck: str, count: int) -> list[str]:
    """Cards dealt from a pile; dealing its last card triggers the end of the game."""
    pile = st["decks"][deck]
    out: list[str] = []
    while pile and len(out) < count:
        out.append(pile.pop())
    if out and not pile:
        st["end"] = True
    return out
