"""A move sent from a board that only another player's decision has made older (San Juan's start
variant: every player discards down to four cards at the same time) lands; every other stale move
is still refused and changes nothing."""

import json
import uuid

import pytest
from rest_framework.test import APIClient

from games.models import Game, Move
from games.services import play
from games.services.engines import get_engine
from games.services.errors import StaleVersion
from games.services.moves import submit_move
from games.services.tables import start_seated_game
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _san_juan(*names: str) -> Game:
    users = [make_user(name) for name in names]
    return start_seated_game("san-juan", users, {"start_variant": True}, seed=5, rated=False)


def _user(game: Game, seat: int):
    return game.players.get(seat=seat).user


def _discard(game: Game, seat: int) -> dict:
    game.refresh_from_db()
    return get_engine("san-juan").legal_moves(game.state, seat)[0]


def _snapshot(game: Game):
    game.refresh_from_db()
    return json.dumps(game.state, sort_keys=True), game.version, Move.objects.filter(game=game).count()


def test_both_players_decide_at_once_and_the_later_click_lands():
    game = _san_juan("anna", "ben")
    assert sorted(get_engine("san-juan").to_act(game.state)) == [0, 1]
    mine = _discard(game, 1)  # what seat 1's board offers at version 0
    submit_move(game.pk, _user(game, 0), _discard(game, 0), version=0)
    outcome = submit_move(game.pk, _user(game, 1), mine, version=0)
    assert (outcome.move.seq, outcome.move.seat, outcome.move.payload) == (2, 1, mine)
    assert not outcome.repeated


def test_over_the_api_the_later_click_is_answered_201():
    game = _san_juan("anna", "ben")
    api = APIClient()
    api.force_authenticate(_user(game, 1))
    mine = _discard(game, 1)
    submit_move(game.pk, _user(game, 0), _discard(game, 0), version=0)
    response = api.post(f"/api/games/{game.pk}/moves/", {"move": mine, "version": 0}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["version"] == 2


def test_a_move_after_the_seats_own_move_since_is_refused():
    game = _san_juan("anna", "ben")
    first = _discard(game, 1)  # seat 1 holds six cards and discards two, one at a time
    submit_move(game.pk, _user(game, 1), first, version=0)
    assert 1 in get_engine("san-juan").to_act(Game.objects.get(pk=game.pk).state)
    before = _snapshot(game)
    with pytest.raises(StaleVersion) as exc:
        submit_move(game.pk, _user(game, 1), _discard(game, 1), version=0, move_id=uuid.uuid4())
    assert exc.value.current_version == 1
    assert _snapshot(game) == before


def test_a_seat_that_was_not_to_act_at_that_version_is_refused():
    game = _san_juan("anna", "ben")
    for seat in (0, 1, 1):
        game.refresh_from_db()
        submit_move(game.pk, _user(game, seat), _discard(game, seat), version=game.version)
    game.refresh_from_db()
    engine = get_engine("san-juan")
    (picker,) = engine.to_act(game.state)  # the role pick is one player's decision
    other, at = 1 - picker, game.version
    submit_move(game.pk, _user(game, picker), {"type": "role", "role": "producer"}, version=at)
    game.refresh_from_db()
    assert sorted(engine.to_act(game.state)) == [0, 1]  # now both produce at once
    before = _snapshot(game)
    with pytest.raises(StaleVersion):
        submit_move(game.pk, _user(game, other), engine.legal_moves(game.state, other)[0], version=at)
    assert _snapshot(game) == before
    # From the board that shows the producer phase, the same move lands.
    submit_move(game.pk, _user(game, other), engine.legal_moves(game.state, other)[0], version=at + 1)


def test_a_resignation_since_that_version_is_refused():
    game = _san_juan("anna", "ben", "cleo")
    mine = _discard(game, 1)
    play.resign(game.pk, _user(game, 2))  # a change that is no move: the seat goes to a bot
    game.refresh_from_db()
    assert game.version == 1 and not Move.objects.filter(game=game).exists()
    before = _snapshot(game)
    with pytest.raises(StaleVersion):
        submit_move(game.pk, _user(game, 1), mine, version=0)
    assert _snapshot(game) == before


def test_an_illegal_move_from_an_older_board_is_a_conflict_not_a_reason():
    game = _san_juan("anna", "ben")
    submit_move(game.pk, _user(game, 0), _discard(game, 0), version=0)
    before = _snapshot(game)
    with pytest.raises(StaleVersion):
        submit_move(game.pk, _user(game, 1), {"type": "discard", "card": 9999}, version=0)
    assert _snapshot(game) == before


def test_a_version_the_game_has_not_reached_is_refused():
    game = _san_juan("anna", "ben")
    with pytest.raises(StaleVersion):
        submit_move(game.pk, _user(game, 1), _discard(game, 1), version=7)
