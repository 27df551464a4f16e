"""Saving a new account when another sign-up took its name in the meantime.

The forms check that the name and address are free, but two sign-ups can both pass that check before
either is saved; the database's unique constraints then refuse the second, and it gets a form error.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User


class AccountTaken(Exception):
    def __init__(self, field: str | None, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def save_new_account(user: User) -> User:
    """Insert ``user``; AccountTaken (with the field to blame, if it can be said) when it clashes."""
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:
        user.pk = None
        if User.objects.filter(username=user.username).exists():
            raise AccountTaken("username", _("A user with that username already exists.")) from None
        # Which address is taken is not told here (nor anywhere else).
        raise AccountTaken(None, _("This account could not be created. Please try again.")) from None
    return user
