"""Small fixed-window rate limits: the login, sign-up and password-reset forms, and checks of a
signed-in user's password."""
import hashlib

from django.conf import settings
from django.core.cache import cache


def client_ip(request) -> str:
    # config.client_address.ClientAddressMiddleware has put the proxy-aware address here.
    return request.META.get("REMOTE_ADDR", "unknown")


def rate_limited(request, scope: str, limit: int | None = None, window: int = 60) -> bool:
    """Count one attempt; True once the client has made more than ``limit`` in ``window`` seconds."""
    limit = limit or int(getattr(settings, "AUTH_ATTEMPTS_PER_MINUTE", 20))
    return _count(f"rl:{scope}:{client_ip(request)}", window) > limit


def target_rate_limited(scope: str, target: str, limit: int, window: int) -> bool:
    """Count one attempt aimed at ``target`` (an email address, say) from any client; True once there
    have been more than ``limit`` in ``window`` seconds. The key holds a digest, never the address."""
    digest = hashlib.sha256(target.strip().lower().encode()).hexdigest()
    return _count(f"rl:{scope}:target:{digest}", window) > limit


def _count(key: str, window: int) -> int:
    cache.add(key, 0, window)
    try:
        return cache.incr(key)
    except ValueError:
        cache.set(key, 1, window)
        return 1


WRONG_PASSWORDS_PER_HOUR = 10


def password_confirmed(user, password: str) -> bool | None:
    """Check a signed-in user's own password (to change the email address, say): True or False,
    or None once there have been too many wrong ones this hour, so that a stolen session or API
    token cannot be used to guess it."""
    key = f"rl:password:{user.pk}"
    if (cache.get(key) or 0) >= WRONG_PASSWORDS_PER_HOUR:
        return None
    if user.check_password(password or ""):
        return True
    _count(key, 3600)
    return False
