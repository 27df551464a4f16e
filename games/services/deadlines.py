"""Correspondence deadlines that stand still while a player is on vacation.

A deadline is the turn's start plus the table's days per move, counted per
seat; every vacation day (a whole day in the player's time zone) that falls
before the deadline pushes it on by the time it covers.
"""
from __future__ import annotations

import zoneinfo
from datetime import date, datetime, time, timedelta
from typing import Iterable

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from accounts.models import Vacation
from games.models import Game, Player, TimeControl
from games.services import rows

Window = tuple[datetime, datetime]


def paused_deadline(start: datetime, duration: timedelta, windows: Iterable[Window]) -> datetime:
    """``start + duration`` with the clock stopped inside every window."""
    t, left = start, duration
    for begins, ends in sorted(windows):
        if ends <= t:
            continue
        if begins > t:
            if begins >= t + left:
                break
            left -= begins - t
        t = ends
    return t + left


def _zone(name: str) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def vacation_windows(user_ids: Iterable[int], since: datetime) -> dict[int, list[Window]]:
    """Each user's vacations that end after ``since``, as datetime windows (one query)."""
    rows = Vacation.objects.filter(user_id__in=set(user_ids), ends_on__gte=since.date() - timedelta(days=1)).values_list(
        "user_id", "starts_on", "ends_on", "user__time_zone")
    windows: dict[int, list[Window]] = {}
    for user_id, starts_on, ends_on, tz_name in rows:
        tz = _zone(tz_name)
        begins = datetime.combine(starts_on, time.min, tz)
        ends = datetime.combine(ends_on + timedelta(days=1), time.min, tz)
        windows.setdefault(user_id, []).append((begins, ends))
    return windows


def _not_over_since() -> date:
    # A day earlier than today here, because somewhere it is still yesterday.
    return timezone.now().date() - timedelta(days=1)


def _seats_sql() -> str:
    player, user, vacation = Player._meta.db_table, get_user_model()._meta.db_table, Vacation._meta.db_table
    return (f"SELECT {rows.select_list(Player, 'p')}, u.username, u.display_name, EXISTS ("
            f"SELECT 1 FROM {vacation} v WHERE v.user_id = p.user_id AND v.ends_on >= %s) "
            f"FROM {player} p LEFT JOIN {user} u ON u.id = p.user_id WHERE p.game_id = %s ORDER BY p.seat")


def seats(game: Game) -> list[Player]:
    """The game's players in seat order, in one query, each with ``away`` (its person has a
    vacation that is not over) and its person's ``username`` and ``shown_name`` (None for a bot's seat).

    The request path reads the seats of a game on every move and view; compiling the
    equivalent ORM query (a join, a subquery) cost five times as much as running it.
    """
    since = connection.ops.adapt_datefield_value(_not_over_since())
    players = rows.fetch(Player, _seats_sql(), [since, game.pk], extra=("username", "user_display_name", "away"))
    for p in players:
        p.away = bool(p.away)  # SQLite answers 0 or 1
        p.shown_name = (p.user_display_name or p.username) if p.user_id else None
        p.game = game
    return players


def on_vacation_now(user_ids: Iterable[int]) -> set[int]:
    """Users whose vacation covers this moment in their own time zone."""
    now = timezone.now()
    return {uid for uid, windows in vacation_windows(user_ids, now).items()
            if any(b <= now < e for b, e in windows)}


def correspondence_deadline(game: Game, start: datetime, windows: Iterable[Window] = ()) -> datetime:
    return paused_deadline(start, timedelta(days=game.days_per_move), windows)


def refresh_for_user(user_id: int) -> int:
    """Recompute the deadlines of the user's running correspondence turns; returns how many moved."""
    seats = list(Player.objects.filter(
        user_id=user_id, must_act=True, is_bot=False, bot_took_over=False, turn_started_at__isnull=False,
        game__status=Game.Status.ACTIVE, game__time_control=TimeControl.CORRESPONDENCE,
    ).select_related("game"))
    if not seats:
        return 0
    windows = vacation_windows([user_id], min(p.turn_started_at for p in seats)).get(user_id, [])
    moved = 0
    for p in seats:
        deadline = correspondence_deadline(p.game, p.turn_started_at, windows)
        if deadline != p.deadline:
            # Only if the turn is still the one we read: a move in between has its own deadline.
            moved += Player.objects.filter(pk=p.pk, turn_started_at=p.turn_started_at, must_act=True).update(
                deadline=deadline)
    return moved


