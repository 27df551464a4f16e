"""API tokens: one per device, each valid for ``API_TOKEN_DAYS`` from when it was handed out.

The key is shown once, when it is handed out; the database keeps only its digest (django-rest-knox).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import ApiToken

# A user who keeps asking for tokens (a script run in a loop, say) keeps this many devices; the oldest
# beyond that are revoked.
TOKENS_PER_USER = 20
NAME_LENGTH = ApiToken._meta.get_field("name").max_length or 100


def issue(user, name: str = "") -> tuple[ApiToken, str]:
    """A new token for one device of ``user``: (the stored token, its key)."""
    ApiToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
    token, key = ApiToken.objects.create(
        user=user, expiry=timedelta(days=settings.API_TOKEN_DAYS), name=" ".join(name.split())[:NAME_LENGTH]
    )
    surplus = ApiToken.objects.filter(user=user).order_by("-created").values_list("digest", flat=True)[TOKENS_PER_USER:]
    if surplus:
        ApiToken.objects.filter(digest__in=list(surplus)).delete()
    return token, key


def has_expired(token: ApiToken) -> bool:
    return token.expiry is not None and timezone.now() >= token.expiry


def expires_at(token: ApiToken) -> datetime | None:
    return token.expiry


def of_user(user) -> QuerySet[ApiToken]:
    """The user's tokens that still work, newest first."""
    return ApiToken.objects.filter(user=user, expiry__gt=timezone.now()).order_by("-created")


def revoke(user, digest: str) -> bool:
    """Revoke one of the user's own tokens; False when the user has none with this digest."""
    deleted, _ = ApiToken.objects.filter(user=user, digest=digest).delete()
    return deleted > 0


def revoke_all(user_id: int) -> None:
    ApiToken.objects.filter(user_id=user_id).delete()
