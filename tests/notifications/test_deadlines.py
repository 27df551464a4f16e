"""Deadlines from the time control: days per move per seat, vacations, live clocks with increment."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.utils import timezone

from accounts import vacations
from accounts.models import Vacation
from games.models import Game
from games.services import timeouts
from games.services.deadlines import paused_deadline
from games.services.moves import submit_move
from games.services.play import game_view
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db
UTC = UTC


def _at(day: int, hour: int = 0) -> datetime:
    return datetime(2026, 3, day, hour, tzinfo=UTC)


def test_a_deadline_without_vacation_is_the_turn_start_plus_the_days_per_move():
    assert paused_deadline(_at(1, 12), timedelta(days=3), []) == _at(4, 12)


def test_vacation_days_before_the_deadline_push_it_on():
    assert paused_deadline(_at(1, 12), timedelta(days=3), [(_at(2), _at(4))]) == _at(6, 12)


def test_a_turn_that_starts_on_vacation_runs_from_the_vacations_end():
    assert paused_deadline(_at(2, 9), timedelta(days=3), [(_at(1), _at(5))]) == _at(8)


def test_a_vacation_after_the_deadline_changes_nothing():
    assert paused_deadline(_at(1, 12), timedelta(days=3), [(_at(10), _at(12))]) == _at(4, 12)


def test_overlapping_vacations_count_once():
    assert paused_deadline(_at(1), timedelta(days=2), [(_at(1), _at(3)), (_at(2), _at(4))]) == _at(6)


def test_correspondence_deadlines_are_counted_per_seat():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob, days_per_move=2)
    first = game.players.get(must_act=True)
    assert first.deadline - first.turn_started_at == timedelta(days=2)
    submit_move(game.pk, first.user, {"type": "pass"}, version=0)
    second = game.players.get(must_act=True)
    assert second.seat != first.seat
    assert second.deadline - second.turn_started_at == timedelta(days=2)
    assert second.turn_started_at >= first.turn_started_at


def test_vacation_pauses_a_running_deadline_and_the_sweep_leaves_the_seat_alone(django_capture_on_commit_callbacks):
    alice, bob = make_user("alice", time_zone="Europe/Berlin"), make_user("bob")
    game = start_toy_game(alice, bob, days_per_move=3)
    seat = game.players.get(must_act=True)
    before = seat.deadline
    today = vacations.local_today(seat.user)
    with django_capture_on_commit_callbacks(execute=True):
        vacations.set_vacation(seat.user, today + timedelta(days=1), today + timedelta(days=2))
    seat.refresh_from_db()
    assert seat.deadline == before + timedelta(days=2)
    # At the old deadline nothing times out; at the new one it does.
    assert timeouts.sweep(before + timedelta(minutes=1)) == 0
    assert timeouts.sweep(seat.deadline + timedelta(minutes=1)) == 1


def test_ending_a_vacation_early_gives_back_the_days_not_taken(django_capture_on_commit_callbacks):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob, days_per_move=3)
    seat = game.players.get(must_act=True)
    before = seat.deadline
    today = vacations.local_today(seat.user)
    with django_capture_on_commit_callbacks(execute=True):
        vacations.set_vacation(seat.user, today + timedelta(days=1), today + timedelta(days=5))
        assert vacations.end_vacation(seat.user)
    seat.refresh_from_db()
    assert seat.deadline == before
    assert not Vacation.objects.filter(user=seat.user).exists()


def test_a_turn_starting_during_a_vacation_gets_its_days_after_it(django_capture_on_commit_callbacks):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob, days_per_move=3)
    mover = game.players.get(must_act=True)
    other = game.players.exclude(pk=mover.pk).get()
    today = vacations.local_today(other.user)
    with django_capture_on_commit_callbacks(execute=True):
        vacations.set_vacation(other.user, today, today + timedelta(days=1))
    submit_move(game.pk, mover.user, {"type": "pass"}, version=0)
    other.refresh_from_db()
    vacation_end = datetime.combine(today + timedelta(days=2), datetime.min.time(), tzinfo=UTC)
    assert other.deadline == vacation_end + timedelta(days=3)


def test_vacation_days_are_local_days_in_the_players_time_zone():
    alice = make_user("alice", time_zone="Pacific/Auckland")
    today = vacations.local_today(alice)
    vacations.set_vacation(alice, today + timedelta(days=3), today + timedelta(days=3))
    from games.services.deadlines import vacation_windows

    ((begins, ends),) = vacation_windows([alice.pk], timezone.now())[alice.pk]
    assert begins.utcoffset() in (timedelta(hours=12), timedelta(hours=13))
    assert begins.astimezone(UTC).date() == today + timedelta(days=2)  # local midnight is the UTC day before
    assert ends - begins in (timedelta(hours=23), timedelta(hours=24), timedelta(hours=25))


def test_the_yearly_allowance_limits_vacation_days(settings, monkeypatch):
    settings.VACATION_DAYS_PER_YEAR = 10
    monkeypatch.setattr(vacations, "local_today", lambda user: date(2026, 6, 15))
    alice = make_user("alice")
    Vacation.objects.create(user=alice, starts_on=date(2026, 5, 1), ends_on=date(2026, 5, 7))  # taken: 7 days
    with pytest.raises(vacations.VacationError, match="That is 4 vacation days in 2026, but only 3 of 10 are left"):
        vacations.set_vacation(alice, date(2026, 7, 1), date(2026, 7, 4))
    assert Vacation.objects.filter(user=alice).count() == 1  # the failed attempt changed nothing
    vacations.set_vacation(alice, date(2026, 7, 1), date(2026, 7, 3))
    assert vacations.days_left(alice, 2026) == 0
    # Planning anew replaces the planned vacation; one across New Year counts in both years.
    vacations.set_vacation(alice, date(2026, 12, 29), date(2027, 1, 9))
    assert (vacations.days_left(alice, 2026), vacations.days_left(alice, 2027)) == (0, 1)


def test_a_vacation_cannot_start_in_the_past_or_end_before_it_starts():
    alice = make_user("alice")
    today = vacations.local_today(alice)
    with pytest.raises(vacations.VacationError, match="past"):
        vacations.set_vacation(alice, today - timedelta(days=1), today + timedelta(days=1))
    with pytest.raises(vacations.VacationError, match="before its first day"):
        vacations.set_vacation(alice, today + timedelta(days=3), today + timedelta(days=1))
    assert not Vacation.objects.exists()


def test_opponents_see_the_vacation_mark(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    today = vacations.local_today(bob)
    vacations.set_vacation(bob, today, today + timedelta(days=2))
    view = game_view(game, alice)
    assert {p["name"]: p["on_vacation"] for p in view["players"]} == {"alice": False, "bob": True}
    client.force_login(alice)
    assert "on vacation" in client.get(f"/games/{game.pk}/").content.decode()


def test_vacation_is_planned_and_ended_on_the_settings_page(client):
    alice = make_user("alice")
    client.force_login(alice)
    today = vacations.local_today(alice)
    page = client.get("/accounts/settings/").content.decode()
    assert "30 days are left" in page
    response = client.post(
        "/accounts/settings/vacation/",
        {
            "action": "set",
            "starts_on": (today + timedelta(days=1)).isoformat(),
            "ends_on": (today + timedelta(days=4)).isoformat(),
        },
    )
    assert response.status_code == 302
    assert Vacation.objects.get(user=alice).days == 4
    bad = client.post(
        "/accounts/settings/vacation/",
        {"action": "set", "starts_on": (today - timedelta(days=3)).isoformat(), "ends_on": today.isoformat()},
    )
    assert bad.status_code == 400 and "cannot start in the past" in bad.content.decode()
    client.post("/accounts/settings/vacation/", {"action": "end"})
    assert not Vacation.objects.filter(user=alice).exists()


def test_a_live_clock_is_charged_for_the_turn_and_gets_the_increment(monkeypatch):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob, time_control="live", minutes_per_player=5, increment_seconds=10)
    mover = game.players.get(must_act=True)
    assert mover.clock_ms == 300_000 and mover.deadline == mover.turn_started_at + timedelta(minutes=5)
    later = mover.turn_started_at + timedelta(seconds=40)
    monkeypatch.setattr(timezone, "now", lambda: later)
    submit_move(game.pk, mover.user, {"type": "pass"}, version=0)
    mover.refresh_from_db()
    assert mover.clock_ms == 300_000 - 40_000 + 10_000
    other = game.players.get(must_act=True)
    assert other.deadline == later + timedelta(minutes=5)
    view = game_view(Game.objects.get(pk=game.pk), alice)
    clocks = {p["seat"]: p["clock_left_ms"] for p in view["players"]}
    assert clocks[mover.seat] == 270_000


def test_the_board_shows_a_ticking_clock_for_live_games(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob, time_control="live", minutes_per_player=5)
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert page.count("data-clock-ms=") == 2 and 'class="clock running"' in page


def test_a_live_turn_books_its_timeout_for_the_moment_the_clock_runs_out(
    monkeypatch, settings, django_capture_on_commit_callbacks
):
    from games import tasks

    booked = []
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(tasks.apply_timeouts, "apply_async", lambda args, eta: booked.append((args, eta)))
    monkeypatch.setattr(tasks.play_bot_turns, "delay", lambda *a: None)
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("alice"), make_user("bob"), time_control="live", minutes_per_player=3)
    mover = game.players.get(must_act=True)
    assert booked == [([[[mover.pk, mover.deadline.isoformat(), game.pk]]], mover.deadline)]
    # When the task fires at that moment, the seat times out once.
    from games.services import timeouts

    assert timeouts.apply_many(booked[0][0][0], now=mover.deadline) == 1
    assert timeouts.apply_many(booked[0][0][0], now=mover.deadline) == 0


def test_a_live_seat_that_ran_out_of_time_plays_its_next_turn_on_a_minute(monkeypatch):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob, time_control="live", minutes_per_player=3)
    mover = game.players.get(must_act=True)
    flagged = mover.deadline + timedelta(seconds=2)
    monkeypatch.setattr(timezone, "now", lambda: flagged)
    assert timeouts.apply_timeout(mover.pk, mover.deadline) is True
    mover.refresh_from_db()
    assert (mover.clock_ms, mover.timeouts, mover.bot_took_over) == (60_000, 1, False)

    other = game.players.get(must_act=True)
    later = flagged + timedelta(seconds=5)
    monkeypatch.setattr(timezone, "now", lambda: later)
    game.refresh_from_db()
    card = game.state["hands"][other.seat][0]
    submit_move(game.pk, other.user, {"type": "play", "card": card}, version=game.version)

    mover.refresh_from_db()
    assert mover.must_act and mover.deadline == later + timedelta(minutes=1)
    assert timeouts.sweep(now=later + timedelta(seconds=30)) == 0
