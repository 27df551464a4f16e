"""Every email the platform sends: text and HTML, the recipient's language and time zone, unsubscribe headers."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from accounts import emails
from accounts.sender import sender
from notifications.services import unsubscribe


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def message_id(local_part: str) -> str:
    """A Message-ID of our own, the same for every try at one email, so that a duplicate is recognised."""
    return f"<{local_part}@{urlsplit(settings.SITE_URL).hostname or 'localhost'}>"


def game_url(game_id: int) -> str:
    return absolute(reverse("game", args=[game_id]))


def build(
    user, template: str, context: dict, kind: str, message_id: str | None = None
) -> EmailMultiAlternatives | None:
    """Render ``<template>_subject.txt``, ``.txt`` and ``.html`` for the user; None without a confirmed
    address (one its owner has not confirmed may be mistyped or someone else's)."""
    if not emails.is_verified(user):
        return None
    unsubscribe_url = unsubscribe.url(user, kind)
    with translation.override(user.language), timezone.override(user.zone):
        context = {
            **context,
            "user": user,
            "site_url": settings.SITE_URL,
            "unsubscribe_url": unsubscribe_url,
            "unsubscribe_what": unsubscribe.describe(kind),
            "settings_url": absolute(reverse("settings")),
        }
        subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
        text = render_to_string(f"{template}.txt", context)
        html = render_to_string(f"{template}.html", context)
        from_email = sender()
    message = EmailMultiAlternatives(
        subject,
        text,
        from_email=from_email,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            **({"Message-ID": message_id} if message_id else {}),
        },
    )
    message.attach_alternative(html, "text/html")
    return message


def send(user, template: str, context: dict, kind: str, message_id: str | None = None) -> bool:
    """Render and send; ``message_id`` (the same for every try at one email) lets a duplicate be recognised."""
    message = build(user, template, context, kind, message_id)
    if message is None:
        return False
    message.send()
    return True
