"""The settings page's push section (accounts' page shows it without importing this app)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

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
        # The turn emails' choice, named for a device.
        "choices": [
            (User.TurnEmail.IMMEDIATE, _("At once")),
            (User.TurnEmail.DIGEST, _("Once a day, all together")),
            (User.TurnEmail.NEVER, _("Never")),
        ],
    }
