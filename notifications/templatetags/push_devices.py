"""The settings page's push section (accounts' page shows it without importing this app)."""

from __future__ import annotations

from django import template

from accounts.models import User
from notifications.services import push

register = template.Library()


@register.inclusion_tag("notifications/_push_devices.html", takes_context=True)
def push_devices(context) -> dict:
    """Nothing at all while Web Push is not configured."""
    user = context["request"].user
    if not push.enabled() or not user.is_authenticated:
        return {"enabled": False}
    return {
        "enabled": True,
        "csrf_token": context.get("csrf_token"),
        "public_key": push.public_key(),
        "devices": push.devices(user),
        "choices": User.TurnEmail.choices,
    }
