"""A game's read snapshot in Redis: written by each change after its commit, read with one lookup of
the game's version instead of the rows, never older than the database (whatever failed in between),
and given up whenever something else writes what it holds."""

import json
import logging
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.signals import vacation_changed
from games.models import Game, Player
from games.services import read_snapshot, rows, view_cache
from games.services.engines import get_engine
from games.services.moves import submit_move
from games.services.play import read_game_view
from games.services.tables import start_seated_game
from tests.factories import make_user
from tests.support.redis import needs_redis

pytestmark = [pytest.mark.django_db, needs_redis]


@pytest.fixture(autouse=True)
def _own_keys(settings):
    settings.REDIS_URL = "redis://127.0.0.1:6379/3"
    settings.READ_SNAPSHOT_PREFIX = f"test-read-snapshot-{uuid.uuid4().hex}:"
    _another_process()
    yield
    _another_process()


def _another_process() -> None:
    """What a second web process knows of the game: nothing but Redis and the database."""
    view_cache.clear()
    read_snapshot.clear()


def _stored(game_id: int) -> bytes | None:
    client = read_snapshot._redis()
    assert client is not None
    return client.get(read_snapshot._key(game_id))


def _move(game: Game, capture) -> Game:
    """One legal move by whoever is to act, committed (its after-commit work run)."""
    game = Game.objects.get(pk=game.pk)
    engine = get_engine(game.game_slug)
    seat = engine.to_act(game.state)[0]
    mover = Player.objects.get(game=game, seat=seat).user
    with capture(execute=True):
        submit_move(game.pk, mover, engine.legal_moves(game.state, seat)[0], version=game.version)
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def game():
    anna, bert = make_user("anna"), make_user("bert")
    return start_seated_game("sankt-petersburg", [anna, bert], {}, seed=7, rated=False)


def test_a_read_after_a_move_takes_one_version_lookup_and_shows_what_the_database_holds(
    game, django_capture_on_commit_callbacks, settings
):
    game = _move(game, django_capture_on_commit_callbacks)
    anna = Player.objects.get(game=game, seat=0).user
    _another_process()
    with CaptureQueriesContext(connection) as queries:
        from_snapshot = read_game_view(game.pk, anna)
    assert len(queries) == 1 and "JOIN" not in queries[0]["sql"]
    assert from_snapshot["version"] == game.version

    settings.REDIS_URL = ""
    _another_process()
    assert read_game_view(game.pk, anna) == from_snapshot


def test_the_snapshot_holds_the_rows_the_database_holds(game, django_capture_on_commit_callbacks):
    game = _move(game, django_capture_on_commit_callbacks)
    snapshot = read_snapshot.game_with_seats(game.pk)
    database = rows.game_with_seats(game.pk)
    assert snapshot is not None and database is not None
    for name in rows.reader_fields():
        assert getattr(snapshot[0], name) == getattr(database[0], name), name
    assert snapshot[0].get_deferred_fields() == database[0].get_deferred_fields() == {"state", "result"}
    assert [vars(s) | {"stored": {}} for s in snapshot[1]] == [vars(s) | {"stored": {}} for s in database[1]]


def test_while_a_change_is_not_committed_readers_read_the_database(game, django_capture_on_commit_callbacks):
    game = _move(game, django_capture_on_commit_callbacks)
    whole, players = rows.game_with_seats(game.pk, whole=True)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        read_snapshot.changed(whole, players)
    assert _stored(game.pk).startswith(read_snapshot.MARK)
    _another_process()
    with CaptureQueriesContext(connection) as queries:
        assert read_snapshot.game_with_seats(game.pk)[0].version == game.version
    assert len(queries) == 1
    for callback in callbacks:
        callback()
    assert not _stored(game.pk).startswith(read_snapshot.MARK)


def test_a_change_replaces_its_own_mark_and_nothing_else(game, django_capture_on_commit_callbacks):
    whole, players = rows.game_with_seats(game.pk, whole=True)
    with django_capture_on_commit_callbacks(execute=False) as first:
        read_snapshot.changed(whole, players)
    with django_capture_on_commit_callbacks(execute=False) as second:
        read_snapshot.changed(whole, players)  # a later change, marked before the first one's commit ran
    marker = _stored(game.pk)
    for callback in first:
        callback()
    assert _stored(game.pk) == marker
    for callback in second:
        callback()
    assert not _stored(game.pk).startswith(read_snapshot.MARK)


