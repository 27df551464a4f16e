"""Elo for multiplayer results, counted as pairwise results between every two people.

A player's change is K/(n-1) times the sum, over the other n-1 rated players
at the table, of (actual − expected) score: so one game moves a rating about
as far whatever the table size. Actual score: 1 for a better rank, 1/2 for an
equal rank (a tie), 0 for a worse rank. All expectations use the ratings from
before the game.
"""

from __future__ import annotations

from dataclasses import dataclass

BASE_RATING = 1500.0
PROVISIONAL_GAMES = 10
K_PROVISIONAL = 40.0
K_ESTABLISHED = 20.0


@dataclass(frozen=True)
class Standing:
    """A rated player's input for one game: key (the user id), rating and games played before it, rank."""

    key: int
    rating: float
    games: int
    rank: int


def expected_score(rating: float, opponent: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def k_factor(games_played: int) -> float:
    return K_PROVISIONAL if games_played < PROVISIONAL_GAMES else K_ESTABLISHED


def is_provisional(games_played: int) -> bool:
    return games_played < PROVISIONAL_GAMES


def pairwise_score(rank: int, opponent_rank: int) -> float:
    if rank < opponent_rank:
        return 1.0
    return 0.5 if rank == opponent_rank else 0.0


def rating_changes(standings: list[Standing]) -> dict[int, float]:
    """New rating per key; fewer than two rated players leave everything unchanged."""
    n = len(standings)
    if n < 2:
        return {s.key: s.rating for s in standings}
    new = {}
    for me in standings:
        total = sum(
            pairwise_score(me.rank, other.rank) - expected_score(me.rating, other.rating)
            for other in standings
            if other is not me
        )
        new[me.key] = me.rating + k_factor(me.games) / (n - 1) * total
    return new
