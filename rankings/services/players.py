"""A player's ratings page: current ratings, history per game, results against frequent opponents."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from games.services import audience
from rankings.models import Rating, RatingChange
from rankings.services.elo import is_provisional


@dataclass
class OpponentRecord:
    user_id: int
    username: str
    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass
class GameRating:
    game_slug: str
    rating: Rating
    provisional: bool
    history: list[RatingChange] = field(default_factory=list)


def ratings_with_history(user, viewer=None) -> list[GameRating]:
    """Ratings and their history; a change from a game ``viewer`` may not read (an invited-only
    game) keeps its figures but shows no game id (``shown_game_id`` None)."""
    out = {
        r.game_slug: GameRating(r.game_slug, r, is_provisional(r.games))
        for r in Rating.objects.filter(user=user).order_by("-rating")
    }
    changes = list(RatingChange.objects.filter(user=user).order_by("played_at", "game_id"))
    hidden = audience.unreadable([c.game_id for c in changes], viewer) if viewer != user else set()
    for change in changes:
        change.shown_game_id = None if change.game_id in hidden else change.game_id
        if change.game_slug in out:
            out[change.game_slug].history.append(change)
    return list(out.values())


def frequent_opponents(user, limit: int = 10) -> list[OpponentRecord]:
    """Wins, draws and losses (by rank) against the people met most often in rated games."""
    mine = dict(RatingChange.objects.filter(user=user).values_list("game_id", "rank"))
    records: dict[int, OpponentRecord] = {}
    others = (
        RatingChange.objects.filter(game_id__in=list(mine))
        .filter(~Q(user=user))
        .select_related("user")
        .only("game_id", "rank", "user__username", "user__display_name", "user__deleted_at")
    )
    for other in others:
        rec = records.get(other.user_id) or records.setdefault(
            other.user_id, OpponentRecord(other.user_id, other.user.username, other.user.shown_name)
        )
        rec.games += 1
        my_rank = mine[other.game_id]
        if my_rank < other.rank:
            rec.wins += 1
        elif my_rank == other.rank:
            rec.draws += 1
        else:
            rec.losses += 1
    return sorted(records.values(), key=lambda r: (-r.games, r.username))[:limit]
