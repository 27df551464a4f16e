"""Who must act, turn start times, deadlines and live clocks, in one UPDATE."""
from datetime import datetime, timedelta

from django.db import connection

from games.models import Game, Player, TimeControl
from games.services import deadlines

# A live seat whose clock ran out plays on with at least this much on it, so that its next turn is
# a turn and not an instant second timeout (which hands the seat to a bot).
TIMEOUT_GRACE_MS = 60_000


def initial_clock_ms(game: Game) -> int | None:
    if game.time_control == TimeControl.LIVE:
        return game.minutes_per_player * 60_000
    return None


def deadline_for(game: Game, player: Player, now: datetime, windows=()) -> datetime | None:
    """Live: when the seat's clock runs out. Correspondence: days per move, paused by vacations."""
    if player.controlled_by_bot:
        return None
    if game.time_control == TimeControl.LIVE:
        return now + timedelta(milliseconds=max(player.clock_ms or 0, 0))
    return deadlines.correspondence_deadline(game, now, windows)


def _vacations(game: Game, players: list[Player], starting: set[int], now: datetime) -> dict[int, list]:
    """Vacation windows of the people whose correspondence turn starts now.

    Players read with ``rows.seats`` say whether they have any;
    only then is the database asked.
    """
    if game.time_control != TimeControl.CORRESPONDENCE:
        return {}
    users = [p.user_id for p in players if p.seat in starting and p.user_id and not p.controlled_by_bot
             and getattr(p, "away", True)]
    return deadlines.vacation_windows(users, now) if users else {}


def update_turns(
    game: Game,
    players: list[Player],
    before: set[int],
    after: set[int],
    now: datetime,
    results: dict[int, tuple[int | None, int]] | None = None,
    acted: int | None = None,
    timed_out: bool = False,
) -> None:
    """Write must_act/turn start/deadline/clock (and final score and rank) of the seats that change.

    One UPDATE, or none when nothing changes. Seats that stay in ``after``
    keep their running turn (simultaneous decisions); seats that leave have
    their live clock charged. ``timed_out``: the seat that acted ran out of
    time. ``players`` must hold what the database holds (they are read in
    the same transaction).
    """
    written = ("must_act", "turn_started_at", "deadline", "clock_ms", "score", "rank")
    changed: list[Player] = []
    starting = {p.seat for p in players if p.seat in after and (p.seat not in before or p.seat == acted)}
    windows = _vacations(game, players, starting, now)
    increment_ms = game.increment_seconds * 1000 if game.time_control == TimeControl.LIVE else 0
    for p in players:
        old = tuple(getattr(p, f) for f in written)
        # The seat that just moved ends its turn even when it must act again.
        ends = p.seat in before and (p.seat not in after or p.seat == acted)
        if ends and p.clock_ms is not None and p.turn_started_at:
            p.clock_ms -= int((now - p.turn_started_at).total_seconds() * 1000)
            if p.seat == acted:
                p.clock_ms += increment_ms
                if timed_out:
                    p.clock_ms = max(p.clock_ms, TIMEOUT_GRACE_MS)
        if p.seat in starting:
            p.turn_started_at, p.deadline = now, deadline_for(game, p, now, windows.get(p.user_id, ()))
        elif p.seat not in after:
            p.turn_started_at, p.deadline = None, None
        if p.controlled_by_bot:
            p.deadline = None
        p.must_act = p.seat in after
        if results:
            p.score, p.rank = results[p.seat]
        if tuple(getattr(p, f) for f in written) != old:
            changed.append(p)
    if not changed:
        return
    _write(game, changed, with_results=bool(results))


def _write(game: Game, changed: list[Player], with_results: bool) -> None:
    """One UPDATE of the changed seats, each column a CASE on the seat.

    Written out in SQL because this runs on every move, and building the same
    statement from ORM Case/When expressions cost four times the query itself.
    """
    names = ["must_act", "turn_started_at", "deadline", "clock_ms"] + (["score", "rank"] if with_results else [])
    quote = connection.ops.quote_name
    seat_column, game_column = (quote(Player._meta.get_field(f).column) for f in ("seat", "game"))
    assignments, params = [], []
    for name in names:
        field = Player._meta.get_field(name)
        branches = " ".join("WHEN %s THEN %s" for _ in changed)
        for p in changed:
            params += [p.seat, field.get_db_prep_save(getattr(p, name), connection)]
        # ELSE keeps the column's own type for PostgreSQL to infer the parameters' types from.
        assignments.append(f"{quote(field.column)} = CASE {seat_column} {branches} ELSE {quote(field.column)} END")
    seats = ", ".join("%s" for _ in changed)
    params += [game.pk, *(p.seat for p in changed)]
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {quote(Player._meta.db_table)} SET {', '.join(assignments)} "
                       f"WHERE {game_column} = %s AND {seat_column} IN ({seats})", params)
