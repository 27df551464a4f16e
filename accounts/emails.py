"""Which email address counts: one its owner has confirmed by following the link sent to it.

django-allauth keeps an EmailAddress row per address with its ``verified`` mark. Nothing is emailed
to an address that is not verified (notifications ask ``is_verified``), so a mistyped or someone
else's address never receives turn emails.
"""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from allauth.account.signals import email_confirmed
from django.contrib.auth import get_user_model
from django.dispatch import receiver
from django.http import HttpRequest


def is_verified(user) -> bool:
    """True when the user's current address has been confirmed."""
    if not user.email:
        return False
    return EmailAddress.objects.filter(user_id=user.pk, email__iexact=user.email, verified=True).exists()


def has_confirmed_any(user) -> bool:
    """True when the user has confirmed some address: what signing in asks (pages and API alike)."""
    return EmailAddress.objects.filter(user_id=user.pk, verified=True).exists()


def mark_verified(user) -> None:
    """Record the user's address as confirmed (accounts made by the site itself, such as the demo's)."""
    EmailAddress.objects.filter(user=user).exclude(email__iexact=user.email).delete()
    EmailAddress.objects.update_or_create(
        user=user, email=user.email.lower(), defaults={"primary": True, "verified": True}
    )


def address_changed(request: HttpRequest | None, user) -> None:
    """The user set a new address: it counts from when its owner follows the link sent to it now. The
    confirmed address before it stays on record (for signing in) until then, but gets no more emails."""
    address, created = EmailAddress.objects.get_or_create(
        user=user, email=user.email.lower(), defaults={"primary": False, "verified": False}
    )
    if not address.verified:
        address.send_confirmation(request)


def new_account(request: HttpRequest | None, user) -> None:
    """A new account's address, unconfirmed, and the link to confirm it."""
    EmailAddress.objects.create(user=user, email=user.email.lower(), primary=True, verified=False).send_confirmation(
        request, signup=True
    )


def tell_owner_of_taken_address(email: str) -> None:
    """Someone signed up with an address that has an account: its owner is told, the one signing up not."""
    owner = get_user_model().objects.filter(email__iexact=email).only("email").first()
    get_adapter().send_account_already_exists_mail(owner.email if owner else email)


@receiver(email_confirmed, dispatch_uid="accounts.confirmed_address_replaces_the_others")
def _confirmed(sender, request, email_address: EmailAddress, **kwargs) -> None:
    # The address just confirmed is the account's from now on; those it replaced are forgotten.
    user = email_address.user
    EmailAddress.objects.filter(user=user).exclude(pk=email_address.pk).delete()
    if not email_address.primary:
        email_address.primary = True
        email_address.save(update_fields=["primary"])
    if user.email.lower() != email_address.email.lower():
        user.email = email_address.email
        user.save(update_fields=["email"])
