"""Work that commits by itself runs under a short lease it renews: when its runner dies, the sweep
hands it out again as soon as the lease has run out, without waiting a grace period."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.services import after_commit
from plumbing import outbox
from plumbing.models import OutboxEntry

pytestmark = pytest.mark.django_db(transaction=True)

RUNS: list[int] = []


@outbox.handler("tests.leased", atomic=False, lease_seconds=20)
def _leased(entry: OutboxEntry) -> None:
    RUNS.append(entry.pk)
    if entry.payload.get("renew"):
        outbox.keep_lease()


@pytest.fixture(autouse=True)
def _clear():
    RUNS.clear()


def _claimed_by_a_runner_that_died() -> OutboxEntry:
    """An entry whose runner claimed it and died before it was done (the lease as the claim sets it)."""
    with transaction.atomic():
        entry = outbox.record("tests.leased", {})
    claimed = timezone.now()
    until = claimed + timedelta(seconds=20)
    OutboxEntry.objects.filter(pk=entry.pk).update(due_at=until, leased_until=until, done_at=None)
    RUNS.clear()
    return entry


def test_a_lease_whose_runner_died_is_handed_out_by_the_first_sweep_after_it_ran_out(settings):
    settings.OUTBOX_GRACE_SECONDS = 60
    entry = _claimed_by_a_runner_that_died()
    now = timezone.now()
    assert outbox.sweep(now + timedelta(seconds=19)) == 0  # the runner may still be at it
    assert outbox.sweep(now + timedelta(seconds=21)) == 1  # no grace period on top of the lease
    assert RUNS == [entry.pk]
    assert OutboxEntry.objects.get(pk=entry.pk).done_at is not None


def test_a_swept_lease_is_not_handed_out_again_before_the_grace_period(settings, monkeypatch):
    settings.OUTBOX_GRACE_SECONDS = 60
    entry = _claimed_by_a_runner_that_died()
    monkeypatch.setattr(outbox, "hand_over", lambda ids, countdown=0, **kwargs: None)  # the message is lost again
    now = timezone.now()
    assert outbox.sweep(now + timedelta(seconds=21)) == 1
    assert OutboxEntry.objects.get(pk=entry.pk).leased_until is None
    assert outbox.sweep(now + timedelta(seconds=22)) == 0


def test_a_runner_that_keeps_its_lease_moves_it_on(monkeypatch):
    monkeypatch.setattr(outbox, "hand_over", lambda ids, countdown=0, **kwargs: None)
    with transaction.atomic():
        entry = outbox.record("tests.leased", {"renew": True})
    assert outbox.run(entry.pk) is True  # renewing within the first third of the lease writes nothing
    assert RUNS == [entry.pk]
    OutboxEntry.objects.filter(pk=entry.pk).update(done_at=None, leased_until=timezone.now())
    before = timezone.now()
    token = outbox._lease.set((entry.pk, 20, time.monotonic() - 7))  # a third of the lease has passed
    try:
        outbox.keep_lease()
    finally:
        outbox._lease.reset(token)
    renewed = OutboxEntry.objects.get(pk=entry.pk)
    assert renewed.leased_until >= before + timedelta(seconds=20) and renewed.due_at == renewed.leased_until


def test_outside_a_leased_handler_keeping_a_lease_does_nothing():
    outbox.keep_lease()


def test_a_bot_whose_worker_died_moves_again_within_a_minute():
    assert settings.BOT_LEASE_SECONDS + settings.CELERY_BEAT_SCHEDULE["sweep-outbox"]["schedule"] <= 60
    assert outbox._kinds[after_commit.BOT_TURNS].lease_seconds == settings.BOT_LEASE_SECONDS
