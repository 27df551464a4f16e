"""A change of a game publishes its turn notices in one Celery message, and the web process writes none."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from games.services.moves import submit_move
from notifications import tasks
from notifications.models import Notice
from notifications.services import notices
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(monkeypatch):
    """The turn messages published, held back instead of run, as a broker would hold them."""
    held = []
    monkeypatch.setattr(tasks.tell_turns, "delay", lambda *args: held.append(args))
    return held


def _mover(game):
    return game.players.select_related("user").get(must_act=True)


def _move(capture, game, player, move):
    game.refresh_from_db()
    with capture(execute=True):
        submit_move(game.pk, player.user, move, version=game.version)


def test_a_move_that_ends_one_turn_and_starts_another_publishes_one_message(
    django_capture_on_commit_callbacks, published
):
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    assert published == [(game.pk, 0, [_mover(game).seat])]
    published.clear()
    first = _mover(game)
    with CaptureQueriesContext(connection) as queries:
        _move(capture, game, first, {"type": "pass"})
    assert published == [(game.pk, 1, [_mover(game).seat])]
    # The move's own statements only: no notice is read or written in the request's thread.
    assert not [q["sql"] for q in queries.captured_queries if "notifications_" in q["sql"]]


def test_the_message_settles_the_ended_turn_and_tells_the_new_one(django_capture_on_commit_callbacks, published):
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    tasks.tell_turns(*published.pop())
    first = _mover(game)
    assert notices.unread_count(first.user) == 1
    _move(capture, game, first, {"type": "pass"})
    second = _mover(game)
    tasks.tell_turns(*published.pop())
    assert Notice.objects.get(user=first.user, kind=Notice.Kind.TURN).read_at is not None
    assert notices.unread_count(first.user) == 0
    assert notices.unread_count(second.user) == 1


def test_a_move_that_only_ends_turns_publishes_one_message_that_settles_them(
    django_capture_on_commit_callbacks, published
):
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    tasks.tell_turns(*published.pop())
    _move(capture, game, _mover(game), {"type": "pass"})
    tasks.tell_turns(*published.pop())
    # Both passed in a row: the toy game ends, turns end and none starts.
    _move(capture, game, _mover(game), {"type": "pass"})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert published == [(game.pk, game.version, [])]
    assert Notice.objects.filter(kind=Notice.Kind.TURN, read_at__isnull=True).count() == 1
    tasks.tell_turns(*published.pop())
    assert not Notice.objects.filter(kind=Notice.Kind.TURN, read_at__isnull=True).exists()


def test_a_message_handled_late_settles_nothing_current(django_capture_on_commit_callbacks, published):
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"))
    start = published.pop()
    _move(capture, game, _mover(game), {"type": "pass"})
    after_first = published.pop()
    second = _mover(game)
    game.refresh_from_db()
    _move(capture, game, second, {"type": "play", "card": min(game.state["hands"][second.seat])})
    after_second = published.pop()
    # The broker hands them over out of order: the newest first.
    for message in (after_second, start, after_first):
        tasks.tell_turns(*message)
    current = _mover(game)
    notice = Notice.objects.get(user=current.user, kind=Notice.Kind.TURN)
    assert notice.read_at is None and notice.data["turn_started_at"] == current.turn_started_at.isoformat()
