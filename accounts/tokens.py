"""API tokens: one per user, valid for ``API_TOKEN_DAYS`` from when it was handed out."""
from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token


def expires_at(created: datetime) -> datetime:
    return created + timedelta(days=settings.API_TOKEN_DAYS)


def has_expired(created: datetime) -> bool:
    return timezone.now() >= expires_at(created)


def issue(user) -> Token:
    """The user's token; a new one in place of one that has expired."""
    with transaction.atomic():
        token = Token.objects.select_for_update().filter(user=user).first()
        if token is not None and has_expired(token.created):
            token.delete()
            token = None
        if token is None:
            # Two requests may get here at once; the user has one token, so one of them creates it.
            token, _created = Token.objects.get_or_create(user=user)
    return token
