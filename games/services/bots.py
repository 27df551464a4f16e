"""Bots play their seats through the same move service as people."""
import contextvars
import random

from django.db.models import Q

from games.models import Game
from games.services.engines import get_engine
from games.services.errors import GameNotActive, StaleVersion

_loop_running: contextvars.ContextVar[bool] = contextvars.ContextVar("bot_loop_running", default=False)


def in_bot_loop() -> bool:
    return _loop_running.get()


def bot_rng(game: Game, seat: int) -> random.Random:
    return random.Random(f"bot:{game.seed}:{game.version}:{seat}")


def play_bot_turns(game_id: int, max_moves: int = 20_000) -> int:
    """Play bot-controlled seats until a person must act or the game ends.

    Returns the number of moves played. Safe to run twice at once: the move
    service's version check lets only one of two racing bot moves land.
    """
    from games.services.moves import BOT, submit_move

    token = _loop_running.set(True)
    played = 0
    try:
        while played < max_moves:
            game = Game.objects.get(pk=game_id)
            if game.status != Game.Status.ACTIVE:
                break
            engine = get_engine(game.game_slug)
            bot_seats = set(
                game.players.filter(Q(is_bot=True) | Q(bot_took_over=True)).values_list("seat", flat=True)
            )
            waiting = [s for s in engine.to_act(game.state) if s in bot_seats]
            if not waiting:
                break
            seat = waiting[0]
            move = engine.bot_move(game.state, seat, bot_rng(game, seat))
            try:
                submit_move(game_id, BOT, move, version=game.version, seat=seat)
            except StaleVersion:
                continue
            except GameNotActive:
                break
            played += 1
    finally:
        _loop_running.reset(token)
    return played
