"""Who is looking at a game right now (an open WebSocket for it).

Presence is a hint (it saves a turn email to someone watching the board), so an unreachable cache
means "nobody is watching" rather than an error in the middle of a move or a socket.
"""

import functools
import logging

from django.core.cache import cache

logger = logging.getLogger(__name__)


def _best_effort(default):
    def wrap(func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            try:
                return func(*args, **kwargs)
            except Exception:  # noqa: BLE001 - whatever the cache backend raises when it is down
                logger.warning("Presence unavailable in %s", func.__name__, exc_info=True)
                return default

        return run

    return wrap


# A connection refreshes its mark on every ping; a mark older than this is stale.
PRESENCE_TTL = 90


def _key(game_id: int, user_id: int) -> str:
    return f"presence:{game_id}:{user_id}"


@_best_effort(None)
def mark_watching(game_id: int, user_id: int, channel_name: str) -> None:
    key = _key(game_id, user_id)
    channels = set(cache.get(key) or ())
    channels.add(channel_name)
    cache.set(key, sorted(channels), PRESENCE_TTL)


@_best_effort(None)
def unmark_watching(game_id: int, user_id: int, channel_name: str) -> None:
    key = _key(game_id, user_id)
    channels = set(cache.get(key) or ())
    channels.discard(channel_name)
    if channels:
        cache.set(key, sorted(channels), PRESENCE_TTL)
    else:
        cache.delete(key)


@_best_effort(False)
def is_watching(game_id: int, user_id: int) -> bool:
    return bool(cache.get(_key(game_id, user_id)))