def test_a_new_display_name_sends_readers_to_the_database(game, django_capture_on_commit_callbacks):
    game = _move(game, django_capture_on_commit_callbacks)
    anna = Player.objects.get(game=game, seat=0).user
    assert _stored(game.pk) is not None
    with django_capture_on_commit_callbacks(execute=True):
        anna.display_name = "Anna K."
        anna.save()
    assert _stored(game.pk) is None
    assert read_game_view(game.pk, anna)["players"][0]["name"] == "Anna K."


def test_a_login_leaves_the_snapshot_alone(game, django_capture_on_commit_callbacks):
    game = _move(game, django_capture_on_commit_callbacks)
    anna = Player.objects.get(game=game, seat=0).user
    with django_capture_on_commit_callbacks(execute=True):
        anna.save(update_fields=["last_login"])
    assert not _stored(game.pk).startswith(read_snapshot.MARK)


def test_a_vacation_sends_readers_to_the_database(game, django_capture_on_commit_callbacks):
    game = _move(game, django_capture_on_commit_callbacks)
    anna = Player.objects.get(game=game, seat=0).user
    with django_capture_on_commit_callbacks(execute=True):
        vacation_changed.send(sender=type(anna), user=anna)
    assert _stored(game.pk) is None


def test_an_edit_outside_the_change_path_sends_readers_to_the_database(game, django_capture_on_commit_callbacks):
    game = _move(game, django_capture_on_commit_callbacks)
    seat = Player.objects.get(game=game, seat=1)
    with django_capture_on_commit_callbacks(execute=True):
        seat.score = 99
        seat.save()
    assert _stored(game.pk) is None
    assert read_game_view(game.pk, seat.user)["players"][1]["score"] == 99


def test_without_redis_every_read_is_the_databases(game, django_capture_on_commit_callbacks, settings):
    settings.REDIS_URL = ""
    game = _move(game, django_capture_on_commit_callbacks)
    anna = Player.objects.get(game=game, seat=0).user
    with CaptureQueriesContext(connection) as queries:
        assert read_game_view(game.pk, anna)["version"] == game.version
    assert len(queries) >= 1


def test_while_redis_is_away_moves_and_reads_still_work(game, django_capture_on_commit_callbacks, settings, caplog):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    with caplog.at_level(logging.WARNING, logger="games.services.read_snapshot"):
        game = _move(game, django_capture_on_commit_callbacks)
        anna = Player.objects.get(game=game, seat=0).user
        assert read_game_view(game.pk, anna)["version"] == game.version
    assert "Could not mark" in caplog.text and "Reading game" in caplog.text


