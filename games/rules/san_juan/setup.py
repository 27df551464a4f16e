"""Initial state: deck, trading tiles, starting cities and hands."""

from __future__ import annotations

from typing import Any

from games.rules.base import State, new_rng_state, rng, shuffled

from .cards import BASE_IDS, EXPANSION_IDS, INDIGO_IDS, KEY, RULES, TILES


def new_state(players: int, options: dict[str, Any], seed: int) -> State:
    st: State = {
        "v": 1,
        "n": players,
        "ed": options["edition"],
        "sv": options["start_variant"],
        "ex": options["expansion"],
        "rng": new_rng_state(seed),
        "deck": [],
        "disc": [],
        "out": [],
        "reshuffles": 0,
        "tiles": [],
        "tile": -1,
        "tiles_seen": [],
        "gov": 0,
        "round": 1,
        "pick": 0,
        "taken": [-1] * 5,
        "role": "",
        "chooser": -1,
        "lib": False,
        "libused": [False] * players,
        "phase": "",
        "step": "",
        "q": [],
        "cathedral": -1 if options["expansion"] else -2,
        "fresh": [-1] * players,
        "pend": [None] * players,
        "p": [],
    }
    st["tiles"] = shuffled(st, range(len(TILES)))
    st["gov"] = rng(st).randrange(players)
    starters = INDIGO_IDS[:players]
    pool = [c for c in BASE_IDS if c not in starters]
    if options["expansion"]:
        pool += EXPANSION_IDS
    # The deck is drawn from its end; its order is secret.
    st["deck"] = shuffled(st, pool)
    for seat in range(players):
        st["p"].append(
            {
                "hand": [],
                "city": [starters[seat]],
                "goods": [-1],
                "chapel": [],
                "bank": [],
                "harbor": [],
                "bank_used": False,
                "seen": [],
            }
        )
    for i in range(players):
        seat = (st["gov"] + i) % players
        size = RULES["start_variant_hands"][i] if st["sv"] else RULES["start_hand"]
        st["p"][seat]["hand"] = [st["deck"].pop() for _ in range(size)]
        if st["sv"]:
            st["pend"][seat] = {"k": "discard", "n": size - RULES["start_hand"], "why": "start"}
    assert all(KEY[c] == "indigo_plant" for c in starters)
    return st
