"""Nothing promised after a commit is lost when a process dies or the broker goes away: real Celery
workers and web processes (uvicorn) on PostgreSQL and a private Redis are killed at the worst moments,
and the work is done afterwards, once (an email at most twice, with the same Message-ID, never not at all)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Move, Player
from games.services import tables
from notifications.models import Notice
from plumbing.models import OutboxEntry
from tests.factories import make_user
from tests.support.play import alice_plays_until_the_bot_is_to_act, alices_turn_again, bot_game
from tests.support.smtp import smtp_server
from tests.support.stack import Stack, needs_services, until

pytestmark = [needs_services, pytest.mark.django_db(transaction=True)]

SWEEP = "plumbing.tasks.sweep_outbox"


def _overdue_seat():
    """A San Juan game (the processes know no test engines) whose player to move is past the deadline."""
    ann, ben = make_user("ann"), make_user("ben")
    table = tables.create_table(ann, "san-juan", 2)
    tables.join_table(table.pk, ben)
    game = Game.objects.get(table=table)
    late = Player.objects.filter(game=game, must_act=True).order_by("seat").first()
    Player.objects.filter(pk=late.pk).update(deadline=timezone.now() - timedelta(minutes=5))
    late.refresh_from_db()
    return game, late, [[late.pk, late.deadline.isoformat(), game.pk]]


def _timeout_mails(inbox, address: str) -> list:
    return [m for m in inbox.to(address) if "ran out of time" in str(m["Subject"])]


def _all_done() -> bool:
    return not OutboxEntry.objects.filter(done_at__isnull=True).exists()


def test_a_worker_killed_right_after_it_applied_a_timeout_still_tells_everyone_after_a_restart(tmp_path):
    game, late, seats = _overdue_seat()
    with smtp_server() as inbox:
        stack = Stack(tmp_path, inbox.port)
        try:
            stack.worker("dying", die_at="commit", wait=False)  # the task waits in the queue meanwhile
            stack.send("games.tasks.apply_timeouts", seats)
            until(lambda: stack.died("dying"), 30, "the worker dying right after the timeout's commit", stack.all_logs)
            assert Player.objects.get(pk=late.pk).timeouts == 1  # the timeout is stored ...
            assert not Notice.objects.filter(kind=Notice.Kind.TIMEOUT).exists()  # ... and nobody told yet

            stack.worker()
            stack.send(SWEEP)
            until(
                lambda: _timeout_mails(inbox, "ann@") and _timeout_mails(inbox, "ben@"),
                25,
                "the timeout emails",
                stack.all_logs,
            )
            until(_all_done, 10, "all follow-up work done", stack.all_logs)
            stack.sweep()  # once more: nothing is left to do twice
        finally:
            stack.close()
    assert Notice.objects.filter(kind=Notice.Kind.TIMEOUT, game=game).count() == 2
    assert len(_timeout_mails(inbox, "ann@")) == len(_timeout_mails(inbox, "ben@")) == 1
    assert Player.objects.get(pk=late.pk).timeouts == 1


@pytest.mark.parametrize("point", ["smtp-before", "smtp-after"])
def test_a_worker_killed_while_sending_an_email_sends_it_after_a_restart_at_most_twice(tmp_path, point):
    game, late, seats = _overdue_seat()
    with smtp_server() as inbox:
        stack = Stack(tmp_path, inbox.port)
        try:
            stack.worker("dying", die_at=point, wait=False)
            stack.send("games.tasks.apply_timeouts", seats)
            until(lambda: stack.died("dying"), 30, "the worker dying while sending", stack.all_logs)
            stack.worker()
            stack.send(SWEEP)
            until(
                lambda: _timeout_mails(inbox, "ann@") and _timeout_mails(inbox, "ben@"),
                25,
                "the timeout emails",
                stack.all_logs,
            )
            until(_all_done, 10, "all follow-up work done", stack.all_logs)
            stack.sweep()
        finally:
            stack.close()
    got = {who: _timeout_mails(inbox, f"{who}@") for who in ("ann", "ben")}
    counts = sorted(len(m) for m in got.values())
    assert counts == ([1, 1] if point == "smtp-before" else [1, 2]), counts  # one duplicate at most, never none
    for messages in got.values():
        ids = {str(m["Message-ID"]) for m in messages}
        assert len(ids) == 1, ids  # a duplicate carries the same Message-ID
        assert next(iter(ids)).startswith("<notice-") and next(iter(ids)).endswith("@club.example.org>")
    assert set(Notice.objects.filter(kind=Notice.Kind.TIMEOUT).values_list("email", flat=True)) == {"sent"}


def test_a_web_process_killed_right_after_answering_a_move_against_a_bot_and_the_bot_still_plays(tmp_path):
    alice, token, game = bot_game()
    stack = Stack(tmp_path)
    try:
        port = stack.web("web", die_at="response", wait=False)
        stack.worker(wait=False)
        stack.wait("web", "worker")
        version = alice_plays_until_the_bot_is_to_act(port, token, game)
        until(lambda: stack.died("web"), 10, "the web process dying after its answer", stack.all_logs)
        time.sleep(1)
        assert Game.objects.get(pk=game.pk).version == version  # the bot's turn was never handed over

        stack.send(SWEEP)
        until(lambda: alices_turn_again(game, version), 25, "the bot's move", stack.all_logs)
        until(_all_done, 10, "all follow-up work done", stack.all_logs)
    finally:
        stack.close()
    assert Move.objects.filter(game=game, seq__gt=version).exists()


def test_the_broker_stopped_during_a_move_and_started_again_and_the_work_is_done_exactly_once(tmp_path):
    alice, token, game = bot_game()
    stack = Stack(tmp_path)
    try:
        port = stack.web("web", wait=False)
        stack.worker(wait=False)
        stack.wait("web", "worker")
        stack.stop_redis()
        started = time.monotonic()
        version = alice_plays_until_the_bot_is_to_act(port, token, game)
        assert time.monotonic() - started < 10
        time.sleep(2)  # the hand-over after the answer has failed by now
        assert Game.objects.get(pk=game.pk).version == version
        pending = set(OutboxEntry.objects.filter(done_at__isnull=True).values_list("kind", flat=True))
        assert "games.bot_turns" in pending  # stored with the move, though the broker never got it

        stack.start_redis()
        stack.send(SWEEP)
        until(lambda: alices_turn_again(game, version), 25, "the bot's move after the broker is back", stack.all_logs)
        until(_all_done, 10, "all follow-up work done", stack.all_logs)
        moves = list(Move.objects.filter(game=game).values_list("seq", flat=True))
        stack.sweep()
    finally:
        stack.close()
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == moves  # nothing played twice
    turn = Notice.objects.get(user=alice, kind=Notice.Kind.TURN)
    assert turn.read_at is None  # alice is told of her new turn once, on the one notice of her seat
    assert not OutboxEntry.objects.filter(failed_at__isnull=False).exists()


def test_a_worker_killed_in_the_middle_of_a_bots_turn_and_the_bot_moves_once_its_lease_ran_out(tmp_path):
    alice, token, game = bot_game()
    stack = Stack(tmp_path)
    stack.env["BOT_LEASE_SECONDS"] = "3"
    try:
        port = stack.web("web", wait=False)
        stack.worker("doomed", die_at="bot-move", wait=False)
        stack.wait("web", "doomed")
        version = alice_plays_until_the_bot_is_to_act(port, token, game)
        until(lambda: stack.died("doomed"), 20, "the worker dying in the bot's turn", stack.all_logs)
        died = time.monotonic()
        stack.worker("worker")
        stack.sweep()  # within the lease: the dead worker's claim still holds
        assert Game.objects.get(pk=game.pk).version == version
        time.sleep(max(0.0, died + 3.5 - time.monotonic()))
        stack.sweep()
        until(lambda: alices_turn_again(game, version), 25, "the bot's move", stack.all_logs)
        waited = time.monotonic() - died
    finally:
        stack.close()
    assert waited < 3 + 20, waited  # the lease and a sweep, not five minutes