def test_a_snapshot_that_cannot_be_made_leaves_the_move_stored_and_readers_on_the_database(
    game, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    game = _move(game, django_capture_on_commit_callbacks)

    def broken(*args, **kwargs):
        raise RuntimeError("engine failure")

    monkeypatch.setattr(view_cache, "seat_view", broken)
    with caplog.at_level(logging.ERROR, logger="games.services.read_snapshot"):
        moved = _move(game, django_capture_on_commit_callbacks)
    assert moved.version == game.version + 1
    assert _stored(game.pk) is None
    assert "Could not make the snapshot" in caplog.text


def test_a_board_read_from_the_database_takes_its_seats_view_from_the_snapshot(
    game, django_capture_on_commit_callbacks, monkeypatch
):
    from games.services.play import game_view

    game = _move(game, django_capture_on_commit_callbacks)
    anna = Player.objects.get(game=game, seat=0).user
    expected = read_game_view(game.pk, anna)
    _another_process()

    def not_again(*args, **kwargs):
        raise AssertionError("the view of this version was worked out again")

    monkeypatch.setattr(view_cache, "seat_view", not_again)
    assert game_view(Game.objects.get(pk=game.pk), anna) == expected


def test_a_snapshot_is_json_of_its_layout_that_reads_back_as_the_database_rows(
    game, django_capture_on_commit_callbacks
):
    game = _move(game, django_capture_on_commit_callbacks)
    snapshot = json.loads(_stored(game.pk))  # nothing another process would have to unpickle
    assert snapshot["format"] == read_snapshot.FORMAT
    _another_process()
    read_game, seats = read_snapshot.game_with_seats(game.pk)
    db_game, db_seats = rows.game_with_seats(game.pk)
    assert [getattr(read_game, n) for n in rows.reader_fields()] == [getattr(db_game, n) for n in rows.reader_fields()]
    assert [(s.seat, s.deadline, s.turn_started_at, s.username) for s in seats] == [
        (s.seat, s.deadline, s.turn_started_at, s.username) for s in db_seats
    ]


@pytest.mark.parametrize("changed_part", ["game", "seat", "layout"])
def test_a_snapshot_another_release_wrote_is_left_aside_for_the_database(
    game, django_capture_on_commit_callbacks, caplog, changed_part
):
    game = _move(game, django_capture_on_commit_callbacks)
    snapshot = json.loads(_stored(game.pk))
    if changed_part == "game":
        snapshot["game"]["added_since"] = 1
    elif changed_part == "seat":
        snapshot["seats"] = [{**s, "added_since": 1} for s in snapshot["seats"]]
    else:
        snapshot["format"] += 1
    client = read_snapshot._redis()
    client.set(read_snapshot._key(game.pk), json.dumps(snapshot))
    _another_process()
    with caplog.at_level(logging.WARNING, logger="games.services.read_snapshot"):
        with CaptureQueriesContext(connection) as queries:
            found = read_snapshot.game_with_seats(game.pk)
    assert found[0].version == game.version and len(queries) == 1
    assert "Leaving aside the snapshot" in caplog.text


def _redis_away(settings) -> str:
    """The web process can no longer reach Redis (nothing listens on port 1); the working address."""
    working = settings.REDIS_URL
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    return working


def test_after_redis_was_unreachable_during_moves_every_read_is_the_databases(
    game, django_capture_on_commit_callbacks, settings
):
    game = _move(game, django_capture_on_commit_callbacks)
    anna, bert = (Player.objects.get(game=game, seat=s).user for s in (0, 1))
    old = _stored(game.pk)
    assert old is not None and not old.startswith(read_snapshot.MARK)
    working = _redis_away(settings)
    for _ in range(2):  # neither marked nor replaced: the old snapshot stays in Redis
        game = _move(game, django_capture_on_commit_callbacks)
    settings.REDIS_URL = working
    _another_process()
    assert _stored(game.pk) == old
    for reader in (anna, bert, anna):
        _another_process()
        assert read_game_view(game.pk, reader)["version"] == game.version
        assert read_snapshot.game_with_seats(game.pk)[0].version == game.version
    # The next change that reaches Redis serves readers from a snapshot again.
    game = _move(game, django_capture_on_commit_callbacks)
    _another_process()
    with CaptureQueriesContext(connection) as queries:
        assert read_game_view(game.pk, anna)["version"] == game.version
    assert len(queries) == 1


def test_a_redis_restarted_from_a_saved_dump_serves_no_older_snapshot(game, django_capture_on_commit_callbacks):
    game = _move(game, django_capture_on_commit_callbacks)
    anna = Player.objects.get(game=game, seat=0).user
    client = read_snapshot._redis()
    key = read_snapshot._key(game.pk)
    saved = client.dump(key)  # what a dump written now holds of the game
    ttl = client.pttl(key)
    game = _move(game, django_capture_on_commit_callbacks)
    client.restore(key, ttl, saved, replace=True)  # Redis restarted from that dump
    _another_process()
    assert read_game_view(game.pk, anna)["version"] == game.version
    assert read_snapshot.game_with_seats(game.pk)[0].version == game.version


def test_a_name_changed_while_redis_was_unreachable_is_read_from_the_database(
    game, django_capture_on_commit_callbacks, settings
):
    game = _move(game, django_capture_on_commit_callbacks)
    anna = Player.objects.get(game=game, seat=0).user
    working = _redis_away(settings)
    with django_capture_on_commit_callbacks(execute=True):
        anna.display_name = "Anna K."
        anna.save()
    settings.REDIS_URL = working
    _another_process()
    assert _stored(game.pk) is not None  # neither marked nor deleted
    assert read_game_view(game.pk, anna)["players"][0]["name"] == "Anna K."
