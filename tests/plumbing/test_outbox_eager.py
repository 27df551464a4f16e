"""Without a broker (CELERY_TASK_ALWAYS_EAGER, as scripts/serve.sh runs) there is no beat: web
requests run the outbox entries that are due again, at most every OUTBOX_EAGER_SWEEP_SECONDS."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone

from plumbing import outbox
from plumbing.models import OutboxEntry

RUNS: list[int] = []


@outbox.handler("tests.later_once")
def _later_once(entry: OutboxEntry) -> None:
    RUNS.append(entry.pk)
    if len([pk for pk in RUNS if pk == entry.pk]) == 1:
        raise outbox.Later(60)  # e.g. an email waiting for the ratings


@pytest.fixture(autouse=True)
def _eager(settings, monkeypatch):
    RUNS.clear()
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.OUTBOX_EAGER_SWEEP_SECONDS = 30
    monkeypatch.setattr(outbox, "_eager_last", None)  # a fresh web process


def _record() -> OutboxEntry:
    with transaction.atomic():
        return outbox.record("tests.later_once", {})


def _due(entry: OutboxEntry) -> None:
    OutboxEntry.objects.filter(pk=entry.pk).update(due_at=timezone.now() - timedelta(seconds=1))


@pytest.mark.django_db(transaction=True)
def test_a_postponed_entry_is_run_again_by_a_later_request_and_not_before_it_is_due():
    entry = _record()
    assert RUNS == [entry.pk] and outbox.pending() == 1  # postponed: nobody else will come back to it

    Client().get("/health/")
    assert RUNS == [entry.pk]  # not due yet: left alone

    _due(entry)
    outbox._eager_last = None  # the interval has passed
    Client().get("/health/")
    assert RUNS == [entry.pk, entry.pk] and outbox.pending() == 0
    assert OutboxEntry.objects.get(pk=entry.pk).done_at is not None


@pytest.mark.django_db(transaction=True)
def test_requests_run_due_entries_at_most_once_per_interval(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(outbox.time, "monotonic", lambda: clock[0])
    first, second = _record(), _record()
    _due(first)
    client = Client()
    client.get("/health/")
    assert outbox.pending() == 1  # the first one is done

    _due(second)
    clock[0] += 10
    client.get("/health/")
    assert outbox.pending() == 1  # within the interval: no work for this request

    clock[0] += 25
    client.get("/health/")
    assert outbox.pending() == 0


@pytest.mark.django_db(transaction=True)
def test_with_a_broker_requests_leave_the_outbox_to_beat(settings):
    entry = _record()
    _due(entry)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    Client().get("/health/")
    assert RUNS == [entry.pk] and outbox.pending() == 1
