"""A person's games as lists show them: the game, their own seat and who they play against."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from games.models import Game, Player
from games.services import audience
from games.services.describe import options_text
from games.services.engines import available_engines


@dataclass(frozen=True)
class SeatedGame:
    game: Game
    me: Player
    game_name: str
    description: str
    opponents: list[Player]
    # A solo game's opponent has no seat: the engine plays him (Iwan in Die Rote Kathedrale).
    solo_opponent: str

    @property
    def pk(self) -> int:
        return self.game.pk

    @property
    def status(self) -> str:
        return self.game.status

    @property
    def finished_at(self) -> datetime | None:
        return self.game.finished_at

    @property
    def last_change(self) -> datetime:
        return self.game.finished_at or self.game.updated_at

    @property
    def entrants(self) -> int:
        return len(self.opponents) + 1 + (1 if self.solo_opponent else 0)


def games_of(user, active_only: bool = False, viewer=None) -> list[SeatedGame]:
    """The user's games, their turns first; with ``viewer``, only those the viewer may read (a profile
    seen by others)."""
    players = (
        Player.objects.filter(user=user, is_bot=False)
        .select_related("game")
        .order_by("-must_act", "deadline", "-game__updated_at")
    )
    if viewer is not None and viewer != user:
        players = players.filter(game__in=Game.objects.filter(audience.readers(viewer)))
    if active_only:
        players = players.filter(game__status=Game.Status.ACTIVE)
    engines = {e.slug: e for e in available_engines()}
    games = []
    for p in players.prefetch_related(Prefetch("game__players", queryset=Player.objects.select_related("user"))):
        game = p.game
        engine = engines.get(game.game_slug)
        opponents = [o for o in game.players.all() if o.seat != p.seat]
        solo = engine.solo_opponent if engine and engine.solo_opponent and not opponents else ""
        games.append(
            SeatedGame(
                game=game,
                me=p,
                game_name=str(engine.name) if engine else game.game_slug,
                description=options_text(game.game_slug, game.options),
                opponents=opponents,
                solo_opponent=_(solo) if solo else "",
            )
        )
    return games
