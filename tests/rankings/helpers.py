"""Builders for rankings tests: finished games written directly, and games played out by bots."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from games.models import Game, Player
from games.services.bots import play_bot_turns

T0 = datetime(2024, 1, 1, 12, 0, tzinfo=UTC)


def finished_game(slug: str, seats: list, minutes: int = 0, rated: bool = True) -> Game:
    """A finished game; ``seats`` holds (user or None for a bot, rank) per seat."""
    game = Game.objects.create(
        game_slug=slug,
        options={},
        seed=1,
        state={},
        status=Game.Status.FINISHED,
        rated=rated,
        finished_at=T0 + timedelta(minutes=minutes),
    )
    Player.objects.bulk_create(
        [Player(game=game, seat=i, user=user, is_bot=user is None, rank=rank) for i, (user, rank) in enumerate(seats)]
    )
    return game


def play_out(game: Game) -> Game:
    """Hand every seat to a bot and play the game to its end."""
    Player.objects.filter(game=game).update(bot_took_over=True)
    play_bot_turns(game.pk)
    game.refresh_from_db()
    return game
