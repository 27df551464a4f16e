"""Applying finished rated games to the stored ratings, once each, in finish order."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games.models import Game, Player
from rankings.models import RatedGame, Rating, RatingChange
from rankings.services.elo import BASE_RATING, Standing, rating_changes
from rankings.signals import ratings_counted

logger = logging.getLogger(__name__)


@dataclass
class Seat:
    user_id: int
    rank: int


@dataclass
class RatingState:
    rating: float = BASE_RATING
    games: int = 0
    wins: int = 0
    last_played: datetime | None = None


def rateable_games():
    """Finished rated games, in the order their results count."""
    return Game.objects.filter(status=Game.Status.FINISHED, rated=True).order_by("finished_at", "pk")


def rated_seats(players) -> list[Seat]:
    """People's seats with a rank; bots' seats and deleted accounts do not count."""
    return [Seat(p.user_id, p.rank) for p in players if p.user_id and not p.is_bot and p.rank is not None]


def apply_result(states: dict, slug: str, seats: list[Seat], played_at) -> list[tuple[Seat, float, float]]:
    """Update the in-memory ``states[(user_id, slug)]``; returns (seat, before, after) per rated seat.

    The single place where a game's result becomes rating changes: the live
    task and the recompute command both go through it, so they agree exactly.
    """
    if len(seats) < 2:
        return []
    current = [states.setdefault((s.user_id, slug), RatingState()) for s in seats]
    new = rating_changes([Standing(s.user_id, st.rating, st.games, s.rank) for s, st in zip(seats, current)])
    out = []
    for seat, st in zip(seats, current):
        before = st.rating
        st.rating = new[seat.user_id]
        st.games += 1
        st.wins += seat.rank == 1
        st.last_played = played_at
        out.append((seat, before, st.rating))
    return out


def _lock_ledger() -> None:
    """Serialise rating updates so that games enter the ratings one at a time, in finish order."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [7_400_001])
    # SQLite allows one writer at a time anyway.


def process_pending(limit: int = 500) -> int:
    """Enter every finished rated game not yet counted, oldest first; returns how many."""
    done = 0
    while done < limit:
        with transaction.atomic():
            _lock_ledger()
            game = rateable_games().filter(~Exists(RatedGame.objects.filter(game_id=OuterRef("pk")))).first()
            if game is None:
                break
            _process(game)
            transaction.on_commit(partial(_tell_counted, [game.pk]))
        done += 1
    return done


def _tell_counted(game_ids: list[int]) -> None:
    # The ratings are stored: a failing receiver (mail) must not undo or repeat the count.
    for receiver, outcome in ratings_counted.send_robust(sender=Game, game_ids=game_ids):
        if isinstance(outcome, Exception):
            logger.error("%s failed after ratings were counted", receiver, exc_info=outcome)


def _process(game: Game) -> None:
    assert game.finished_at is not None  # rateable games are finished
    RatedGame.objects.create(game=game)
    seats = rated_seats(Player.objects.filter(game=game))
    if len(seats) < 2:
        return
    rows = {
        r.user_id: r
        for r in Rating.objects.select_for_update().filter(
            game_slug=game.game_slug, user_id__in=[s.user_id for s in seats]
        )
    }
    states = {(uid, game.game_slug): RatingState(r.rating, r.games, r.wins, r.last_played) for uid, r in rows.items()}
    changes = apply_result(states, game.game_slug, seats, game.finished_at)
    for seat, _before, _after in changes:
        st = states[(seat.user_id, game.game_slug)]
        Rating.objects.update_or_create(
            user_id=seat.user_id,
            game_slug=game.game_slug,
            defaults={"rating": st.rating, "games": st.games, "wins": st.wins, "last_played": st.last_played},
        )
    RatingChange.objects.bulk_create(
        [
            RatingChange(
                game=game,
                user_id=seat.user_id,
                game_slug=game.game_slug,
                before=before,
                after=after,
                rank=seat.rank,
                opponents=len(changes) - 1,
                played_at=game.finished_at,
            )
            for seat, before, after in changes
        ]
    )


def _insert_rows(model, columns: list[str], rows: list[tuple], batch_size: int) -> None:
    """Write many rows at once: COPY on PostgreSQL (several times faster than INSERT), bulk_create elsewhere."""
    from django.db import connection

    if connection.vendor == "postgresql":
        table = connection.ops.quote_name(model._meta.db_table)
        names = ", ".join(connection.ops.quote_name(model._meta.get_field(c).column) for c in columns)
        connection.ensure_connection()
        with connection.connection.cursor() as cursor, cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    model.objects.bulk_create([model(**dict(zip(columns, row))) for row in rows], batch_size=batch_size)


def recompute_all(batch_size: int = 5000) -> int:
    """Rebuild every rating and the whole history from the game records; returns the games counted."""
    states: dict[tuple[int, str], RatingState] = {}
    changes: list[tuple] = []
    counted: list[int] = []
    with transaction.atomic():
        _lock_ledger()
        games = list(rateable_games().values_list("pk", "game_slug", "finished_at"))
        seats_by_game: dict[int, list[Seat]] = {}
        players = (
            Player.objects.filter(game__status=Game.Status.FINISHED, game__rated=True)
            .filter(~Q(user_id=None), is_bot=False, rank__isnull=False)
            .order_by("game_id", "seat")
            .values_list("game_id", "user_id", "rank")
        )
        for game_id, user_id, rank in players.iterator(chunk_size=20_000):
            if user_id is not None and rank is not None:  # as filtered
                seats_by_game.setdefault(game_id, []).append(Seat(user_id, rank))
        for pk, slug, finished_at in games:
            counted.append(pk)
            result = apply_result(states, slug, seats_by_game.get(pk, []), finished_at)
            changes.extend(
                (pk, seat.user_id, slug, before, after, seat.rank, len(result) - 1, finished_at)
                for seat, before, after in result
            )
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        RatedGame.objects.all().delete()
        now = timezone.now()
        _insert_rows(RatedGame, ["game_id", "processed_at"], [(pk, now) for pk in counted], batch_size)
        _insert_rows(
            Rating,
            ["user_id", "game_slug", "rating", "games", "wins", "last_played"],
            [(uid, slug, st.rating, st.games, st.wins, st.last_played) for (uid, slug), st in states.items()],
            batch_size,
        )
        _insert_rows(
            RatingChange,
            ["game_id", "user_id", "game_slug", "before", "after", "rank", "opponents", "played_at"],
            changes,
            batch_size,
        )
    return len(counted)
