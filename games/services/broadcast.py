"""Announcements on channel groups. Payloads carry versions, never game content."""
import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from config.http_handler import server_loop

logger = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def _send(group: str, message: dict) -> None:
    send_all([(group, message)])


def send_all(messages: list[tuple[str, dict]]) -> None:
    """Send to several groups at once: one trip to the event loop, the sends side by side.

    In the web process the sends are handed to its event loop and the request
    goes on without waiting for Redis; elsewhere (Celery workers) they are
    awaited here.
    """
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    loop = server_loop()
    if loop is not None and loop.is_running() and not _on(loop):
        future = asyncio.run_coroutine_threadsafe(_gather(layer, messages), loop)
        future.add_done_callback(lambda done: done.exception() and _lost(messages, done.exception()))
        return
    try:
        async_to_sync(_gather)(layer, messages)
    except Exception as exc:  # noqa: BLE001 - whatever the channel layer's backend raises when it is unreachable
        _lost(messages, exc)


def _on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _lost(messages: list[tuple[str, dict]], exc: BaseException) -> None:
    # Announcements are sent after the change is committed and carry only a version: a lost one
    # must not turn a stored move into an error. Clients catch up on their next ping or reconnect.
    logger.warning("Could not announce %s", ", ".join(f"{m['type']} on {g}" for g, m in messages), exc_info=exc)


async def _gather(layer, messages: list[tuple[str, dict]]) -> None:
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))


def game_message(game_id: int, version: int, status: str) -> tuple[str, dict]:
    return game_group(game_id), {"type": "game.version", "version": version, "status": status}


def user_games_message(user_id: int) -> tuple[str, dict]:
    return user_group(user_id), {"type": "user.games"}


def game_changed(game_id: int, version: int, status: str) -> None:
    send_all([game_message(game_id, version, status)])


def chat_changed(game_id: int, count: int) -> None:
    _send(game_group(game_id), {"type": "game.chat", "count": count})


def lobby_changed() -> None:
    _send(LOBBY_GROUP, {"type": "lobby.changed"})


def user_games_changed(user_id: int) -> None:
    send_all([user_games_message(user_id)])
