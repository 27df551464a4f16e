"""Checks of a signed-in user's password, limited so that a stolen session or token cannot guess it.

Logins, sign-ups, password resets and email changes are limited by django-allauth (ACCOUNT_RATE_LIMITS
in the settings), per client address as config.client_address gives it.
"""

from django.core.cache import cache

WRONG_PASSWORDS_PER_HOUR = 10


def _count(key: str, window: int) -> int:
    cache.add(key, 0, window)
    try:
        return cache.incr(key)
    except ValueError:
        cache.set(key, 1, window)
        return 1


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
