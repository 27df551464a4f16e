"""The games' channel groups and what is announced on them. Payloads carry versions, never game content."""

from __future__ import annotations

from plumbing.broadcast import Message, send_all

LOBBY_GROUP = "lobby"


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def game_message(game_id: int, version: int, status: str) -> Message:
    return game_group(game_id), {"type": "game.version", "version": version, "status": status}


def user_games_message(user_id: int) -> Message:
    return user_group(user_id), {"type": "user.games"}


def chat_changed(game_id: int, count: int) -> None:
    send_all([(game_group(game_id), {"type": "game.chat", "count": count})])


def lobby_changed() -> None:
    send_all([(LOBBY_GROUP, {"type": "lobby.changed"})])
