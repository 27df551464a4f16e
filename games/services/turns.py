"""Who must act, turn start times, deadlines and live clocks after a change (``rows.save_seats`` writes them)."""

from datetime import datetime, timedelta

from games.models import Game, TimeControl
from games.services import deadlines
from games.services.rows import SeatRow

# A live seat whose clock ran out plays on with at least this much on it, so that its next turn is
# a turn and not an instant second timeout (which hands the seat to a bot).
TIMEOUT_GRACE_MS = 60_000


def initial_clock_ms(game: Game) -> int | None:
    if game.time_control == TimeControl.LIVE:
        return game.minutes_per_player * 60_000
    return None


def deadline_for(game: Game, player: SeatRow, now: datetime, windows=()) -> datetime | None:
    """Live: when the seat's clock runs out. Correspondence: days per move, paused by vacations."""
    if player.controlled_by_bot:
        return None
    if game.time_control == TimeControl.LIVE:
        return now + timedelta(milliseconds=max(player.clock_ms or 0, 0))
    return deadlines.correspondence_deadline(game, now, windows)


def _vacations(game: Game, players: list[SeatRow], starting: set[int], now: datetime) -> dict[int, list]:
    """Vacation windows of the people whose correspondence turn starts now; the database is asked
    only when a seat says its person has a vacation that is not over."""
    if game.time_control != TimeControl.CORRESPONDENCE:
        return {}
    users = [p.user_id for p in players if p.seat in starting and p.user_id and not p.controlled_by_bot and p.away]
    return deadlines.vacation_windows(users, now) if users else {}


def update_turns(
    game: Game,
    players: list[SeatRow],
    before: set[int],
    after: set[int],
    now: datetime,
    results: dict[int, tuple[int | None, int | None]] | None = None,
    acted: int | None = None,
    timed_out: bool = False,
) -> None:
    """Set must_act/turn start/deadline/clock (and final score and rank) of the seats that change.

    Seats that stay in ``after`` keep their running turn (simultaneous
    decisions); seats that leave have their live clock charged. ``timed_out``:
    the seat that acted ran out of time. ``players`` must hold what the
    database holds (they are read in the same transaction).
    """
    starting = {p.seat for p in players if p.seat in after and (p.seat not in before or p.seat == acted)}
    windows = _vacations(game, players, starting, now)
    increment_ms = game.increment_seconds * 1000 if game.time_control == TimeControl.LIVE else 0
    for p in players:
        # The seat that just moved ends its turn even when it must act again.
        ends = p.seat in before and (p.seat not in after or p.seat == acted)
        if ends and p.clock_ms is not None and p.turn_started_at:
            p.clock_ms -= int((now - p.turn_started_at).total_seconds() * 1000)
            if p.seat == acted:
                p.clock_ms += increment_ms
                if timed_out:
                    p.clock_ms = max(p.clock_ms, TIMEOUT_GRACE_MS)
        if p.seat in starting:
            windows_of_seat = windows.get(p.user_id, ()) if p.user_id is not None else ()
            p.turn_started_at, p.deadline = now, deadline_for(game, p, now, windows_of_seat)
        elif p.seat not in after:
            p.turn_started_at, p.deadline = None, None
        if p.controlled_by_bot:
            p.deadline = None
        p.must_act = p.seat in after
        if results:
            p.score, p.rank = results[p.seat]
