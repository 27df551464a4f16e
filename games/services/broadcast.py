"""The games' channel groups and what is announced on them. Payloads carry versions and who must act
now, never game content. The frames the sockets make of them are documented in docs/asyncapi.yaml."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.services.rows import SeatRow
from plumbing.broadcast import Message, send_all

LOBBY_GROUP = "lobby"


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def game_message(game_id: int, version: int, status: str, to_act: Iterable[dict[str, Any]] = ()) -> Message:
    return game_group(game_id), {"type": "game.version", "version": version, "status": status, "to_act": list(to_act)}


def acting(players: Iterable[SeatRow], seats: Iterable[int]) -> list[dict[str, Any]]:
    """Who must act at ``seats``, as every reader of the game sees it on its players list (the
    game's view): the seat, its person's username and name, and whether a bot plays it now."""
    wanted = set(seats)
    return [
        {
            "seat": p.seat,
            "username": None if p.is_bot else p.username,
            "name": None if p.is_bot else p.shown_name,
            "bot": p.controlled_by_bot,
            "deadline": p.deadline.isoformat() if p.deadline else None,
        }
        for p in sorted(players, key=lambda p: p.seat)
        if p.seat in wanted
    ]


def user_games_message(user_id: int) -> Message:
    return user_group(user_id), {"type": "user.games"}


def chat_changed(game_id: int, count: int) -> None:
    send_all([(game_group(game_id), {"type": "game.chat", "count": count})])


def lobby_changed() -> None:
    send_all([(LOBBY_GROUP, {"type": "lobby.changed"})])
