"""Announcements on channel groups. Payloads carry versions, never game content."""
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # noqa: BLE001 - whatever the channel layer's backend raises when it is unreachable
        # Announcements are sent after the change is committed and carry only a version: a lost one
        # must not turn a stored move into an error. Clients catch up on their next ping or reconnect.
        logger.warning("Could not announce %s on %s", message["type"], group, exc_info=True)


def game_changed(game_id: int, version: int, status: str) -> None:
    _send(game_group(game_id), {"type": "game.version", "version": version, "status": status})


def chat_changed(game_id: int, count: int) -> None:
    _send(game_group(game_id), {"type": "game.chat", "count": count})


def lobby_changed() -> None:
    _send(LOBBY_GROUP, {"type": "lobby.changed"})


def user_games_changed(user_id: int) -> None:
    _send(user_group(user_id), {"type": "user.games"})
