"""Changing the email address: whoever can change it can reset the password, so it takes the current one."""
from django.utils.translation import gettext as _

from accounts.throttle import password_confirmed


def email_change_refused(user, password: str | None) -> str | None:
    """Why the user may not change the email address with this password, or None."""
    confirmed = password_confirmed(user, password or "")
    if confirmed is None:
        return str(_("Too many wrong passwords. Please wait an hour and try again."))
    return None if confirmed else str(_("Enter your current password to change your email address."))
