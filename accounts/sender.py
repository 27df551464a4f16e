"""The sender of every email: the club's name in the recipient's language.

The default sender's name is the site's name, which German pages call "Brettspielclub"; an
operator who sets DEFAULT_FROM_EMAIL with a name of their own keeps that name as it is.
"""

from email.utils import formataddr, parseaddr

from django.conf import settings
from django.utils.translation import gettext

SITE_NAME = "Boardgame Club"  # the message id of the site's name (templates: {% trans "Boardgame Club" %})


def sender() -> str:
    """DEFAULT_FROM_EMAIL with the site's name translated into the active language."""
    name, address = parseaddr(settings.DEFAULT_FROM_EMAIL)
    if name == SITE_NAME:
        name = gettext(SITE_NAME)
    return formataddr((name, address)) if name else address
