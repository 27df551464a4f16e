"""The rankings' part of a person's data: ratings, rating history and tournament entries.

Ratings and their history stay when the account is deleted (shown under the neutral name), so that
no one else's rating or history changes. Entries in tournaments that have not started are
withdrawn, as are entries in running Swiss tournaments (the player is no longer paired); invitations
to tournaments go.
"""

from __future__ import annotations

from typing import Any

from accounts import personal_data
from rankings.models import Entry, Rating, RatingChange, Tournament, TournamentInvitation
from rankings.services import tournaments


def _export_ratings(user) -> list[dict[str, Any]]:
    return [
        {
            "game": r.game_slug,
            "rating": round(r.rating, 1),
            "games": r.games,
            "wins": r.wins,
            "last_played": r.last_played.isoformat() if r.last_played else None,
        }
        for r in Rating.objects.filter(user=user).order_by("game_slug")
    ]


def _export_history(user) -> list[dict[str, Any]]:
    return [
        {
            "game_id": c.game_id,
            "game": c.game_slug,
            "before": round(c.before, 1),
            "after": round(c.after, 1),
            "rank": c.rank,
            "opponents": c.opponents,
            "played_at": c.played_at.isoformat(),
        }
        for c in RatingChange.objects.filter(user=user).order_by("played_at", "game_id")
    ]


def _export_entries(user) -> list[dict[str, Any]]:
    return [
        {
            "tournament_id": e.tournament_id,
            "tournament": e.tournament.name,
            "registered": e.registered_at.isoformat(),
            "withdrawn": e.withdrawn,
            "eliminated": e.eliminated,
        }
        for e in Entry.objects.filter(user=user).select_related("tournament")
    ]


def _clean(user) -> None:
    open_or_swiss = Entry.objects.filter(user=user, withdrawn=False).filter(
        tournament__status__in=[Tournament.Status.REGISTRATION, Tournament.Status.RUNNING]
    )
    for entry in open_or_swiss.select_related("tournament"):
        t = entry.tournament
        if t.status == Tournament.Status.REGISTRATION or t.format == Tournament.Format.SWISS:
            tournaments.withdraw(t.pk, user)
    TournamentInvitation.objects.filter(user=user).delete()


def register() -> None:
    personal_data.register("ratings", export=_export_ratings)
    personal_data.register("rating_history", export=_export_history)
    personal_data.register("tournament_entries", export=_export_entries, clean=_clean, order=20)
