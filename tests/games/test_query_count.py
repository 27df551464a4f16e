import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.factories import api_token, make_user, start_toy_game

pytestmark = pytest.mark.django_db


def _api_for(user) -> APIClient:
    """A device that has been talking to the API: its token is already known to the server's cache."""
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    assert api.get("/api/me/").status_code == 200
    return api


def _statements(queries) -> list[str]:
    # The test's own transaction turns BEGIN/COMMIT into savepoints; they are not queries.
    return [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]


def _post_move(api, game, version, move_id=None):
    body = {"move": {"type": "pass"}, "version": version}
    if move_id:
        body["move_id"] = str(move_id)
    with CaptureQueriesContext(connection) as queries:
        response = api.post(f"/api/games/{game.pk}/moves/", body, format="json")
    return response, _statements(queries)


def test_a_move_over_the_api_takes_at_most_six_queries():
    # Locked game, its seats, the move, the game's new state, the seats whose turn changed, and the
    # change's follow-up work in the outbox (the token is known from the device's earlier requests).
    game = start_toy_game(make_user("alice"), make_user("bob"))
    response, statements = _post_move(_api_for(game.players.get(seat=0).user), game, 0, uuid.uuid4())
    assert response.status_code == 201
    assert len(statements) <= 6, "\n".join(statements)


def test_the_move_that_ends_the_game_takes_at_most_six_queries():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    first, second = (_api_for(game.players.get(seat=s).user) for s in (0, 1))
    assert _post_move(first, game, 0)[0].status_code == 201
    response, statements = _post_move(second, game, 1)
    assert response.status_code == 201 and response.json()["status"] == "finished"
    assert len(statements) <= 6, "\n".join(statements)


def test_a_stale_move_is_refused_in_at_most_three_queries():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    api = _api_for(game.players.get(seat=0).user)
    assert _post_move(api, game, 0)[0].status_code == 201
    response, statements = _post_move(api, game, 0, uuid.uuid4())
    assert response.status_code == 409
    assert len(statements) <= 3, "\n".join(statements)


def test_a_retried_move_is_answered_in_at_most_three_queries():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    api = _api_for(game.players.get(seat=0).user)
    move_id = uuid.uuid4()
    assert _post_move(api, game, 0, move_id)[0].status_code == 201
    response, statements = _post_move(api, game, 0, move_id)
    assert response.status_code == 200 and response.json()["repeated"]
    assert len(statements) <= 3, "\n".join(statements)


def test_a_players_view_of_a_game_takes_at_most_three_queries():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    api = _api_for(game.players.get(seat=0).user)
    with CaptureQueriesContext(connection) as queries:
        response = api.get(f"/api/games/{game.pk}/")
    assert response.status_code == 200 and response.json()["legal_moves"]
    statements = _statements(queries)
    assert len(statements) <= 3, "\n".join(statements)


def test_a_second_read_of_the_same_version_takes_one_query_once_the_token_is_known():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    api = _api_for(game.players.get(seat=0).user)
    assert api.get(f"/api/games/{game.pk}/").status_code == 200
    with CaptureQueriesContext(connection) as queries:
        response = api.get(f"/api/games/{game.pk}/")
    assert response.status_code == 200 and response.json()["legal_moves"]
    statements = _statements(queries)
    assert len(statements) == 1, "\n".join(statements)
