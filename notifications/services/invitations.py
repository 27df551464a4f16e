"""An invitation to a table: under the bell, and by email for those who want it."""

from __future__ import annotations

from django.urls import reverse

from games.services.engines import get_engine
from notifications.models import Notice
from notifications.services import mail, notices


def invited(table, user) -> Notice | None:
    """The notice for this invitation; returned when its email is to go out."""
    try:
        game_name = get_engine(table.game_slug).name
    except KeyError:
        game_name = table.game_slug
    data = {
        "table_id": table.pk,
        "game_name": game_name,
        "owner": table.owner.shown_name if table.owner_id else "",
        "seats": table.seats,
    }
    email = Notice.Email.QUEUED if user.email_on_invitation else Notice.Email.NONE
    notice, created = notices.create(
        user,
        Notice.Kind.INVITATION,
        f"invitation:{table.pk}",
        url=reverse("table", args=[table.pk]),
        data=data,
        email=email,
    )
    return notice if created and email == Notice.Email.QUEUED else None


def email(notice: Notice):
    if not notice.user.email_on_invitation:
        return None
    return (
        "notifications/email/invitation",
        {"invite": notice.data, "table_url": mail.absolute(notice.url)},
        "invitation",
    )
