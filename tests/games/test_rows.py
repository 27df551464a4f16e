"""The hand-written reads and writes of games and moves give what the ORM gives."""

import uuid

import pytest
from django.db import IntegrityError, connection, transaction
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Move
from games.services import rows
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db


def _all_fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


@pytest.fixture
def game():
    return start_toy_game(make_user("alice"), make_user("bob"))


def test_a_loaded_game_equals_the_orms_in_every_field(game):
    Game.objects.filter(pk=game.pk).update(
        result={"scores": [3, 1], "ranks": [1, 2]}, finished_at=timezone.now(), options={"variant": "x"}
    )

    loaded = rows.load_game(game.pk)

    assert _all_fields(loaded) == _all_fields(Game.objects.get(pk=game.pk))
    assert not loaded._state.adding and loaded._state.db == "default"


def test_loading_a_game_is_one_query_and_locking_it_adds_for_update_where_the_database_has_it(game):
    with transaction.atomic(), CaptureQueriesContext(connection) as captured:
        assert rows.load_game(game.pk, lock=True).pk == game.pk
    selects = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert len(selects) == 1
    assert selects[0].endswith("FOR UPDATE") == connection.features.has_select_for_update


@pytest.mark.parametrize("game_id", [0, -1, 2**63, 10**30])
def test_a_missing_or_out_of_range_id_is_no_game(game_id):
    assert rows.load_game(game_id) is None


def test_saving_writes_the_named_fields_and_no_others(game):
    loaded = rows.load_game(game.pk)
    loaded.version, loaded.state, loaded.updated_at = 7, {"marker": [1, 2]}, timezone.now()
    loaded.chat_count = 99  # not named: stays as stored

    rows.save_game(loaded, ["version", "state", "updated_at"])

    stored = Game.objects.get(pk=game.pk)
    assert (stored.version, stored.state, stored.updated_at) == (7, {"marker": [1, 2]}, loaded.updated_at)
    assert stored.chat_count == 0


def test_an_inserted_move_gets_its_id_and_reads_back_as_written(game):
    client_id, now = uuid.uuid4(), timezone.now()
    move = rows.insert_move(
        Move(
            game=game,
            seq=1,
            seat=0,
            payload={"type": "take", "n": 2},
            events=[[1, 2]],
            client_id=client_id,
            by_bot=False,
            created_at=now,
        )
    )

    assert move.pk is not None and not move._state.adding
    assert model_to_dict(Move.objects.get(pk=move.pk)) == model_to_dict(move)


def test_the_same_client_id_twice_is_an_integrity_error(game):
    client_id = uuid.uuid4()
    rows.insert_move(
        Move(game=game, seq=1, seat=0, payload={"type": "a"}, client_id=client_id, created_at=timezone.now())
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        rows.insert_move(
            Move(game=game, seq=2, seat=0, payload={"type": "b"}, client_id=client_id, created_at=timezone.now())
        )
    assert Move.objects.filter(game=game).count() == 1


def test_an_out_of_range_game_id_is_a_404_on_the_api_and_the_pages(client):
    make_user("alice")
    client.login(username="alice", password="pw-For-tests-123")
    for url in (f"/api/games/{10**30}/", f"/api/games/{2**63}/log/", f"/games/{2**63}/"):
        assert client.get(url).status_code == 404, url


def _seat_fields(seat) -> dict:
    return {
        name: getattr(seat, name) for name in ("id", "seat", "user_id", "username", "shown_name", "away", "deadline")
    }


@pytest.mark.parametrize("whole", [False, True])
def test_a_game_read_with_its_seats_in_one_query_equals_the_game_and_seats_read_apart(game, whole):
    Game.objects.filter(pk=game.pk).update(result={"scores": [3, 1], "ranks": [1, 2]}, finished_at=timezone.now())
    apart = rows.load_game(game.pk)
    with CaptureQueriesContext(connection) as queries:
        together, seats = rows.game_with_seats(game.pk, whole=whole)
    assert len(queries) == 1
    expected = _all_fields(apart)
    if not whole:
        assert together.get_deferred_fields() == {"state", "result"}
        expected = {k: v for k, v in expected.items() if k not in ("state", "result")}
    assert {k: getattr(together, k) for k in expected} == expected
    assert [_seat_fields(s) for s in seats] == [_seat_fields(s) for s in rows.seats(apart)]


def test_a_locked_read_with_seats_locks_only_the_games_row_where_the_database_can(game):
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        rows.game_with_seats(game.pk, whole=True, lock=True)
    sql = queries[-1]["sql"]
    assert sql.endswith("FOR UPDATE OF g") == connection.features.has_select_for_update_of
    assert rows.game_with_seats(game.pk + 10_000, whole=True, lock=True) is None
