"""Seats whose deadline has passed: play the engine's timeout move, or end the game.

Each overdue (seat, deadline) is handled exactly once: the game row is
locked and the seat's deadline re-read before anything is done, so a second
worker or a rerun after a crash finds nothing left to do. The game is read and
locked once; the timeout move goes through the same check and do steps as
every other move.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, cast

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from games import signals
from games.models import Game, Player, TimeoutPolicy
from games.rules.base import gettext_noop
from games.services import changes, rows
from games.services.changes import Change
from games.services.engines import get_engine
from games.services.moves import CLOCK, check_move
from games.services.rows import SeatRow

log = logging.getLogger(__name__)
SWEEP_BATCH = 500
# A second timeout in the same game hands the seat to a bot.
TAKE_OVER_AFTER = 2


def overdue(
    now: datetime, limit: int = SWEEP_BATCH, after: tuple[datetime, int] | None = None
) -> list[tuple[int, datetime, int]]:
    """(player id, deadline, game id) of seats past their deadline, oldest first.

    Read through the partial index on deadline (must_act seats only); ``after``
    continues from the last (deadline, id) of the previous batch.
    """
    qs = Player.objects.filter(must_act=True, deadline__lte=now)
    if after is not None:
        qs = qs.filter(deadline__gte=after[0]).exclude(deadline=after[0], pk__lte=after[1])
    # Every row has a deadline: the filter asks for one that has passed.
    return cast(
        list[tuple[int, datetime, int]],
        list(qs.order_by("deadline", "pk").values_list("id", "deadline", "game_id")[:limit]),
    )


def apply_timeout(player_id: int, deadline: datetime, now: datetime | None = None, game_id: int | None = None) -> bool:
    """Handle one overdue seat; False when someone else already did (or it moved in time)."""
    now = now or timezone.now()
    with transaction.atomic():
        if game_id is None:
            game_id = Player.objects.filter(pk=player_id).values_list("game_id", flat=True).first()
            if game_id is None:
                return False
        game = rows.load_game(game_id, lock=True)
        if game is None:
            return False
        change = check_timeout(game, rows.seats(game), player_id, deadline, now)
        if change is None:
            return False
        changes.do(change)
        if change.acted is not None:
            _finish_turn(game, change.players, change.acted)
    return True


# More decisions in one turn than any engine has; a guard against an engine that never ends a turn.
MAX_TURN_DECISIONS = 200


def _finish_turn(game: Game, players: list[SeatRow], seat: int) -> None:
    """Play the timed-out turn to its end, where a turn has several decisions (Die Rote Kathedrale).

    One missed turn is one timeout: otherwise the turn's next decision would time out again and
    hand the seat to a bot. (A bot that took the seat over plays on by itself.)
    """
    engine = get_engine(game.game_slug)
    mine = next(p for p in players if p.seat == seat)
    if mine.bot_took_over:
        return
    for _ in range(MAX_TURN_DECISIONS):
        if game.status != Game.Status.ACTIVE or not engine.turn_goes_on(game.state, seat):
            return
        changes.do(check_move(game, players, CLOCK, engine.timeout_move(game.state, seat), seat=seat))


def check_timeout(
    game: Game, players: list[SeatRow], player_id: int, deadline: datetime, now: datetime
) -> Change | None:
    """The check step of a timeout: None when the seat's deadline was already handled (or is not
    due); otherwise the engine's timeout move, or the end of the game where the table says so."""
    player = next((p for p in players if p.pk == player_id), None)
    if (
        player is None
        or game.status != Game.Status.ACTIVE
        or not player.must_act
        or player.deadline != deadline
        or deadline > now
    ):
        return None
    timeouts = player.timeouts + 1
    if game.timeout_policy == TimeoutPolicy.END:
        return _end_unrated(game, players, player, timeouts, now)
    took_over = timeouts >= TAKE_OVER_AFTER
    note = {
        "msg": gettext_noop("{seat} ran out of time; a bot takes over the seat.")
        if took_over
        else gettext_noop("{seat} ran out of time; the default move was played."),
        "args": {"seat": player.seat},
        "seat": player.seat,
        "timeout": True,
    }
    move = get_engine(game.game_slug).timeout_move(game.state, player.seat)
    change = check_move(
        game,
        players,
        CLOCK,
        move,
        seat=player.seat,
        note=note,
        seat_fields={player.seat: {"timeouts": timeouts, "bot_took_over": took_over or player.bot_took_over}},
    )
    change.announcements.append(_timed_out(player, deadline, timeouts, took_over=took_over, ended=False))
    return change


