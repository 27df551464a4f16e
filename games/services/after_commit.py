"""What follows a committed change of a game: broadcasts, signals for other apps, timeouts, bots.

``changes.do`` and ``changes.start`` are the only callers: this is the one place where work
after the commit is scheduled.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.dispatch import Signal

from games import signals
from games.models import Game, TimeControl
from games.services import broadcast
from games.services.rows import SeatRow
from plumbing import deferred
from plumbing.broadcast import send_all

logger = logging.getLogger(__name__)

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
    in_bot_loop = _bot_loop.get()

    def announce() -> None:
        send_all(
            [
                broadcast.game_message(game_id, version, status),
                *(broadcast.user_games_message(u) for u in sorted(changed_users)),
            ]
        )

    def run() -> None:
        if human_turns:
            _tell(signals.turn_started, game=game, seats=human_turns)
        if ended_turns:
            _tell(signals.turn_ended, game=game, seats=ended_turns)
        if finished:
            _tell(signals.game_finished, game=game)
        if flags and not settings.CELERY_TASK_ALWAYS_EAGER:  # eager: no broker to hold the task
            from games.tasks import apply_timeouts

            for player_id, deadline in flags:
                apply_timeouts.apply_async(args=[[[player_id, deadline.isoformat(), game_id]]], eta=deadline)
        if bot_to_act and not finished and not in_bot_loop:
            from games.tasks import play_bot_turns

            play_bot_turns.delay(game_id)
        for signal, kwargs in announcements:
            _tell(signal, game=game, **kwargs)

    # In the web process announcing only hands the frames to the event loop, so it happens at once;
    # the rest does not change the answer to the request, so the client does not wait for it.
    deferred.after_commit(announce)
    deferred.after_commit(run, then_after_response=True)


def _tell(signal: Signal, **kwargs: Any) -> None:
    # The change is stored: a failing subscriber (mail, notices) must not turn it into an error.
    for receiver, outcome in signal.send_robust(sender=Game, **kwargs):
        if isinstance(outcome, Exception):
            logger.error("%s failed after a committed change", receiver, exc_info=outcome)
