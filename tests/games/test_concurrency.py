import uuid

import pytest
from django.db import connection

from games.models import Move
from games.services.moves import submit_move
from tests.factories import make_user, start_toy_game
from tests.support.race import race

pytestmark = pytest.mark.django_db(transaction=True)


def _race(game, user, count, move_id=None):
    return race(lambda: submit_move(game.pk, user, {"type": "pass"}, version=0, move_id=move_id), count)


@pytest.mark.skipif(connection.vendor == "sqlite", reason="row locks need PostgreSQL")
def test_two_moves_for_the_same_turn_exactly_one_lands():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    user = game.players.get(seat=0).user
    outcomes = _race(game, user, 8)
    landed = [o for o in outcomes if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(landed) == 1 and all(e.status == 409 for e in refused)
    assert Move.objects.filter(game=game).count() == 1


@pytest.mark.skipif(connection.vendor == "sqlite", reason="row locks need PostgreSQL")
def test_a_retried_move_id_racing_itself_lands_once():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    user = game.players.get(seat=0).user
    outcomes = _race(game, user, 6, move_id=uuid.uuid4())
    assert all(not isinstance(o, Exception) for o in outcomes)
    assert sum(1 for o in outcomes if not o.repeated) == 1
    assert Move.objects.filter(game=game).count() == 1
