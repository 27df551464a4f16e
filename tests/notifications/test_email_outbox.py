"""Emails go out at least once and are never lost: retried with backoff while the mail server fails,
marked failed (and shown in the admin) after the last try, each with a Message-ID that stays the same
for every try at one email, so that a duplicate can be recognised."""

from __future__ import annotations

import smtplib
from datetime import timedelta

import pytest
from django.core import mail
from django.db import transaction
from django.test import Client
from django.utils import timezone

from accounts.models import User
from notifications.models import Notice
from notifications.services import emails
from plumbing import outbox
from plumbing.models import OutboxEntry
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db(transaction=True)


class FailingBackend:
    """A mail server that refuses every message."""

    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


def _turn_notice(game) -> Notice:
    return Notice.objects.get(game=game, kind=Notice.Kind.TURN)


def _time_passes(entry: OutboxEntry) -> None:
    OutboxEntry.objects.filter(pk=entry.pk).update(due_at=timezone.now())


def test_an_email_the_mail_server_refuses_is_retried_with_backoff_then_marked_failed_and_shown(settings, monkeypatch):
    settings.OUTBOX_RETRY_SECONDS = 30
    settings.OUTBOX_MAX_ATTEMPTS = 3
    monkeypatch.setattr("django.core.mail.get_connection", lambda *a, **k: FailingBackend())
    game = start_toy_game(make_user("ann"), make_user("ben"))
    notice = _turn_notice(game)
    entry = OutboxEntry.objects.get(kind=emails.EMAIL, ref=emails.ref(notice.pk))
    entry.refresh_from_db()
    assert entry.attempts == 1 and entry.done_at is None and entry.failed_at is None
    assert 25 <= (entry.due_at - timezone.now()).total_seconds() <= 30
    assert Notice.objects.get(pk=notice.pk).email == Notice.Email.QUEUED  # not "sent": it did not go out

    _time_passes(entry)
    outbox.run(entry.pk)
    entry.refresh_from_db()
    assert entry.attempts == 2 and 55 <= (entry.due_at - timezone.now()).total_seconds() <= 60

    _time_passes(entry)
    outbox.run(entry.pk)
    entry.refresh_from_db()
    assert entry.attempts == 3 and entry.failed_at is not None
    assert "SMTPServerDisconnected" in entry.last_error
    assert Notice.objects.get(pk=notice.pk).email == Notice.Email.FAILED
    assert mail.outbox == []

    User.objects.create_superuser("root", "root@example.org", "pw-For-tests-123")
    admin = Client()
    admin.login(username="root", password="pw-For-tests-123")
    listing = admin.get("/admin/notifications/notice/", {"email__exact": "failed"})
    assert listing.status_code == 200 and "Could not be sent" in listing.content.decode()
    assert f"/admin/notifications/notice/{notice.pk}/change/" in listing.content.decode()
    given_up = admin.get("/admin/plumbing/outboxentry/", {"failed_at__isnull": "False"})
    assert f"/admin/plumbing/outboxentry/{entry.pk}/change/" in given_up.content.decode()


def test_the_mail_server_back_in_time_sends_the_email_once(settings, monkeypatch):
    monkeypatch.setattr("django.core.mail.get_connection", lambda *a, **k: FailingBackend())
    game = start_toy_game(make_user("ann"), make_user("ben"))
    entry = OutboxEntry.objects.get(kind=emails.EMAIL)
    monkeypatch.undo()
    _time_passes(entry)
    assert outbox.run(entry.pk) is True
    (message,) = mail.outbox
    assert Notice.objects.get(pk=_turn_notice(game).pk).email == Notice.Email.SENT
    assert outbox.run(entry.pk) is False and len(mail.outbox) == 1


