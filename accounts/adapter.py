"""How django-allauth treats this site's accounts: emails in the account's language from the club's
sender, new accounts in the language of the page they signed up on, and a sign-up that lost the race
for its name refused with a form error instead of a server error."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from accounts.sender import sender
from accounts.signup import save_new_account


class AccountAdapter(DefaultAccountAdapter):
    def get_from_email(self) -> str:
        return sender()

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        # A reset link or "you already have an account" goes to an account: it speaks its language,
        # whatever the language of the page that caused it.
        user = context.get("user") or User.objects.filter(email__iexact=email).first()
        language = getattr(user, "language", None) or translation.get_language() or "en"
        with translation.override(language):
            super().send_mail(template_prefix, email, context)

    def save_user(self, request, user, form, commit: bool = True):
        user = super().save_user(request, user, form, commit=False)
        language = translation.get_language() or "en"
        user.language = language if language in ("en", "de") else "en"
        if commit:
            save_new_account(user)  # AccountTaken when another sign-up took the name meanwhile
        return user

    def get_password_change_redirect_url(self, request) -> str:
        return reverse("settings")
