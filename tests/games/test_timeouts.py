from datetime import timedelta

import pytest
from django.db import connection

from games.models import Game, Move
from games.services import timeouts
from games.services.event_codec import template
from tests.factories import make_user, start_toy_game
from tests.support.race import race


def _overdue_seat(game):
    player = game.players.get(must_act=True)
    return player, player.deadline + timedelta(seconds=1)


@pytest.mark.django_db
def test_a_missed_deadline_plays_the_engines_timeout_move_once():
    game = start_toy_game(make_user("alice"), make_user("bob"), days_per_move=2)
    player, later = _overdue_seat(game)
    assert player.deadline - player.turn_started_at == timedelta(days=2)
    assert timeouts.overdue(later - timedelta(seconds=2)) == []
    assert timeouts.sweep(later) == 1
    assert timeouts.apply_timeout(player.pk, player.deadline, later) is False
    move = Move.objects.get(game=game)
    assert move.payload == {"type": "pass"} and move.seat == player.seat
    assert move.events[0]["timeout"] is True
    player.refresh_from_db()
    assert player.timeouts == 1 and not player.bot_took_over and not player.must_act


@pytest.mark.django_db
def test_a_second_timeout_hands_the_seat_to_a_bot_and_ranks_it_last(django_capture_on_commit_callbacks):
    from games.services.moves import submit_move

    game = start_toy_game(make_user("alice"), make_user("bob"), make_user("carol"), options={"target": "21"})
    victim = game.players.get(must_act=True)
    with django_capture_on_commit_callbacks(execute=True):
        assert timeouts.sweep(victim.deadline + timedelta(seconds=1)) == 1
        for _ in range(2):  # the other two each play their smallest card
            game.refresh_from_db()
            seat = game.state["turn"]
            card = min(game.state["hands"][seat])
            submit_move(game.pk, game.players.get(seat=seat).user, {"type": "play", "card": card}, version=game.version)
        victim.refresh_from_db()
        assert victim.must_act and victim.deadline
        assert timeouts.sweep(victim.deadline + timedelta(seconds=1)) == 1
    victim.refresh_from_db()
    game.refresh_from_db()
    assert victim.timeouts == 2 and victim.bot_took_over
    note = game.moves.order_by("-seq").filter(seat=victim.seat)[0].events[0]
    assert "a bot takes over" in template(note["msg"])  # stored as its catalogue id
    # The bot plays the seat from now on; when the game ends the seat ranks last.
    while game.status == Game.Status.ACTIVE:
        seat = game.state["turn"]
        with django_capture_on_commit_callbacks(execute=True):
            submit_move(game.pk, game.players.get(seat=seat).user, {"type": "pass"}, version=game.version)
        game.refresh_from_db()
    assert game.result["ranks"][victim.seat] == 3


@pytest.mark.django_db
def test_end_policy_ends_the_game_unrated():
    game = start_toy_game(make_user("alice"), make_user("bob"), timeout_policy="end")
    player, later = _overdue_seat(game)
    assert timeouts.sweep(later) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and not game.rated
    assert game.result["timed_out_seat"] == player.seat
    assert not game.players.filter(must_act=True).exists()


@pytest.mark.django_db
def test_a_move_in_time_cancels_the_timeout():
    from games.services.moves import submit_move

    game = start_toy_game(make_user("alice"), make_user("bob"))
    player, later = _overdue_seat(game)
    deadline = player.deadline
    submit_move(game.pk, player.user, {"type": "pass"}, version=0)
    assert timeouts.apply_timeout(player.pk, deadline, later) is False
    assert Move.objects.filter(game=game).count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor == "sqlite", reason="row locks need PostgreSQL")
def test_two_workers_sweeping_at_once_apply_one_timeout():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    player, _later = _overdue_seat(game)
    # Exactly at the deadline: the next seat's deadline, set when the timeout lands, lies beyond it.
    later = player.deadline
    done = race(lambda: timeouts.sweep(later), 4)
    assert sum(done) == 1
    assert Move.objects.filter(game=game).count() == 1
