"""Short outbox work due at once goes to the broker in one message per web process and batch window;
long work (a bot's turns) and work for later keep a message each; outside a web server nothing waits."""

from __future__ import annotations

import time

import pytest
from celery.utils.saferepr import saferepr
from django.db import transaction

from plumbing import outbox
from plumbing.models import OutboxEntry

RUN: list[int] = []


@outbox.handler("tests.batch.short")
def _short(entry: OutboxEntry) -> None:
    RUN.append(entry.payload["n"])


@outbox.handler("tests.batch.long", atomic=False)
def _long(entry: OutboxEntry) -> None:
    RUN.append(entry.payload["n"])


@outbox.handler("tests.batch.broken")
def _broken(entry: OutboxEntry) -> None:
    raise ConnectionError("mail server away")


@pytest.fixture
def sent(settings, monkeypatch):
    """The task messages sent, as ("one" or "many", options). Patched on Celery's task class: a batch
    is sent from another thread, where the task may be another app's (Celery's current app is per
    thread, and other tests make apps of their own)."""
    from celery.app.task import Task

    messages: list[tuple[str, dict]] = []
    kinds = {"plumbing.tasks.run_entry": "one", "plumbing.tasks.run_entries": "many"}
    monkeypatch.setattr(Task, "apply_async", lambda task, **options: messages.append((kinds[task.name], options)))
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(outbox, "_batch", outbox._Batch())  # nothing gathered by an earlier test
    RUN.clear()
    return messages


def _wait_for(messages: list, count: int) -> None:
    deadline = time.monotonic() + 5
    while len(messages) < count and time.monotonic() < deadline:
        time.sleep(0.01)


@pytest.mark.django_db(transaction=True)
def test_short_work_of_several_requests_shares_one_message(sent, server_loop):
    ids = []
    for n in range(3):
        with transaction.atomic():
            ids.append(outbox.record("tests.batch.short", {"n": n}).pk)
    assert sent == []  # gathered for the batch window
    _wait_for(sent, 1)
    time.sleep(outbox.BATCH_SECONDS)
    assert [(name, options["args"]) for name, options in sent] == [("many", [ids])]
    assert sent[0][1]["argsrepr"] == saferepr([ids]) and sent[0][1]["retry"] is False


@pytest.mark.django_db(transaction=True)
def test_long_work_and_work_for_later_keep_a_message_each(sent, server_loop):
    from datetime import timedelta

    from django.utils import timezone

    with transaction.atomic():
        bot = outbox.record("tests.batch.long", {"n": 1})
        later = outbox.record("tests.batch.short", {"n": 2}, not_before=timezone.now() + timedelta(minutes=5))
    assert [(name, options["args"]) for name, options in sent] == [("one", [bot.pk]), ("one", [later.pk])]


@pytest.mark.django_db(transaction=True)
def test_outside_a_web_server_short_work_is_handed_over_at_once(sent):
    with transaction.atomic():
        entry = outbox.record("tests.batch.short", {"n": 1})
    assert [(name, options["args"]) for name, options in sent] == [("one", [entry.pk])]


@pytest.mark.django_db(transaction=True)
def test_a_batch_runs_every_entry_even_when_one_fails(sent):
    with transaction.atomic():
        first = outbox.record("tests.batch.short", {"n": 1})
        broken = outbox.record("tests.batch.broken", {})
        last = outbox.record("tests.batch.short", {"n": 3})
    RUN.clear()
    assert outbox.run_all([first.pk, broken.pk, last.pk]) == 2
    assert RUN == [1, 3]
    assert OutboxEntry.objects.get(pk=broken.pk).attempts == 1


@pytest.mark.django_db(transaction=True)
def test_entries_whose_sending_never_came_go_with_the_next_one(sent, server_loop):
    # Gathered while an earlier loop ran, which stopped before its timer fired.
    outbox._batch._ids.append(1)
    outbox._batch._sending_since = time.monotonic() - 60
    with transaction.atomic():
        entry = outbox.record("tests.batch.short", {"n": 1})
    _wait_for(sent, 1)
    assert [(name, options["args"]) for name, options in sent] == [("many", [[1, entry.pk]])]
