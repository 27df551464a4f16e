"""Leaderboards per game and overall, and a player's own ratings.

Overall ranking: the average of a player's three best per-game ratings,
where a game not played (or fewer than three games) counts at the 1500
baseline. Strength in one game alone therefore lifts the overall figure by
only a third of its lead; being strong in several games counts fully.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils import timezone

from rankings.models import Rating
from rankings.services.elo import BASE_RATING, PROVISIONAL_GAMES, is_provisional

User = get_user_model()
OVERALL_BEST_OF = 3
PERIODS = ("all", "30", "365")


@dataclass
class LeaderRow:
    rank: int
    user_id: int
    username: str
    name: str
    rating: float
    games: int
    wins: int
    last_played: datetime | None
    provisional: bool


def period_start(period: str, now: datetime | None = None) -> datetime | None:
    if period not in PERIODS or period == "all":
        return None
    return (now or timezone.now()) - timedelta(days=int(period))


def _in_period(period: str, now: datetime | None) -> QuerySet:
    qs = Rating.objects.select_related("user")
    since = period_start(period, now)
    if since:
        qs = qs.filter(last_played__gte=since)
    return qs


def game_board(slug: str, period: str = "all", min_games: int = 0, now: datetime | None = None) -> list[LeaderRow]:
    qs = _in_period(period, now).filter(game_slug=slug, games__gte=max(min_games, 1))
    qs = qs.order_by("-rating", "-games", "user_id")
    return [
        LeaderRow(
            i,
            r.user_id,
            r.user.username,
            r.user.shown_name,
            r.rating,
            r.games,
            r.wins,
            r.last_played,
            is_provisional(r.games),
        )
        for i, r in enumerate(qs, start=1)
    ]


def overall_score(ratings: list[float]) -> float:
    best = sorted(ratings, reverse=True)[:OVERALL_BEST_OF]
    best += [BASE_RATING] * (OVERALL_BEST_OF - len(best))
    return sum(best) / OVERALL_BEST_OF


def overall_board(period: str = "all", min_games: int = 0, now: datetime | None = None) -> list[LeaderRow]:
    since = period_start(period, now)
    per_user: dict[int, list[Rating]] = {}
    for r in Rating.objects.select_related("user").filter(games__gt=0):
        per_user.setdefault(r.user_id, []).append(r)
    rows = []
    for user_id, ratings in per_user.items():
        games = sum(r.games for r in ratings)
        last = max((r.last_played for r in ratings if r.last_played), default=None)
        if games < min_games or (since and (last is None or last < since)):
            continue
        user = ratings[0].user
        rows.append(
            LeaderRow(
                0,
                user_id,
                user.username,
                user.shown_name,
                overall_score([r.rating for r in ratings]),
                games,
                sum(r.wins for r in ratings),
                last,
                games < PROVISIONAL_GAMES,
            )
        )
    rows.sort(key=lambda r: (-r.rating, -r.games, r.user_id))
    for i, row in enumerate(rows, start=1):
        row.rank = i
    return rows
