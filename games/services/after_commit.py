"""What follows a committed change of a game or table: broadcasts, signals for other apps, timeouts, bots.

``changes.do`` and ``changes.start`` (and ``tables.invite`` for an invitation) are the only
callers: this is the one place where work after the commit is scheduled.

The work that must not be lost is recorded in the outbox (``plumbing.outbox``) in the change's own
transaction: one ``games.follow_up`` entry per change (the signals that make turn, timeout and
game-end notices, emails and ratings in the other apps, whose receivers record their own work in
the same transaction) and a ``games.bot_turns`` entry when a bot is to move next. So a broker outage
or a process dying right after the commit delays this work until the outbox sweep, but never loses
it. The broadcasts (they only say "version n"; clients catch up by themselves) and a live clock's
early timeout (the periodic timeout sweep finds the seat anyway) are sent directly. An invitation
to a table is recorded the same way (``games.invitation``, by ``tables.invite``).
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from django.conf import settings
from django.dispatch import Signal

from games import signals
from games.models import Game, Table, TimeControl
from games.services import broadcast, read_snapshot
from games.services.rows import SeatRow
from plumbing import deferred, outbox
from plumbing.broadcast import send_all
from plumbing.models import OutboxEntry

logger = logging.getLogger(__name__)

FOLLOW_UP = "games.follow_up"
BOT_TURNS = "games.bot_turns"
INVITATION = "games.invitation"

_bot_loop: contextvars.ContextVar[bool] = contextvars.ContextVar("bot_loop_running", default=False)


@contextmanager
def bot_loop() -> Iterator[None]:
    """While the bot loop plays a game on, its moves queue no further bot task."""
    token = _bot_loop.set(True)
    try:
        yield
    finally:
        _bot_loop.reset(token)


def schedule(
    game: Game,
    players: list[SeatRow],
    before: set[int],
    after: set[int],
    announcements: Sequence[tuple[Signal, dict[str, Any]]] = (),
) -> None:
    """Record the follow-up work of the change in its transaction, and announce it after the commit."""
    read_snapshot.changed(game, players)
    finished = game.status != Game.Status.ACTIVE
    new_turns = sorted(after - before)
    ended_turns = sorted(before - after)
    bot_to_act = any(p.controlled_by_bot for p in players if p.seat in after)
    changed_users = {p.user_id for p in players if p.user_id and (p.seat in before) != (p.seat in after)}
    game_id, version, status = game.pk, game.version, game.status
    human_turns = [p.seat for p in players if p.seat in new_turns and not p.controlled_by_bot]
    # Live clocks run out within seconds, sooner than the periodic sweep comes round.
    flags = (
        [(p.pk, p.deadline) for p in players if p.seat in after and p.deadline and not p.controlled_by_bot]
        if game.time_control == TimeControl.LIVE and not finished
        else []
    )

    def announce() -> None:
        send_all(
            [
                broadcast.game_message(game_id, version, status),
                *(broadcast.user_games_message(u) for u in sorted(changed_users)),
            ]
        )

    def flag() -> None:
        from games.tasks import apply_timeouts

        for player_id, deadline in flags:
            try:
                apply_timeouts.apply_async(args=[[[player_id, deadline.isoformat(), game_id]]], eta=deadline)
            except Exception:  # noqa: BLE001 - the broker is unreachable: the timeout sweep finds the seat
                logger.warning("Could not queue the live timeout of seat %s", player_id, exc_info=True)

    if human_turns or ended_turns or finished or announcements:
        outbox.record(
            FOLLOW_UP,
            {
                "game_id": game_id,
                "version": version,
                "turns": human_turns,
                "ended": ended_turns,
                "finished": finished,
                "announcements": [[_signal_name(s), _encode(kwargs)] for s, kwargs in announcements],
            },
            ref=f"game:{game_id}",
        )
    if bot_to_act and not finished and not _bot_loop.get():
        outbox.record(BOT_TURNS, {"game_id": game_id}, ref=f"game:{game_id}")
    # In the web process announcing only hands the frames to the event loop, so it happens at once.
    # (After the response, with the game's read snapshot, it waited for a request thread: under the
    # mixed load of bench/sustained_load.py the frames came about 100 ms later.)
    deferred.after_commit(announce)
    if flags and not settings.CELERY_TASK_ALWAYS_EAGER:  # eager: no broker to hold the task
        deferred.after_commit(flag, then_after_response=True)


@outbox.handler(FOLLOW_UP)
def follow_up(entry: OutboxEntry) -> None:
    """Tell the other apps of a committed change; their receivers write notices and record their own
    outbox entries in this transaction, so a rerun after a crash starts from nothing done."""
    data = entry.payload
    game = Game.objects.filter(pk=data["game_id"]).first()
    if game is None:
        return  # deleted since: nobody to tell
    if data["turns"]:
        signals.turn_started.send(sender=Game, game=game, seats=data["turns"])
    if data["ended"]:
        signals.turn_ended.send(sender=Game, game=game, seats=data["ended"])
    if data["finished"]:
        signals.game_finished.send(sender=Game, game=game)
    for name, kwargs in data["announcements"]:
        signals.BY_NAME[name].send(sender=Game, game=game, **_decode(kwargs))


def invitation(table: Table, user: Any) -> None:
    """Record, in the invitation's transaction, that ``user`` is to hear of it (``table_invitation``)."""
    outbox.record(INVITATION, {"table_id": table.pk, "user_id": user.pk}, ref=f"table:{table.pk}")


@outbox.handler(INVITATION)
def tell_invitation(entry: OutboxEntry) -> None:
    """Announce a committed invitation; the receivers write their notice idempotently (one per table
    and person), so a rerun after a crash tells nobody twice."""
    from django.contrib.auth import get_user_model

    table = Table.objects.filter(pk=entry.payload["table_id"]).first()
    user = get_user_model().objects.filter(pk=entry.payload["user_id"]).first()
    if table is None or user is None or not table.invitations.filter(user=user).exists():
        return  # deleted or taken back since: nobody to tell
    signals.table_invitation.send(sender=Table, table=table, user=user)


# The lease is renewed by the loop after its moves (``outbox.keep_lease``): when its worker dies, the
# game goes on within the lease and a sweep period (``BOT_LEASE_SECONDS``, ``OUTBOX_SWEEP_SECONDS``).
@outbox.handler(BOT_TURNS, atomic=False, lease_seconds=settings.BOT_LEASE_SECONDS)
def bot_turns(entry: OutboxEntry) -> None:
    """The bot loop commits each of its moves; playing on from wherever the game stands is safe to redo."""
    from games.services import bots

    bots.play_bot_turns(entry.payload["game_id"])


def _signal_name(signal: Signal) -> str:
    return next(name for name, known in signals.BY_NAME.items() if known is signal)


def _encode(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {k: {"datetime": v.isoformat()} if isinstance(v, datetime) else v for k, v in kwargs.items()}


def _decode(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {
        k: datetime.fromisoformat(v["datetime"]) if isinstance(v, dict) and set(v) == {"datetime"} else v
        for k, v in kwargs.items()
    }
