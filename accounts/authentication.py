"""API token authentication that remembers who a token belongs to.

Every API request names its token, and looking it up (token joined with its user) was the largest
single cost of reading a game. The token, with its user, is kept in the process for a few seconds
(accounts/token_memory.py, dropped in every process when revoked) and in the cache under the token's
digest (what the database stores, never the key) and forgotten when the token is deleted or the user
saved, so a revoked token or a deactivated account stops working at once in every worker. A new
password revokes all the user's tokens, and a token stops working at its expiry. The timeout bounds
what a bulk ``update()``, which sends no signal, could leave behind.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS
from django.db.models import Model
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.settings import knox_settings
from rest_framework import exceptions

from accounts import tokens
from accounts.middleware import activate_preferences
from accounts.models import ApiToken
from accounts.token_memory import memory

TIMEOUT_S = 300

M = TypeVar("M", bound=Model)


def _cache_key(digest: str) -> str:
    # "v4": entries are the token's and its user's rows as JSON, keyed by the token's digest; earlier
    # releases kept other entries under "auth-token:", ":v2:" and ":v3:", which are never read again.
    return "auth-token:v4:" + digest


def row_of(instance: Model) -> dict[str, Any]:
    """The instance's concrete fields as JSON values (times as ISO text), for the cache."""
    return {f.attname: _plain(f.value_from_object(instance)) for f in instance._meta.concrete_fields}


def instance_of(model: type[M], row: dict[str, Any]) -> M:
    """The instance ``row_of`` described, as if read from the database; a row of other fields (one
    another release wrote) raises ValueError."""
    fields = model._meta.concrete_fields
    if set(row) != {f.attname for f in fields}:
        raise ValueError(f"{model.__name__} has other fields than {sorted(row)}")
    return model.from_db(DEFAULT_DB_ALIAS, [f.attname for f in fields], [f.to_python(row[f.attname]) for f in fields])


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _cached(entry: Any) -> ApiToken | None:
    """The token (with its user) a cache entry describes; None for an entry this release cannot read."""
    if entry is None:
        return None
    try:
        known = instance_of(ApiToken, entry["token"])
        known.user = instance_of(get_user_model(), entry["user"])
    except (KeyError, TypeError, ValueError, ValidationError):
        return None
    return known


class CachedTokenAuthentication(TokenAuthentication):
    """Knox's token header ("Token <key>"), looked up by digest in the cache, then the database."""

    def authenticate_credentials(self, token: bytes):
        try:
            digest = hash_token(token.decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        known = _looked_up(digest)
        if known is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = known.user
        # The middleware only knows the session's user; a token's user is known from here on, and
        # its answers (messages, Content-Language, times) follow that user's settings as pages do.
        activate_preferences(user)
        if tokens.has_expired(known):
            ApiToken.objects.filter(digest=digest).delete()
            raise exceptions.AuthenticationFailed(
                _("This API token has expired. Ask for a new one with your username and password.")
            )
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, known


def _looked_up(digest: str) -> ApiToken | None:
    """The token stored under ``digest``, with its user: from this process's memory, else the cache,
    else the database (then kept in both while its user is active)."""
    known: ApiToken | None = memory.get(digest)
    if known is None:
        read_in = memory.generation
        cache_key = _cache_key(digest)
        known = _cached(cache.get(cache_key))
        if known is None:
            known = ApiToken.objects.select_related("user").filter(digest=digest).first()
            if known is None:
                return None
            if known.user.is_active:
                cache.set(cache_key, {"token": row_of(known), "user": row_of(known.user)}, TIMEOUT_S)
        if known.user.is_active:
            memory.put(digest, known, read_in)
    return known


def token_user(authorization: bytes | None):
    """The active user whom an ``Authorization: Token <key>`` header names, when the token exists and
    has not expired; None for anything else, which ``CachedTokenAuthentication`` then answers with
    its refusal (and an expired token's removal). The header is split as knox splits it; the token
    is looked up as that class looks it up."""
    parts = authorization.split() if authorization else []
    if len(parts) != 2 or parts[0].lower() != knox_settings.AUTH_HEADER_PREFIX.encode().lower():
        return None
    try:
        return key_user(parts[1].decode("ascii"))
    except UnicodeDecodeError:
        return None


def key_user(key: str):
    """The active user whose unexpired token ``key`` is, else None (``token_user`` without the header)."""
    try:
        digest = hash_token(key)
    except ValueError:
        return None
    known = _looked_up(digest)
    if known is None or tokens.has_expired(known) or not known.user.is_active:
        return None
    return known.user


def forget_tokens_of(user_id: int) -> None:
    digests = list(ApiToken.objects.filter(user_id=user_id).values_list("digest", flat=True))
    cache.delete_many([_cache_key(d) for d in digests])
    memory.drop(digests)


@receiver(post_delete, sender=ApiToken, dispatch_uid="accounts.forget_deleted_token")
def _token_deleted(sender, instance: ApiToken, **kwargs) -> None:
    cache.delete(_cache_key(instance.digest))
    memory.drop([instance.digest])


@receiver(post_save, sender=get_user_model(), dispatch_uid="accounts.forget_saved_user_tokens")
def _user_saved(sender, instance, created: bool, **kwargs) -> None:
    if created:
        return
    if getattr(instance, "_password", None) is not None:
        # A new password (set_password, until the save completes) ends API access as it ends other
        # sessions: a token that leaked stops working once its owner changes the password.
        tokens.revoke_all(instance.pk)
    else:
        forget_tokens_of(instance.pk)


class CachedTokenScheme(KnoxTokenScheme):
    """The API schema names the token header of this class as knox's own."""

    target_class = "accounts.authentication.CachedTokenAuthentication"
