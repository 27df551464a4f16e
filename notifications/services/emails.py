"""Each email of a notice is an outbox entry, recorded in the transaction that queues the notice.

So it is sent at least once and never lost: a worker that dies before the mail server took it
leaves the entry pending and the outbox sweep hands it out again. It may then go out twice, with
the same Message-ID (``delivery.message_id``), so that a duplicate can be recognised. A failing
mail server is tried again with exponential backoff; after the last try the notice is marked
failed, which the admin's notice list shows. The daily digest goes the same way
(``turns.send_digest``, its own kind of entry, ``notifications.digest``).
"""

from __future__ import annotations

from django.utils import timezone

from notifications.models import Notice
from notifications.services import delivery
from plumbing import outbox
from plumbing.models import OutboxEntry

EMAIL = "notifications.email"
# How long a summary waits for the ratings before it goes out without them (the rating task failed).
RATINGS_WAIT_SECONDS = 600


def ref(notice_id: int) -> str:
    return f"notice:{notice_id}"


def queue(notice: Notice) -> None:
    """Send the notice's email once the current transaction commits."""
    outbox.record(EMAIL, {"notice_id": notice.pk}, ref=ref(notice.pk))


def queue_all(notices: list[Notice]) -> None:
    for notice in notices:
        queue(notice)


def hurry(notice_ids: list[int]) -> int:
    """Send the waiting emails of these notices now (a summary whose ratings are counted)."""
    return outbox.hurry(ref(pk) for pk in notice_ids)


def _give_up(entry: OutboxEntry) -> None:
    Notice.objects.filter(pk=entry.payload["notice_id"], email=Notice.Email.QUEUED).update(email=Notice.Email.FAILED)


@outbox.handler(EMAIL, on_failure=_give_up)
def send(entry: OutboxEntry) -> None:
    waited = (timezone.now() - entry.created_at).total_seconds()
    try:
        delivery.deliver(entry.payload["notice_id"], final=waited >= RATINGS_WAIT_SECONDS)
    except delivery.NotReady:
        # A rated game's summary shows the rating changes: rankings' ratings_counted signal hurries
        # it; if that never comes, the last try sends it without them.
        raise outbox.Later(max(RATINGS_WAIT_SECONDS - waited, 1)) from None
