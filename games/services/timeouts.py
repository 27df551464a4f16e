"""Seats whose deadline has passed: play the engine's timeout move, or end the game.

Each overdue (seat, deadline) is handled exactly once: the game row is
locked and the seat's deadline re-read before anything is done, so a second
worker or a rerun finds nothing left to do.
"""
from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import signals
from games.models import Game, Player, TimeoutPolicy
from games.rules.base import gettext_noop
from games.services import after_commit
from games.services.engines import get_engine
from games.services.moves import CLOCK, submit_move
from games.services.turns import update_turns

SWEEP_BATCH = 500
logger = logging.getLogger(__name__)


def overdue(now: datetime, limit: int = SWEEP_BATCH) -> list[tuple[int, datetime]]:
    """(player id, deadline) of seats past their deadline, through the partial deadline index."""
    return list(
        Player.objects.filter(must_act=True, deadline__lte=now).order_by("deadline").values_list("id", "deadline")[
            :limit]
    )


def apply_timeout(player_id: int, deadline: datetime, now: datetime | None = None) -> bool:
    """Handle one overdue seat; False when someone else already did (or it moved in time)."""
    now = now or timezone.now()
    with transaction.atomic():
        game_id = Player.objects.filter(pk=player_id).values_list("game_id", flat=True).first()
        if game_id is None:
            return False
        game = Game.objects.select_for_update().get(pk=game_id)
        player = Player.objects.get(pk=player_id)
        if (game.status != Game.Status.ACTIVE or not player.must_act or player.deadline != deadline
                or deadline > now):
            return False
        player.timeouts += 1
        if game.timeout_policy == TimeoutPolicy.END:
            _end_unrated(game, player, now)
            return True
        took_over = player.timeouts >= 2
        Player.objects.filter(pk=player.pk).update(timeouts=player.timeouts, bot_took_over=took_over or
                                                   player.bot_took_over)
        engine = get_engine(game.game_slug)
        move = engine.timeout_move(game.state, player.seat)
        note = {
            "msg": gettext_noop("{seat} ran out of time; a bot takes over the seat.") if took_over
            else gettext_noop("{seat} ran out of time; the default move was played."),
            "args": {"seat": player.seat}, "seat": player.seat, "timeout": True,
        }
        submit_move(game.pk, CLOCK, move, version=game.version, seat=player.seat, note=note)
        transaction.on_commit(lambda: signals.seat_timed_out.send(
            sender=Game, game=game, seat=player.seat, took_over=took_over))
    return True


def _end_unrated(game: Game, player: Player, now: datetime) -> None:
    players = list(game.players.all())
    engine = get_engine(game.game_slug)
    before = set(engine.to_act(game.state))
    Player.objects.filter(pk=player.pk).update(timeouts=player.timeouts)
    game.status = Game.Status.ABORTED
    game.rated = False
    game.finished_at = now
    game.version += 1
    game.result = {"scores": [None] * len(players), "ranks": [None] * len(players), "stats": [],
                   "details": {}, "reason": "timeout", "timed_out_seat": player.seat}
    game.save(update_fields=["status", "rated", "finished_at", "version", "result", "updated_at"])
    update_turns(game, players, before, set(), now)
    after_commit.schedule(game, players, before, set(), finished=True)
    transaction.on_commit(lambda: signals.seat_timed_out.send(
        sender=Game, game=game, seat=player.seat, took_over=False))


def sweep(now: datetime | None = None) -> int:
    """Handle every overdue seat found now; returns how many timeouts were applied.

    A seat whose timeout fails is logged and skipped (its transaction rolled back): the oldest
    deadline comes first, so one broken game must not hold up every other game's timeouts.
    """
    now = now or timezone.now()
    applied = 0
    for pid, deadline in overdue(now):
        try:
            applied += apply_timeout(pid, deadline, now)
        except Exception:  # noqa: BLE001 - any failure of one seat; the next sweep tries it again
            logger.exception("Timeout of player %s (deadline %s) failed", pid, deadline)
    return applied
