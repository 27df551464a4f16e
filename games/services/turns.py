"""Who must act, turn start times, deadlines and live clocks, in one UPDATE."""
from datetime import datetime, timedelta

from django.db.models import BooleanField, Case, DateTimeField, F, IntegerField, Value, When

from games.models import Game, Player, TimeControl
from games.services import deadlines


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

    Players read with ``deadlines.with_away_flag`` say whether they have any;
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
) -> None:
    """Write must_act/turn start/deadline/clock (and final score and rank) for all seats at once.

    Seats that stay in ``after`` keep their running turn (simultaneous
    decisions); seats that leave have their live clock charged.
    """
    must_act, started, deadline, clock, score, rank = [], [], [], [], [], []
    starting = {p.seat for p in players if p.seat in after and (p.seat not in before or p.seat == acted)}
    windows = _vacations(game, players, starting, now)
    increment_ms = game.increment_seconds * 1000 if game.time_control == TimeControl.LIVE else 0
    for p in players:
        must_act.append(When(seat=p.seat, then=Value(p.seat in after)))
        # The seat that just moved ends its turn even when it must act again.
        ends = p.seat in before and (p.seat not in after or p.seat == acted)
        if ends and p.clock_ms is not None and p.turn_started_at:
            p.clock_ms -= int((now - p.turn_started_at).total_seconds() * 1000)
            if p.seat == acted:
                p.clock_ms += increment_ms
        if p.seat in starting:
            p.turn_started_at, p.deadline = now, deadline_for(game, p, now, windows.get(p.user_id, ()))
        elif p.seat not in after:
            p.turn_started_at, p.deadline = None, None
        if p.controlled_by_bot:
            p.deadline = None
        p.must_act = p.seat in after
        started.append(When(seat=p.seat, then=Value(p.turn_started_at, output_field=DateTimeField())))
        deadline.append(When(seat=p.seat, then=Value(p.deadline, output_field=DateTimeField())))
        clock.append(When(seat=p.seat, then=Value(p.clock_ms, output_field=IntegerField())))
        if results:
            p.score, p.rank = results[p.seat]
            score.append(When(seat=p.seat, then=Value(p.score, output_field=IntegerField())))
            rank.append(When(seat=p.seat, then=Value(p.rank, output_field=IntegerField())))
    fields = {
        "must_act": Case(*must_act, default=Value(False), output_field=BooleanField()),
        "turn_started_at": Case(*started, default=F("turn_started_at"), output_field=DateTimeField()),
        "deadline": Case(*deadline, default=F("deadline"), output_field=DateTimeField()),
        "clock_ms": Case(*clock, default=F("clock_ms"), output_field=IntegerField()),
    }
    if results:
        fields["score"] = Case(*score, default=F("score"), output_field=IntegerField())
        fields["rank"] = Case(*rank, default=F("rank"), output_field=IntegerField())
    Player.objects.filter(game=game).update(**fields)