def _end_unrated(game: Game, players: list[SeatRow], player: SeatRow, timeouts: int, now: datetime) -> Change:
    before = set(get_engine(game.game_slug).to_act(game.state))
    note = {
        "msg": gettext_noop("{seat} ran out of time; the game ends unrated."),
        "args": {"seat": player.seat},
        "seat": player.seat,
        "timeout": True,
    }
    result = {
        "scores": [None] * len(players),
        "ranks": [None] * len(players),
        "stats": [],
        "details": {},
        "reason": "timeout",
        "timed_out_seat": player.seat,
        "events": [note],
    }
    return Change(
        game=game,
        players=players,
        before=before,
        after=set(),
        now=now,
        game_fields={"status": Game.Status.ABORTED, "rated": False, "finished_at": now, "result": result},
        seat_fields={player.seat: {"timeouts": timeouts}},
        announcements=[_timed_out(player, player.deadline, timeouts, took_over=False, ended=True)],
    )


def _timed_out(
    player: SeatRow, deadline: datetime | None, timeouts: int, *, took_over: bool, ended: bool
) -> tuple[Signal, dict[str, Any]]:
    return signals.seat_timed_out, {
        "seat": player.seat,
        "took_over": took_over,
        "ended": ended,
        "deadline": deadline,
        "timeouts": timeouts,
    }


CHUNK = 50


def _overdue_batches(now: datetime) -> Iterator[list[tuple[int, datetime, int]]]:
    """Every seat overdue at ``now``, batch by batch through the deadline index."""
    after = None
    while True:
        batch = overdue(now, SWEEP_BATCH, after)
        yield batch
        if len(batch) < SWEEP_BATCH:
            return
        after = (batch[-1][1], batch[-1][0])


def _apply_safely(player_id: int, deadline: datetime, now: datetime, game_id: int) -> bool:
    try:
        return apply_timeout(player_id, deadline, now, game_id)
    except Exception:  # one broken game must not hold up everyone else's timeouts
        log.exception("timeout of seat %s in game %s failed", player_id, game_id)
        return False


def dispatch(enqueue: Callable[[list[list]], object], now: datetime | None = None) -> int:
    """Hand every seat overdue at ``now`` to ``enqueue`` in chunks (for workers to share); returns how many.

    Handing a seat out twice (two beats before a worker gets to it) is harmless: the
    second ``apply_timeout`` finds the deadline handled and does nothing.
    """
    handed = 0
    for batch in _overdue_batches(now or timezone.now()):
        for i in range(0, len(batch), CHUNK):
            enqueue([[pid, deadline.isoformat(), game_id] for pid, deadline, game_id in batch[i : i + CHUNK]])
        handed += len(batch)
    return handed


def apply_many(seats: list[list], now: datetime | None = None) -> int:
    """A worker's share of a sweep: [player id, deadline (ISO), game id] per seat."""
    now = now or timezone.now()
    return sum(_apply_safely(pid, datetime.fromisoformat(deadline), now, game_id) for pid, deadline, game_id in seats)


def sweep(now: datetime | None = None, limit: int | None = None) -> int:
    """Handle every seat overdue at ``now`` (or the first ``limit``); returns how many timed out."""
    now = now or timezone.now()
    applied = handled = 0
    for batch in _overdue_batches(now):
        for player_id, deadline, game_id in batch:
            applied += _apply_safely(player_id, deadline, now, game_id)
            handled += 1
            if limit is not None and handled >= limit:
                return applied
    return applied
