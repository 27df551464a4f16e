"""Deleting an account: personal data goes, the row stays under a neutral name.

Finished games, ratings and rating history refer to the account's row; keeping the row (emptied)
means nobody else's history or rating changes. The person's old username and email address are
free again for a new sign-up. Each app's own rows are cleaned by the cleaners it registered in
``accounts.personal_data`` (games: running seats resigned, open tables closed; rankings:
tournament entries withdrawn; notifications: notices); this module cleans the account itself.
"""

from __future__ import annotations

import secrets

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import personal_data, signals
from accounts.models import User


class AccountDeletionError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def neutral_username(user_id: int) -> str:
    """Unique, and not one a sign-up can choose: usernames there have no colon."""
    return f"deleted:{user_id}"


def delete_account(user: User, password: str) -> User:
    """Delete ``user``'s account after checking the password; AccountDeletionError changes nothing."""
    if user.deleted_at is not None:
        raise AccountDeletionError(_("This account has already been deleted."))
    if not password or not user.check_password(password):
        raise AccountDeletionError(_("The password is not correct."))
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        if locked.deleted_at is not None:
            raise AccountDeletionError(_("This account has already been deleted."))
        personal_data.clean(locked)
        _empty(locked)
    transaction.on_commit(lambda: signals.account_deleted.send(sender=User, user_id=locked.pk))
    return locked


def _empty(user: User) -> None:
    """The account row keeps its id and nothing personal; it can no longer sign in."""
    defaults = {
        f.name: f.get_default()
        for f in User._meta.concrete_fields
        if f.name in ("language", "time_zone", "digest_hour", "reminder_hours")
    }
    for name, value in defaults.items():
        setattr(user, name, value)
    user.username = neutral_username(user.pk)
    # The address is unique: a made-up one under the reserved .invalid domain, never mailed.
    user.email = f"deleted-{user.pk}-{secrets.token_hex(6)}@deleted.invalid"
    user.display_name = user.first_name = user.last_name = ""
    user.password = make_password(None)  # unusable; the changed hash also ends every session
    user.is_active = user.is_staff = user.is_superuser = False
    user.turn_email = User.TurnEmail.NEVER
    user.email_on_game_end = user.email_on_invitation = user.email_on_tournament = False
    user.email_on_timeout = False
    user.deleted_at = timezone.now()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()


def _export_profile(user: User) -> dict:
    return {
        "id": user.pk,
        "username": user.username,
        "display_name": user.display_name,
        "email": user.email,
        "date_joined": user.date_joined.isoformat(),
        "last_login": user.last_login.isoformat() if user.last_login else None,
    }


def _export_settings(user: User) -> dict:
    return {
        name: getattr(user, name)
        for name in (
            "language",
            "time_zone",
            "turn_email",
            "digest_hour",
            "reminder_hours",
            "email_on_game_end",
            "email_on_invitation",
            "email_on_tournament",
            "email_on_timeout",
        )
    }


def _export_vacations(user: User) -> list[dict]:
    return [{"first_day": v.starts_on.isoformat(), "last_day": v.ends_on.isoformat()} for v in user.vacations.all()]


def _clean_vacations(user: User) -> None:
    user.vacations.all().delete()


def _export_api_tokens(user: User) -> list[dict]:
    from accounts.models import ApiToken

    # Only a digest of a key is stored, and even that stays out: the download names each device's token.
    return [
        {"device": t.name, "created": t.created.isoformat(), "expires": t.expiry.isoformat() if t.expiry else None}
        for t in ApiToken.objects.filter(user=user)
    ]


def _clean_api_tokens(user: User) -> None:
    from accounts.models import ApiToken

    ApiToken.objects.filter(user=user).delete()


def _export_email_addresses(user: User) -> list[dict]:
    from allauth.account.models import EmailAddress

    return [
        {"email": a.email, "verified": a.verified, "primary": a.primary} for a in EmailAddress.objects.filter(user=user)
    ]


def _clean_email_addresses(user: User) -> None:
    from allauth.account.models import EmailAddress

    EmailAddress.objects.filter(user=user).delete()


def register_sections() -> None:
    """The account's own sections (called from AccountsConfig.ready)."""
    personal_data.register("profile", export=_export_profile)
    personal_data.register("settings", export=_export_settings)
    personal_data.register("vacations", export=_export_vacations, clean=_clean_vacations)
    personal_data.register("api_tokens", export=_export_api_tokens, clean=_clean_api_tokens)
    personal_data.register("email_addresses", export=_export_email_addresses, clean=_clean_email_addresses)
