import json
import uuid

import pytest

from games.models import Game, Move
from games.services import play
from games.services.errors import GameNotActive, IllegalMoveError, NotYourTurn, StaleVersion
from games.services.moves import submit_move
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db


def _seated(game, seat):
    return game.players.get(seat=seat).user


def _snapshot(game):
    game.refresh_from_db()
    return json.dumps(game.state, sort_keys=True), game.version, Move.objects.filter(game=game).count()


@pytest.fixture
def game():
    return start_toy_game(make_user("alice"), make_user("bob"))


def test_a_legal_move_is_appended_with_the_next_sequence_number(game, django_capture_on_commit_callbacks):
    user = _seated(game, 0)
    card = game.state["hands"][0][0]
    with django_capture_on_commit_callbacks(execute=True):
        outcome = submit_move(game.pk, user, {"type": "play", "card": card}, version=0)
    game.refresh_from_db()
    assert (outcome.move.seq, game.version) == (1, 1)
    assert game.state["pile"] == card
    assert game.players.get(seat=1).must_act and not game.players.get(seat=0).must_act
    assert game.players.get(seat=1).deadline is not None


def test_an_illegal_move_is_refused_with_the_engines_reason_and_changes_nothing(game):
    before = _snapshot(game)
    with pytest.raises(IllegalMoveError, match="You do not hold that card"):
        submit_move(game.pk, _seated(game, 0), {"type": "play", "card": 42}, version=0)
    assert _snapshot(game) == before


def test_malformed_move_is_refused(game):
    with pytest.raises(IllegalMoveError, match="type"):
        submit_move(game.pk, _seated(game, 0), ["play"], version=0)
    with pytest.raises(IllegalMoveError, match="too large"):
        submit_move(game.pk, _seated(game, 0), {"type": "pass", "x": "a" * 5000}, version=0)


def test_moving_for_another_seat_is_forbidden_and_changes_nothing(game):
    before = _snapshot(game)
    with pytest.raises(NotYourTurn, match="not your turn"):
        submit_move(game.pk, _seated(game, 1), {"type": "pass"}, version=0)
    with pytest.raises(NotYourTurn, match="do not hold a seat"):
        submit_move(game.pk, make_user("mallory"), {"type": "pass"}, version=0)
    assert _snapshot(game) == before


def test_a_stale_version_is_a_conflict_and_changes_nothing(game):
    submit_move(game.pk, _seated(game, 0), {"type": "pass"}, version=0)
    before = _snapshot(game)
    with pytest.raises(StaleVersion) as exc:
        submit_move(game.pk, _seated(game, 1), {"type": "pass"}, version=0)
    assert exc.value.current_version == 1
    assert _snapshot(game) == before


def test_a_retried_move_id_lands_once(game):
    move_id = uuid.uuid4()
    first = submit_move(game.pk, _seated(game, 0), {"type": "pass"}, version=0, move_id=move_id)
    again = submit_move(game.pk, _seated(game, 0), {"type": "pass"}, version=0, move_id=str(move_id))
    assert again.repeated and again.move.pk == first.move.pk
    assert Move.objects.filter(game=game).count() == 1


def test_finishing_the_game_stores_scores_ranks_and_statistics(game):
    for _ in range(2):
        game.refresh_from_db()
        seat = game.state["turn"]
        submit_move(game.pk, _seated(game, seat), {"type": "pass"}, version=game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at
    assert game.result["ranks"] == [1, 1]
    assert game.result["stats"][0]["label"] == "Cards played"
    assert [p.rank for p in game.players.all()] == [1, 1]
    assert not game.players.filter(must_act=True).exists()
    with pytest.raises(GameNotActive):
        submit_move(game.pk, _seated(game, 0), {"type": "pass"}, version=game.version)


def test_view_hides_the_other_hand(game):
    view = play.game_view(game, _seated(game, 0))
    assert view["view"]["hand"] == game.state["hands"][0]
    dumped = json.dumps(view, default=str)
    assert "hands" not in dumped and "rng" not in dumped and "seed" not in dumped
    assert view["legal_moves"]
    spectator = play.game_view(game, make_user("carol"))
    assert spectator["view"]["hand"] is None and spectator["legal_moves"] == []


def test_bots_answer_a_persons_move(django_capture_on_commit_callbacks):
    alice = make_user("alice")
    game = start_toy_game(alice, bots=1)
    game.refresh_from_db()
    me = game.players.get(user=alice).seat
    with django_capture_on_commit_callbacks(execute=True):
        if game.state["turn"] != me:
            from games.services.bots import play_bot_turns

            play_bot_turns(game.pk)
            game.refresh_from_db()
        submit_move(game.pk, alice, {"type": "play", "card": game.state["hands"][me][0]}, version=game.version)
    game.refresh_from_db()
    assert Move.objects.filter(game=game, by_bot=True).exists()
    assert game.status == Game.Status.FINISHED or game.state["turn"] == me


def test_resigning_a_two_player_game_ends_it_with_the_resigner_last(game):
    loser = _seated(game, 1)
    play.resign(game.pk, loser)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["ranks"] == [1, 2]
    assert game.players.get(seat=1).resigned


def test_resigning_a_multiplayer_game_hands_the_seat_to_a_bot(django_capture_on_commit_callbacks):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = start_toy_game(alice, bob, carol)
    with django_capture_on_commit_callbacks(execute=True):
        play.resign(game.pk, bob)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    seat = game.players.get(user=bob)
    assert seat.resigned and seat.bot_took_over
    # Play on until the end; bob's seat is played by the bot and ranks last.
    while game.status == Game.Status.ACTIVE:
        with django_capture_on_commit_callbacks(execute=True):
            turn = game.state["turn"]
            submit_move(game.pk, _seated(game, turn), {"type": "pass"}, version=game.version)
        game.refresh_from_db()
    assert game.result["ranks"][seat.seat] == 3
