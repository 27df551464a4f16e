"""Correspondence deadlines that stand still while a player is on vacation.

A deadline is the turn's start plus the table's days per move, counted per
seat; every vacation day (a whole day in the player's time zone) that falls
before the deadline pushes it on by the time it covers.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, time, timedelta

from django.utils import timezone

from accounts.models import Vacation, zone_named
from games.models import Game, Player, TimeControl

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


def vacation_windows(user_ids: Iterable[int], since: datetime) -> dict[int, list[Window]]:
    """Each user's vacations that end after ``since``, as datetime windows (one query)."""
    rows = Vacation.objects.filter(
        user_id__in=set(user_ids), ends_on__gte=since.date() - timedelta(days=1)
    ).values_list("user_id", "starts_on", "ends_on", "user__time_zone")
    windows: dict[int, list[Window]] = {}
    for user_id, starts_on, ends_on, tz_name in rows:
        tz = zone_named(tz_name)
        begins = datetime.combine(starts_on, time.min, tz)
        ends = datetime.combine(ends_on + timedelta(days=1), time.min, tz)
        windows.setdefault(user_id, []).append((begins, ends))
    return windows


def on_vacation_now(user_ids: Iterable[int]) -> set[int]:
    """Users whose vacation covers this moment in their own time zone."""
    now = timezone.now()
    return {uid for uid, windows in vacation_windows(user_ids, now).items() if any(b <= now < e for b, e in windows)}


def correspondence_deadline(game: Game, start: datetime, windows: Iterable[Window] = ()) -> datetime:
    return paused_deadline(start, timedelta(days=game.days_per_move), windows)


def refresh_for_user(user_id: int) -> int:
    """Recompute the deadlines of the user's running correspondence turns; returns how many moved."""
    seats = list(
        Player.objects.filter(
            user_id=user_id,
            must_act=True,
            is_bot=False,
            bot_took_over=False,
            turn_started_at__isnull=False,
            game__status=Game.Status.ACTIVE,
            game__time_control=TimeControl.CORRESPONDENCE,
        ).select_related("game")
    )
    if not seats:
        return 0
    starts = {p.pk: p.turn_started_at for p in seats if p.turn_started_at is not None}  # all, by the filter
    windows = vacation_windows([user_id], min(starts.values())).get(user_id, [])
    moved = 0
    for p in seats:
        deadline = correspondence_deadline(p.game, starts[p.pk], windows)
        if deadline != p.deadline:
            # Only if the turn is still the one we read: a move in between has its own deadline.
            moved += Player.objects.filter(pk=p.pk, turn_started_at=p.turn_started_at, must_act=True).update(
                deadline=deadline
            )
    return moved
