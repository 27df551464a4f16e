import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db


def test_a_move_over_the_api_takes_at_most_six_queries():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    mover = game.players.get(seat=0).user
    token = Token.objects.create(user=mover)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    with CaptureQueriesContext(connection) as queries:
        response = api.post(f"/api/games/{game.pk}/moves/", {"move": {"type": "pass"}, "version": 0},
                            format="json")
    assert response.status_code == 201
    # The test's own transaction turns BEGIN/COMMIT into savepoints; they are not queries.
    statements = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) <= 6, "\n".join(statements)
