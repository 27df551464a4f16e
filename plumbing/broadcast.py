"""Announcements on channel groups, from request threads, workers and consumers alike."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from plumbing.deferred import server_loop

logger = logging.getLogger(__name__)

Message = tuple[str, dict[str, Any]]  # (group, message)


def send_all(messages: list[Message]) -> None:
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
        future.add_done_callback(lambda done: _lost(messages, done.exception()) if done.exception() else None)
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


def _lost(messages: list[Message], exc: BaseException | None) -> None:
    # Announcements are sent after the change is committed and carry only a version: a lost one
    # must not turn a stored change into an error. Clients catch up on their next ping or reconnect.
    logger.warning("Could not announce %s", ", ".join(f"{m['type']} on {g}" for g, m in messages), exc_info=exc)


async def _gather(layer: Any, messages: list[Message]) -> None:
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))