def test_every_try_at_one_email_has_the_same_message_id_and_a_new_turn_a_new_one():
    game = start_toy_game(make_user("ann"), make_user("ben"))
    notice = _turn_notice(game)
    (first,) = mail.outbox
    # As if the worker died after the mail server took the email, before the notice was marked sent.
    Notice.objects.filter(pk=notice.pk).update(email=Notice.Email.QUEUED, emailed_at=None)
    OutboxEntry.objects.filter(ref=emails.ref(notice.pk)).update(done_at=None, due_at=timezone.now())
    outbox.sweep(timezone.now() + timedelta(minutes=5))
    duplicate = mail.outbox[1]
    assert first.extra_headers["Message-ID"] == duplicate.extra_headers["Message-ID"]
    assert first.message()["Message-ID"] == first.extra_headers["Message-ID"]
    assert first.extra_headers["Message-ID"].startswith(f"<notice-{notice.pk}-")
    assert first.extra_headers["Message-ID"].endswith("@localhost>")

    # The turn notice is renewed in place for the next turn: its email is another email.
    Notice.objects.filter(pk=notice.pk).update(created_at=notice.created_at + timedelta(days=1))
    from notifications.services.delivery import message_id

    assert message_id(Notice.objects.get(pk=notice.pk)) != first.extra_headers["Message-ID"]


def test_a_digest_the_mail_server_refuses_backs_off_then_is_marked_failed_and_shown(settings, monkeypatch):
    from datetime import UTC, datetime

    from notifications.models import Digest
    from notifications.services import turns

    settings.OUTBOX_RETRY_SECONDS = 30
    settings.OUTBOX_MAX_ATTEMPTS = 3
    ann = make_user("ann", turn_email=User.TurnEmail.DIGEST, time_zone="UTC", digest_hour=8)
    start_toy_game(ann, make_user("ben", turn_email=User.TurnEmail.DIGEST))
    morning = datetime(2026, 1, 15, 9, tzinfo=UTC)
    monkeypatch.setattr("django.core.mail.get_connection", lambda *a, **k: FailingBackend())
    assert turns.send_due_digests(morning) == 1
    entry = OutboxEntry.objects.get(kind=turns.DIGEST)
    waits = []
    for attempt in (1, 2):
        entry.refresh_from_db()
        assert entry.attempts == attempt and entry.failed_at is None
        waits.append((entry.due_at - timezone.now()).total_seconds())
        _time_passes(entry)
        outbox.run(entry.pk)
    assert 25 <= waits[0] <= 30 and 55 <= waits[1] <= 60  # backoff, not the beat's interval
    assert turns.send_due_digests(morning.replace(minute=30)) == 0  # the day's digest is not made again
    entry.refresh_from_db()
    assert entry.attempts == 3 and entry.failed_at is not None and "SMTPServerDisconnected" in entry.last_error
    notice = Notice.objects.get(kind=Notice.Kind.TURN)  # of the one who is to move
    assert notice.email == Notice.Email.FAILED and Digest.objects.filter(user=notice.user).count() == 1
    assert mail.outbox == []

    admin = make_user("boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(admin)
    page = client.get("/admin/notifications/notice/?email__exact=failed")
    assert page.status_code == 200 and f"/admin/notifications/notice/{notice.pk}/" in page.content.decode()
    page = client.get("/admin/plumbing/outboxentry/?failed_at__isnull=False")
    assert f"digest:{notice.user_id}" in page.content.decode()


def test_a_digest_is_sent_once_with_a_stable_message_id_however_often_its_entry_runs(monkeypatch):
    from datetime import UTC, datetime

    from notifications.services import turns

    ann = make_user("ann", turn_email=User.TurnEmail.DIGEST, time_zone="UTC", digest_hour=8)
    start_toy_game(ann, make_user("ben", turn_email=User.TurnEmail.DIGEST))
    morning = datetime(2026, 1, 15, 9, tzinfo=UTC)
    monkeypatch.setattr(
        outbox, "hand_over", lambda ids, countdown=0, **kwargs: None
    )  # the worker died after the commit
    assert turns.send_due_digests(morning) == 1
    monkeypatch.undo()
    assert mail.outbox == []
    entry = OutboxEntry.objects.get(kind=turns.DIGEST)
    outbox.sweep(timezone.now() + timedelta(minutes=5))
    (message,) = mail.outbox
    mover = Notice.objects.get(kind=Notice.Kind.TURN).user
    assert message.to == [mover.email]
    assert message.extra_headers["Message-ID"].startswith(f"<digest-{mover.pk}-2026-01-15")
    with transaction.atomic():  # a rerun, as the outbox runs it: its turns are sent already
        turns.send_digest_email(OutboxEntry.objects.get(pk=entry.pk))
    assert len(mail.outbox) == 1
    assert Notice.objects.get(kind=Notice.Kind.TURN).email == Notice.Email.SENT
