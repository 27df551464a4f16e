"""A small fixed-window rate limit for the login and sign-up forms."""
from django.conf import settings
from django.core.cache import cache


def client_ip(request) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def rate_limited(request, scope: str, limit: int | None = None, window: int = 60) -> bool:
    """Count one attempt; True once the client has made more than ``limit`` in ``window`` seconds."""
    limit = limit or getattr(settings, "AUTH_ATTEMPTS_PER_MINUTE", 20)
    key = f"rl:{scope}:{client_ip(request)}"
    cache.add(key, 0, window)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.set(key, 1, window)
        count = 1
    return count > limit
