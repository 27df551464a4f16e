"""Changing the email address: whoever can change it can reset the password, so it takes the current
one (wrong ones are limited by accounts.throttle); the changes are limited per user (allauth's
"manage_email" rate), and whether another account
has the address is told only to someone who has just given their own password."""

from __future__ import annotations

from dataclasses import dataclass

from allauth.core import ratelimit
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.throttle import password_confirmed


@dataclass(frozen=True)
class Refusal:
    field: str
    message: str


def email_change_refused(request, user, password: str | None, email: str) -> Refusal | None:
    """Why the user may not change the email address to ``email`` with this password, or None."""
    confirmed = password_confirmed(user, password or "")
    if confirmed is None:
        return Refusal("current_password", _("Too many wrong passwords. Please wait an hour and try again."))
    if not confirmed:
        return Refusal("current_password", _("Enter your current password to change your email address."))
    http_request = getattr(request, "_request", request)  # DRF wraps the request
    if http_request is not None and not ratelimit.consume(http_request, action="manage_email", user=user):
        return Refusal("email", _("Too many changes of the email address. Please wait an hour and try again."))
    if User.objects.filter(email__iexact=email).exclude(pk=user.pk).exists():
        return Refusal("email", _("An account with this email address already exists."))
    return None
