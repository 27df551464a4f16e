"""API token authentication that remembers who a token belongs to.

Every API request names its token, and looking it up (token joined with its
user) was the largest single cost of reading a game. The user is kept in the
cache under a digest of the token, and forgotten when the token is deleted or
the user saved, so a revoked token or a deactivated account stops working at
once in every worker. A new password deletes the user's token, and a token
stops working ``API_TOKEN_DAYS`` after it was handed out. The timeout bounds
what a bulk ``update()``, which sends no signal, could leave behind.
"""
from __future__ import annotations

import hashlib

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts import tokens
from accounts.middleware import activate_preferences

TIMEOUT_S = 300


def _cache_key(token_key: str) -> str:
    # The cache never holds a usable token, only its digest. "v2": entries are (user, issued at);
    # a server of the release before, which kept the user alone, may share the cache during a deploy.
    return "auth-token:v2:" + hashlib.sha256(token_key.encode()).hexdigest()


class CachedTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str):
        cache_key = _cache_key(key)
        known = cache.get(cache_key)
        if known is None:
            token = Token.objects.select_related("user").filter(key=key).first()
            if token is None:
                raise exceptions.AuthenticationFailed(_("Invalid token."))
            known = (token.user, token.created)
            if token.user.is_active:
                cache.set(cache_key, known, TIMEOUT_S)
        user, created = known
        # The middleware only knows the session's user; a token's user is known from here on, and
        # its answers (messages, Content-Language, times) follow that user's settings as pages do.
        activate_preferences(user)
        if tokens.has_expired(created):
            Token.objects.filter(key=key).delete()
            raise exceptions.AuthenticationFailed(
                _("This API token has expired. Ask for a new one with your username and password."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, key


def forget_tokens_of(user_id: int) -> None:
    keys = Token.objects.filter(user_id=user_id).values_list("key", flat=True)
    cache.delete_many([_cache_key(k) for k in keys])


@receiver(post_delete, sender=Token, dispatch_uid="accounts.forget_deleted_token")
def _token_deleted(sender, instance: Token, **kwargs) -> None:
    cache.delete(_cache_key(instance.key))


@receiver(post_save, sender=get_user_model(), dispatch_uid="accounts.forget_saved_user_tokens")
def _user_saved(sender, instance, created: bool, **kwargs) -> None:
    if created:
        return
    if getattr(instance, "_password", None) is not None:
        # A new password (set_password, until the save completes) ends API access as it ends other
        # sessions: a token that leaked stops working once its owner changes the password.
        Token.objects.filter(user_id=instance.pk).delete()
    else:
        forget_tokens_of(instance.pk)
