"""Who is looking at a game right now (an open WebSocket for it)."""
from django.core.cache import cache

# A connection refreshes its mark on every ping; a mark older than this is stale.
PRESENCE_TTL = 90


def _key(game_id: int, user_id: int) -> str:
    return f"presence:{game_id}:{user_id}"


def mark_watching(game_id: int, user_id: int, channel_name: str) -> None:
    key = _key(game_id, user_id)
    channels = set(cache.get(key) or ())
    channels.add(channel_name)
    cache.set(key, sorted(channels), PRESENCE_TTL)


def unmark_watching(game_id: int, user_id: int, channel_name: str) -> None:
    key = _key(game_id, user_id)
    channels = set(cache.get(key) or ())
    channels.discard(channel_name)
    if channels:
        cache.set(key, sorted(channels), PRESENCE_TTL)
    else:
        cache.delete(key)


def is_watching(game_id: int, user_id: int) -> bool:
    return bool(cache.get(_key(game_id, user_id)))
