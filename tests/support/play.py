"""Alice against a bot in San Juan over a web process's API, as the process tests play it."""

from __future__ import annotations

import random
import uuid

import pytest
import requests
from django.db import transaction

from games.models import Game, Player
from games.services import tables
from games.services.engines import get_engine
from games.services.moves import submit_move
from tests.factories import api_token, make_user
from tests.support.stack import until


def bot_game():
    """Alice against a bot in San Juan, Alice to move (the bot's opening moves are played here)."""
    alice = make_user("alice")
    table = tables.create_table(alice, "san-juan", 2, {}, bots=1)
    game = Game.objects.get(table=table)
    until(lambda: Player.objects.get(game=game, user=alice).must_act, 10, "alice's first turn")
    return alice, api_token(alice), game


def _alices_move(game: Game) -> tuple[int, dict]:
    """Her seat and the move she makes now (the same for the same game and version)."""
    seat = Player.objects.get(game=game, user__isnull=False).seat
    return seat, get_engine(game.game_slug).bot_move(game.state, seat, random.Random(game.version))


def alice_moves(port: int, token: str, game: Game, move_id: str | None = None) -> requests.Response:
    game = Game.objects.get(pk=game.pk)
    _seat, move = _alices_move(game)
    return requests.post(
        f"http://127.0.0.1:{port}/api/games/{game.pk}/moves/",
        json={"move": move, "version": game.version, "move_id": move_id or str(uuid.uuid4())},
        headers={"Authorization": f"Token {token}"},
        timeout=20,
    )


def bot_to_act(game: Game) -> bool:
    return Player.objects.get(game=game, user__isnull=True).must_act


class _Undo(Exception):
    pass


def _hands_over(game: Game, user, move: dict) -> bool:
    """Whether the move would hand the turn to the bot (tried, and rolled back)."""
    try:
        with transaction.atomic():
            submit_move(game.pk, user, move, version=game.version)
            raise _Undo(bot_to_act(game))
    except _Undo as tried:
        return bool(tried.args[0])


def alice_plays_until_the_bot_is_to_act(port: int, token: str, game: Game) -> int:
    """Alice's moves (a San Juan turn may take several) until one hands the turn to the bot: those
    before it here, that one through the web process; its version."""
    for _ in range(20):
        fresh = Game.objects.get(pk=game.pk)
        seat, move = _alices_move(fresh)
        user = Player.objects.get(game=game, seat=seat).user
        if _hands_over(fresh, user, move):
            answer = alice_moves(port, token, game)
            assert answer.status_code == 201, answer.content
            assert bot_to_act(game)
            return answer.json()["version"]
        submit_move(game.pk, user, move, version=fresh.version)
    pytest.fail("alice's turn never ended")


def alices_turn_again(game: Game, version: int):
    fresh = Game.objects.get(pk=game.pk)
    if fresh.version <= version:
        return False
    return fresh.status != Game.Status.ACTIVE or Player.objects.get(game=game, user__isnull=False).must_act
