"""Seats whose deadline has passed: play the engine's timeout move, or end the game.

Each overdue (seat, deadline) is handled exactly once: the game row is
locked and the seat's deadline re-read before anything is done, so a second
worker or a rerun after a crash finds nothing left to do.
"""
from __future__ import annotations

import logging
from datetime import datetime
from typing import Callable, Iterator

from django.db import transaction
from django.utils import timezone

from games import signals
from games.models import Game, Player, TimeoutPolicy
from games.rules.base import gettext_noop
from games.services import after_commit
from games.services.engines import get_engine
from games.services.moves import CLOCK, submit_move
from games.services.turns import update_turns

log = logging.getLogger(__name__)
SWEEP_BATCH = 500
# A second timeout in the same game hands the seat to a bot.
TAKE_OVER_AFTER = 2


def overdue(now: datetime, limit: int = SWEEP_BATCH, after: tuple[datetime, int] | None = None
            ) -> list[tuple[int, datetime, int]]:
    """(player id, deadline, game id) of seats past their deadline, oldest first.

    Read through the partial index on deadline (must_act seats only); ``after``
    continues from the last (deadline, id) of the previous batch.
    """
    qs = Player.objects.filter(must_act=True, deadline__lte=now)
    if after is not None:
        qs = qs.filter(deadline__gte=after[0]).exclude(deadline=after[0], pk__lte=after[1])
    return list(qs.order_by("deadline", "pk").values_list("id", "deadline", "game_id")[:limit])


def apply_timeout(player_id: int, deadline: datetime, now: datetime | None = None, game_id: int | None = None) -> bool:
    """Handle one overdue seat; False when someone else already did (or it moved in time)."""
    now = now or timezone.now()
    with transaction.atomic():
        if game_id is None:
            game_id = Player.objects.filter(pk=player_id).values_list("game_id", flat=True).first()
            if game_id is None:
                return False
        game = Game.objects.select_for_update().get(pk=game_id)
        player = Player.objects.filter(pk=player_id, game_id=game_id).first()
        if (player is None or game.status != Game.Status.ACTIVE or not player.must_act or player.deadline != deadline
                or deadline > now):
            return False
        player.timeouts += 1
        if game.timeout_policy == TimeoutPolicy.END:
            _end_unrated(game, player, now)
            return True
        took_over = player.timeouts >= TAKE_OVER_AFTER
        Player.objects.filter(pk=player.pk).update(timeouts=player.timeouts, bot_took_over=took_over or
                                                   player.bot_took_over)
        engine = get_engine(game.game_slug)
        move = engine.timeout_move(game.state, player.seat)
        note = {
            "msg": gettext_noop("{seat} ran out of time; a bot takes over the seat.") if took_over
            else gettext_noop("{seat} ran out of time; the default move was played."),
            "args": {"seat": player.seat}, "seat": player.seat, "timeout": True,
        }
        outcome = submit_move(game.pk, CLOCK, move, version=game.version, seat=player.seat, note=note)
        if not took_over:
            outcome = _finish_turn(engine, outcome, player.seat)
        _announce(outcome.game, player, deadline, took_over=took_over, ended=False)
    return True


# More decisions in one turn than any engine has; a guard against an engine that never ends a turn.
MAX_TURN_DECISIONS = 200


def _finish_turn(engine, outcome, seat: int):
    """Play the timed-out turn to its end, where a turn has several decisions (Die Rote Kathedrale).

    One missed turn is one timeout: otherwise the turn's next decision would time out again and
    hand the seat to a bot. (A bot that took over plays on by itself.)
    """
    game = outcome.game
    for _ in range(MAX_TURN_DECISIONS):
        if game.status != Game.Status.ACTIVE or not engine.turn_goes_on(game.state, seat):
            break
        outcome = submit_move(game.pk, CLOCK, engine.timeout_move(game.state, seat), version=game.version, seat=seat)
        game = outcome.game
    return outcome


def _end_unrated(game: Game, player: Player, now: datetime) -> None:
    players = list(game.players.all())
    engine = get_engine(game.game_slug)
    before = set(engine.to_act(game.state))
    Player.objects.filter(pk=player.pk).update(timeouts=player.timeouts)
    game.status = Game.Status.ABORTED
    game.rated = False
    game.finished_at = now
    game.version += 1
    note = {"msg": gettext_noop("{seat} ran out of time; the game ends unrated."), "args": {"seat": player.seat},
            "seat": player.seat, "timeout": True}
    game.result = {"scores": [None] * len(players), "ranks": [None] * len(players), "stats": [],
                   "details": {}, "reason": "timeout", "timed_out_seat": player.seat, "events": [note]}
    game.save(update_fields=["status", "rated", "finished_at", "version", "result", "updated_at"])
    update_turns(game, players, before, set(), now)
    after_commit.schedule(game, players, before, set(), finished=True)
    _announce(game, player, player.deadline, took_over=False, ended=True)


def _announce(game: Game, player: Player, deadline: datetime, *, took_over: bool, ended: bool) -> None:
    transaction.on_commit(lambda: signals.seat_timed_out.send(
        sender=Game, game=game, seat=player.seat, took_over=took_over, ended=ended, deadline=deadline,
        timeouts=player.timeouts))


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
            enqueue([[pid, deadline.isoformat(), game_id] for pid, deadline, game_id in batch[i:i + CHUNK]])
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
