"""Every email the platform sends: text and HTML, the recipient's language and time zone, unsubscribe headers."""
from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from accounts.sender import sender
from notifications.services import unsubscribe


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def game_url(game_id: int) -> str:
    return absolute(reverse("game", args=[game_id]))


def build(user, template: str, context: dict, kind: str) -> EmailMultiAlternatives | None:
    """Render ``<template>_subject.txt``, ``.txt`` and ``.html`` for the user; None without an address."""
    if not user.email:
        return None
    unsubscribe_url = unsubscribe.url(user, kind)
    with translation.override(user.language), timezone.override(user.zone):
        context = {
            **context, "user": user, "site_url": settings.SITE_URL, "unsubscribe_url": unsubscribe_url,
            "unsubscribe_what": unsubscribe.describe(kind), "settings_url": absolute(reverse("settings")),
        }
        subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
        text = render_to_string(f"{template}.txt", context)
        html = render_to_string(f"{template}.html", context)
        from_email = sender()
    message = EmailMultiAlternatives(subject, text, from_email=from_email, to=[user.email], headers={
        "List-Unsubscribe": f"<{unsubscribe_url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    })
    message.attach_alternative(html, "text/html")
    return message


def send(user, template: str, context: dict, kind: str) -> bool:
    message = build(user, template, context, kind)
    if message is None:
        return False
    message.send()
    return True
