"""The outbox: follow-up work stored with the change, handed over after the commit, handed out again
by the sweep when the hand-over was lost, retried with backoff and given up visibly."""

from __future__ import annotations

import time
import uuid
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from games.models import Game, Move
from games.services import after_commit
from games.services.moves import submit_move
from plumbing import outbox
from plumbing.models import OutboxEntry
from tests.factories import make_user, start_toy_game

DONE: list[dict] = []
MARKS: list[str] = []


@outbox.handler("tests.note")
def _note(entry: OutboxEntry) -> None:
    DONE.append(entry.payload)


@outbox.handler("tests.flaky", on_failure=lambda entry: MARKS.append(f"gave up {entry.pk}"))
def _flaky(entry: OutboxEntry) -> None:
    # Its effect is written first, then it fails: the effect must not stay.
    OutboxEntry.objects.filter(pk=entry.pk).update(ref="half done")
    if entry.payload.get("fail", True):
        raise ConnectionError("mail server away")


@pytest.fixture(autouse=True)
def _clear():
    DONE.clear()
    MARKS.clear()


@pytest.mark.django_db(transaction=True)
def test_work_recorded_in_a_transaction_that_rolls_back_is_neither_stored_nor_run():
    with pytest.raises(RuntimeError), transaction.atomic():
        outbox.record("tests.note", {"n": 1})
        raise RuntimeError("the change failed")
    assert OutboxEntry.objects.count() == 0 and DONE == []

    with transaction.atomic():
        entry = outbox.record("tests.note", {"n": 2})
        assert DONE == []  # not before the commit
    assert DONE == [{"n": 2}]
    assert OutboxEntry.objects.get(pk=entry.pk).done_at is not None


@pytest.mark.django_db(transaction=True)
def test_a_lost_hand_over_is_made_good_by_the_sweep_after_the_grace_period_once(monkeypatch, settings):
    settings.OUTBOX_GRACE_SECONDS = 60
    monkeypatch.setattr(
        outbox, "hand_over", lambda ids, countdown=0, **kwargs: None
    )  # the process died after the commit
    with transaction.atomic():
        entry = outbox.record("tests.note", {"n": 3})
    monkeypatch.undo()
    assert DONE == [] and outbox.pending() == 1

    assert outbox.sweep(timezone.now()) == 0  # still within the grace period
    assert outbox.sweep(timezone.now() + timedelta(seconds=61)) == 1
    assert DONE == [{"n": 3}]
    assert outbox.sweep(timezone.now() + timedelta(seconds=200)) == 0
    assert outbox.run(entry.pk) is False  # a late second message does nothing
    assert DONE == [{"n": 3}] and outbox.pending() == 0


@pytest.mark.django_db(transaction=True)
def test_a_failing_handler_is_retried_with_doubling_waits_then_given_up_and_its_effects_never_stay(settings):
    settings.OUTBOX_RETRY_SECONDS = 30
    settings.OUTBOX_MAX_ATTEMPTS = 4
    with transaction.atomic():
        entry = outbox.record("tests.flaky", {}, ref="clean")
    waits = []
    for _ in range(3):
        entry.refresh_from_db()
        assert entry.ref == "clean", "a failed attempt's writes are rolled back"
        failed_at = timezone.now() if waits else entry.created_at
        waits.append(round((entry.due_at - failed_at).total_seconds()))
        OutboxEntry.objects.filter(pk=entry.pk).update(due_at=timezone.now())  # time passes
        outbox.run(entry.pk)
    entry.refresh_from_db()
    assert waits == [30, 60, 120]
    assert entry.attempts == 4 and entry.failed_at is not None and entry.done_at is None
    assert "ConnectionError: mail server away" in entry.last_error
    assert MARKS == [f"gave up {entry.pk}"] and entry.ref == "clean"
    assert outbox.sweep(timezone.now() + timedelta(days=1)) == 0  # given up: not handed out again


@pytest.mark.django_db(transaction=True)
def test_an_entry_run_again_after_it_succeeded_does_nothing():
    with transaction.atomic():
        entry = outbox.record("tests.flaky", {"fail": False})
    assert OutboxEntry.objects.get(pk=entry.pk).done_at is not None
    OutboxEntry.objects.filter(pk=entry.pk).update(ref="")
    assert outbox.run(entry.pk) is False
    assert OutboxEntry.objects.get(pk=entry.pk).ref == ""


@pytest.mark.django_db(transaction=True)
def test_a_move_against_a_bot_stores_its_follow_up_and_the_bot_turn_with_it(monkeypatch):
    game = start_toy_game(make_user("alice"), bots=1)  # a bot that opens has played by now
    human = game.players.get(user__isnull=False)
    assert human.must_act or Game.objects.get(pk=game.pk).status != Game.Status.ACTIVE
    lost: list[int] = []
    monkeypatch.setattr(outbox, "hand_over", lambda ids, countdown=0, **kwargs: lost.extend(ids))
    game = Game.objects.get(pk=game.pk)
    outcome = submit_move(game.pk, human.user, {"type": "pass"}, version=game.version, move_id=uuid.uuid4())
    kinds = sorted(OutboxEntry.objects.filter(pk__in=lost).values_list("kind", flat=True))
    assert kinds == [after_commit.BOT_TURNS, after_commit.FOLLOW_UP]
    assert Game.objects.get(pk=game.pk).version == outcome.game.version  # the bot has not moved: its hand-over was lost

    monkeypatch.undo()
    assert outbox.sweep(timezone.now() + timedelta(days=1)) >= 2
    assert Game.objects.get(pk=game.pk).version > outcome.game.version  # the bot played after the sweep
    assert outbox.pending() == 0
    moves = Move.objects.filter(game=game).count()
    assert outbox.sweep(timezone.now() + timedelta(days=2)) == 0
    assert Move.objects.filter(game=game).count() == moves


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_neither_fails_nor_holds_up_a_move_and_the_sweep_does_the_work_later(settings):
    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.broker_url = "redis://127.0.0.1:9/0"  # nothing listens there
    try:
        game = start_toy_game(make_user("alice"), make_user("bob"))
        mover = game.players.get(must_act=True).user
        started = time.monotonic()
        outcome = submit_move(game.pk, mover, {"type": "pass"}, version=0, move_id=uuid.uuid4())
        took = time.monotonic() - started
    finally:
        app.conf.broker_url = None
        app.pool.force_close_all()
        settings.CELERY_TASK_ALWAYS_EAGER = True
    assert outcome.game.version == 1 and took < 5, took
    assert outbox.pending(after_commit.FOLLOW_UP) >= 1
    assert outbox.sweep(timezone.now() + timedelta(days=1)) >= 1
    assert outbox.pending() == 0


def test_a_hand_over_is_one_message_per_entry_with_the_texts_celery_would_show(settings, monkeypatch):
    from celery.utils.saferepr import saferepr

    from plumbing.tasks import run_entry

    sent: list[dict] = []
    monkeypatch.setattr(run_entry, "apply_async", lambda **options: sent.append(options))
    settings.CELERY_TASK_ALWAYS_EAGER = False
    outbox.hand_over([7, 123456789], countdown=5)
    assert [options["args"] for options in sent] == [[7], [123456789]]
    for options in sent:
        assert options["countdown"] == 5 and options["retry"] is False
        assert options["argsrepr"] == saferepr(options["args"])
        assert options["kwargsrepr"] == saferepr({})
