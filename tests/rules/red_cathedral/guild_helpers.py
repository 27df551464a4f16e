"""Positions for the guild tests: a game with a given fourth group, one of its cards in a quarter and
a die just landed there, so the card's actions are the player's market actions."""

from __future__ import annotations

from typing import Any

from games.rules.red_cathedral import data
from tests.rules.red_cathedral.rc_helpers import new, turn_to


def guild_card(group: str, number: int) -> dict[str, Any]:
    doc = data.load_raw(f"guilds/{group}")
    card: dict[str, Any] = next(r for r in doc["records"] if r["number"] == number)
    return card


def game_with(group: str, players: int = 2, seed: int = 1, **options: Any) -> dict:
    return new(players, seed=seed, guild=group, **options)


def at_card(st: dict, seat: int, card: str, quarter: int = 0) -> None:
    """``card`` (of the fourth group) lies in ``quarter`` and ``seat``'s die has just landed there."""
    group = card.rsplit("-", 1)[0]
    inf = st["influence"]
    i = next(k for k, c in enumerate(inf) if c.rsplit("-", 1)[0] == group)
    inf[i] = card
    inf[i], inf[quarter] = inf[quarter], inf[i]
    area = 2 * quarter
    die = next(d for d in data.DICE if st["market"]["dice"][d][0] == area) if _die_in(st, area) else "white"
    st["market"]["dice"][die][0] = area
    turn_to(st, seat, stage="market", area=area, die=die, took=True)


def _die_in(st: dict, area: int) -> bool:
    return any(st["market"]["dice"][d][0] == area for d in data.DICE)


def action_index(card: str, act: str) -> int:
    group, number = card.rsplit("-", 1)
    return next(i for i, a in enumerate(guild_card(group, int(number))["actions"]) if a["act"] == act)
