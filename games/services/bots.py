"""Bots play their seats through the same check and do steps as people."""

import random

from django.db import transaction

from games.models import Game
from games.services import after_commit, changes, rows
from games.services.engines import get_engine
from games.services.moves import BOT, check_move
from plumbing import outbox


def bot_rng(game: Game, seat: int) -> random.Random:
    return random.Random(f"bot:{game.seed}:{game.version}:{seat}")


def play_bot_turns(game_id: int, max_moves: int = 20_000) -> int:
    """Play bot-controlled seats until a person must act or the game ends.

    Returns the number of moves played. Safe to run twice at once: each move is
    chosen and stored under the game's row lock, so the second loop plays on
    from where the first left the game.
    """
    played = 0
    with after_commit.bot_loop():
        while played < max_moves and _play_one(game_id):
            played += 1
            outbox.keep_lease()  # still at it: the sweep must not hand the game to a second loop
    return played


def _play_one(game_id: int) -> bool:
    """One bot move, read, chosen and stored in one transaction; False when no bot is to act."""
    with transaction.atomic():
        game = rows.load_game(game_id, lock=True)
        if game is None or game.status != Game.Status.ACTIVE:
            return False
        players = rows.seats(game)
        engine = get_engine(game.game_slug)
        bots = {p.seat for p in players if p.controlled_by_bot}
        waiting = [s for s in engine.to_act(game.state) if s in bots]
        if not waiting:
            return False
        seat = waiting[0]
        move = engine.bot_move(game.state, seat, bot_rng(game, seat))
        changes.do(check_move(game, players, BOT, move, seat=seat))
    return True
