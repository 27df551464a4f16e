"""Positions with the expansion's diamonds and special workshop tiles, for the rule tests."""

from __future__ import annotations

from typing import Any

from tests.rules.red_cathedral.rc_helpers import new, raw, set_player, turn_to

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


GUILD_GROUPS = ("craftsmen", "teamsters", "merchants")


def guild_card(group: str, number: int) -> dict:
    """A card of one of the expansion's guilds, as its data file has it."""
    return next(c for c in raw(f"guilds/{group}")["records"] if c["number"] == number)


def put_fourth(st: dict, quarter: int, card: str) -> None:
    """Put a card of the fourth group on a quarter, in place of the fourth group's card in play."""
    inf = st["influence"]
    i = next(k for k, c in enumerate(inf) if c.split("-")[0] not in GUILD_GROUPS)
    inf[i] = card
    inf[i], inf[quarter] = inf[quarter], inf[i]


def at_market(st: dict, p: int, quarter: int) -> None:
    """Player ``p`` has just moved a die into the first area of ``quarter``: the market stage."""
    turn_to(st, p, stage="market", area=2 * quarter, die="white", took=True, act=True)
