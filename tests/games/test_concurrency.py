import uuid

import pytest
from django.db import connection

from games.models import Game, Move
from games.services.moves import submit_move
from tests.factories import make_user, start_toy_game
from tests.support.race import race, race_each

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


def _rc_game_after_a_die_move():
    """A Rote Kathedrale game whose first player has moved a die (a move that may be taken back)."""
    from games.services import tables
    from games.services.engines import get_engine

    engine = get_engine("red-cathedral")
    alice, bob = make_user("alice"), make_user("bob")
    table = tables.create_table(alice, "red-cathedral", 2, {"side": "basic"})
    tables.join_table(table.pk, bob)
    game = Game.objects.get(table=table)
    seat = engine.to_act(game.state)[0]
    user = game.players.get(seat=seat).user
    die = next(m for m in engine.legal_moves(game.state, seat) if m["type"] == "die")
    submit_move(game.pk, user, die, version=game.version)
    game.refresh_from_db()
    take = next(m for m in engine.legal_moves(game.state, seat) if m["type"] == "take")
    return game, user, take


@pytest.mark.skipif(connection.vendor == "sqlite", reason="row locks need PostgreSQL")
def test_a_take_back_racing_a_move_of_the_same_turn_gives_exactly_one_result():
    from games.services.replay import replay_differs
    from games.services.take_back import take_back

    game, user, take = _rc_game_after_a_die_move()
    version = game.version
    outcomes = race_each(
        [lambda: take_back(game.pk, user, version=version), lambda: submit_move(game.pk, user, take, version=version)]
    )
    landed = [o for o in outcomes if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(landed) == 1 and len(refused) == 1 and refused[0].status == 409
    game.refresh_from_db()
    assert game.version == version + 1
    took_back = isinstance(landed[0], Game)
    assert Move.objects.filter(game=game).count() == (0 if took_back else 2)
    assert replay_differs(game) is None


@pytest.mark.skipif(connection.vendor == "sqlite", reason="row locks need PostgreSQL")
def test_two_take_backs_of_the_same_move_take_it_back_once():
    from games.services.take_back import take_back

    game, user, _take = _rc_game_after_a_die_move()
    outcomes = race(lambda: take_back(game.pk, user, version=game.version), 4)
    assert sum(1 for o in outcomes if not isinstance(o, Exception)) == 1
    assert all(o.status == 409 for o in outcomes if isinstance(o, Exception))
    game.refresh_from_db()
    assert game.version == 2 and not Move.objects.filter(game=game).exists()
