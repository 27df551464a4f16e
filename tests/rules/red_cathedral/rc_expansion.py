"""Positions with the expansion's diamonds and special workshop tiles, for the rule tests."""

from __future__ import annotations

from typing import Any

from tests.rules.red_cathedral.rc_helpers import new, raw, set_player

DIAMONDS = {r["id"]: r for r in raw("diamonds")["records"]}
SPECIAL = {r["id"]: r for r in raw("special_tiles")["records"] if "effect" in r}


def diamond_game(players: int = 2, seed: int = 3, **options: Any) -> dict:
    """A game with diamonds in the supply (the special tiles' option), the draft skipped."""
    st = new(players, seed=seed, special_tiles=True, **options)
    st["draft"] = None
    for pl in st["pl"]:
        if "special" in pl:
            pl["special"] = None
    return st


def give_diamonds(st: dict, p: int, n: int) -> None:
    st["supply"]["diamond"] -= n - st["pl"][p]["inv"]["diamond"]
    st["pl"][p]["inv"]["diamond"] = n


def holding(st: dict, p: int, tile: str, inv: dict[str, int] | None = None, **fields: Any) -> None:
    """Player ``p`` holds the special tile ``tile`` (drafted, not yet placed)."""
    st["pl"][p]["special"] = tile
    set_player(st, p, inv=inv, **fields)
