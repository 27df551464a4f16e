"""Signed one-click unsubscribe links: each email kind maps to the setting it turns off."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.models import User

SALT = "notifications.unsubscribe"

# kind -> (field, value that turns the email off, what the person is told)
KINDS = {
    "turn": ("turn_email", User.TurnEmail.NEVER, _("emails when it is your turn, and the daily digest")),
    "reminder": ("reminder_hours", 0, _("reminders before a deadline")),
    "timeout": ("email_on_timeout", False, _("emails when someone in your game runs out of time")),
    "summary": ("email_on_game_end", False, _("summaries when a game ends")),
    "invitation": ("email_on_invitation", False, _("emails when you are invited to a table")),
    "tournament": ("email_on_tournament", False, _("emails about your tournaments")),
}


class BadToken(ValueError):
    pass


def token(user, kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(kind)
    return signing.dumps({"u": user.pk, "k": kind}, salt=SALT, compress=True)


def url(user, kind: str) -> str:
    return settings.SITE_URL + reverse("notifications:unsubscribe", args=[token(user, kind)])


def read(value: str) -> tuple[User, str]:
    """The user and kind a token names; BadToken for anything forged, altered or stale."""
    try:
        data = signing.loads(value, salt=SALT)
        user = User.objects.get(pk=data["u"])
        kind = data["k"]
    except (signing.BadSignature, KeyError, TypeError, User.DoesNotExist):
        raise BadToken(value) from None
    if kind not in KINDS:
        raise BadToken(value)
    return user, kind


def describe(kind: str) -> str:
    return str(KINDS[kind][2])


def is_subscribed(user, kind: str) -> bool:
    field, off, _label = KINDS[kind]
    return getattr(user, field) != off


def apply(user, kind: str) -> bool:
    """Turn that kind of email off; False when it already was."""
    field, off, _label = KINDS[kind]
    return bool(User.objects.filter(pk=user.pk).exclude(**{field: off}).update(**{field: off}))
