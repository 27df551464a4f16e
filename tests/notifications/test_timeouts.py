"""Timeouts: the table's policy, everyone told in the log and by email, exactly once per seat and deadline."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail
from django.db import connection
from django.utils import timezone

from games.models import Game, Move
from games.services import timeouts
from games.services.log import log_entries
from games.services.moves import submit_move
from notifications.models import Notice
from tests.factories import make_user, start_toy_game
from tests.notifications.helpers import html_of, mails_to
from tests.support.race import race


def _victim(game):
    return game.players.select_related("user").get(must_act=True)


def _sweep_past(capture, player) -> int:
    with capture(execute=True):
        return timeouts.sweep(player.deadline + timedelta(seconds=1))


@pytest.mark.django_db
def test_a_first_timeout_plays_the_default_move_and_tells_everyone(django_capture_on_commit_callbacks):
    from accounts.models import User

    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"), make_user("cleo"))
    victim = _victim(game)
    watcher, quiet = [p.user for p in game.players.select_related("user") if p.pk != victim.pk]
    User.objects.filter(pk=quiet.pk).update(email_on_timeout=False)
    mail.outbox.clear()
    assert _sweep_past(django_capture_on_commit_callbacks, victim) == 1
    name = victim.user.username
    log = [line["text"] for line in log_entries(game, None)]
    assert f"{name} ran out of time; the default move was played." in log
    timeout_mails = [m for m in mail.outbox if "ran out of time" in m.subject]
    # Everyone in the game who wants timeout emails, the player who timed out included.
    assert sorted(m.to[0] for m in timeout_mails) == sorted([victim.user.email, watcher.email])
    own = next(m for m in timeout_mails if m.to == [victim.user.email])
    assert own.subject == f"Toy #{game.pk}: you ran out of time"
    assert "The default move was played for you" in own.body and "second timeout" in own.body
    theirs = next(m for m in timeout_mails if m.to == [watcher.email])
    assert theirs.subject == f"Toy #{game.pk}: {name} ran out of time"
    assert f"{name} did not move in time in Toy #{game.pk}." in theirs.body
    assert f"/games/{game.pk}/" in html_of(own)
    from notifications.services.notices import text

    assert text(Notice.objects.get(user=victim.user, kind=Notice.Kind.TIMEOUT)) == (
        f"Toy #{game.pk}: you ran out of time; the default move was played"
    )
    assert text(Notice.objects.get(user=watcher, kind=Notice.Kind.TIMEOUT)) == (
        f"Toy #{game.pk}: {name} ran out of time; the default move was played"
    )
    # The one who opted out of timeout emails still sees it under the bell.
    assert Notice.objects.get(user=quiet, kind=Notice.Kind.TIMEOUT).email == Notice.Email.NONE


@pytest.mark.django_db
def test_a_second_timeout_hands_the_seat_to_a_bot_and_it_ranks_last_in_the_ratings(django_capture_on_commit_callbacks):
    from rankings.models import RatingChange

    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"), make_user("cleo"))
    victim = _victim(game)
    _sweep_past(django_capture_on_commit_callbacks, victim)
    for _ in range(2):  # the others each play their smallest card
        game.refresh_from_db()
        seat = game.state["turn"]
        with django_capture_on_commit_callbacks(execute=True):
            submit_move(
                game.pk,
                game.players.get(seat=seat).user,
                {"type": "play", "card": min(game.state["hands"][seat])},
                version=game.version,
            )
    victim.refresh_from_db()
    mail.outbox.clear()
    _sweep_past(django_capture_on_commit_callbacks, victim)
    victim.refresh_from_db()
    assert victim.bot_took_over and victim.timeouts == 2
    own = mails_to(victim.user.email)[0]
    assert "a bot plays your seat to the end, and you rank last" in own.body
    game.refresh_from_db()
    while game.status == Game.Status.ACTIVE:
        seat = game.state["turn"]
        with django_capture_on_commit_callbacks(execute=True):
            submit_move(game.pk, game.players.get(seat=seat).user, {"type": "pass"}, version=game.version)
        game.refresh_from_db()
    assert game.result["ranks"][victim.seat] == 3
    assert RatingChange.objects.get(game=game, user=victim.user).rank == 3


@pytest.mark.django_db
def test_the_end_policy_ends_the_game_unrated_and_says_so_in_the_log_and_by_email(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"), timeout_policy="end")
    victim = _victim(game)
    mail.outbox.clear()
    assert _sweep_past(django_capture_on_commit_callbacks, victim) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and not game.rated
    assert log_entries(game, None)[-1]["text"] == f"{victim.user.username} ran out of time; the game ends unrated."
    timeout_mails = [m for m in mail.outbox if "ran out of time" in m.subject]
    assert len(timeout_mails) == 2
    assert all("the game ends here, unrated" in m.body for m in timeout_mails)


@pytest.mark.django_db
def test_a_rerun_after_a_crash_finds_nothing_left_to_do(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    victim = _victim(game)
    later = victim.deadline  # due at that very moment; the next seat's new deadline lies beyond it
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert timeouts.sweep(later) == 1
    sent = len(mail.outbox)
    # The beat fires again, a worker retries the same seat: nothing more happens.
    with django_capture_on_commit_callbacks(execute=True):
        assert timeouts.sweep(later) == 0
        assert timeouts.apply_timeout(victim.pk, victim.deadline, later) is False
    assert Move.objects.filter(game=game).count() == 1 and len(mail.outbox) == sent


@pytest.mark.django_db
def test_the_beat_schedule_runs_the_sweep_and_the_sweep_reads_the_deadline_index():
    assert settings.CELERY_BEAT_SCHEDULE["sweep-timeouts"]["task"] == "games.tasks.sweep_timeouts"
    if connection.vendor != "postgresql":
        pytest.skip("the plan is checked on PostgreSQL")
    from django.utils import timezone

    from games.models import Player

    query = (
        Player.objects.filter(must_act=True, deadline__lte=timezone.now())
        .order_by("deadline", "pk")
        .values_list("id", "deadline", "game_id")[:500]
    )
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = query.query.sql_with_params()
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "player_deadline_idx" in plan, plan


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor == "sqlite", reason="row locks need PostgreSQL")
def test_four_workers_at_once_apply_one_timeout_and_send_one_email_each():
    ann, ben = make_user("ann"), make_user("ben")
    game = start_toy_game(ann, ben)
    victim = _victim(game)
    later = victim.deadline  # the next seat's deadline, set when the timeout lands, lies beyond it
    mail.outbox.clear()
    outcomes = race(lambda: timeouts.sweep(later), 4)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    applied = [o for o in outcomes if not isinstance(o, Exception)]
    assert errors == [] and sum(applied) == 1
    assert Move.objects.filter(game=game).count() == 1
    timeout_mails = [m for m in mail.outbox if "ran out of time" in m.subject]
    assert sorted(m.to[0] for m in timeout_mails) == sorted([ann.email, ben.email])
    assert Notice.objects.filter(kind=Notice.Kind.TIMEOUT).count() == 2


@pytest.mark.django_db
def test_the_beat_task_shares_overdue_seats_out_to_workers_in_chunks(django_capture_on_commit_callbacks, monkeypatch):
    from games import tasks
    from games.models import Player

    games = []
    with django_capture_on_commit_callbacks(execute=True):
        for i in range(3):
            games.append(start_toy_game(make_user(f"a{i}"), make_user(f"b{i}")))
    Player.objects.filter(must_act=True).update(deadline=timezone.now() - timedelta(minutes=5))
    monkeypatch.setattr(timeouts, "CHUNK", 2)
    chunks = []
    monkeypatch.setattr(
        tasks.apply_timeouts, "delay", lambda seats: chunks.append(seats) or tasks.apply_timeouts.apply(args=[seats])
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.sweep_timeouts.delay().get() == 3
    assert [len(c) for c in chunks] == [2, 1]
    assert Move.objects.filter(game__in=games).count() == 3
    # The same chunk handed out twice changes nothing.
    assert timeouts.apply_many(chunks[0]) == 0
