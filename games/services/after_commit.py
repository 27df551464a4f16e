"""What happens once a game change is committed: broadcasts, signals, bots."""
import logging

from django.conf import settings
from django.db import transaction

from config.http_handler import after_response
from games import signals
from games.models import Game, Player, TimeControl
from games.services import bots, broadcast

logger = logging.getLogger(__name__)


def schedule(game: Game, players: list[Player], before: set[int], after: set[int], finished: bool) -> None:
    new_turns = sorted(after - before)
    ended_turns = sorted(before - after)
    bot_to_act = any(p.controlled_by_bot for p in players if p.seat in after)
    changed_users = {p.user_id for p in players if p.user_id and (p.seat in before) != (p.seat in after)}
    game_id, version, status = game.pk, game.version, game.status
    # Live clocks run out within seconds, sooner than the periodic sweep comes round.
    flags = [(p.pk, p.deadline) for p in players if p.seat in after and p.deadline and not p.controlled_by_bot
             ] if game.time_control == TimeControl.LIVE and not finished else []

    def announce() -> None:
        broadcast.send_all([broadcast.game_message(game_id, version, status),
                            *(broadcast.user_games_message(u) for u in sorted(changed_users))])

    def run() -> None:
        human_turns = [s for s in new_turns if not _by_bot(players, s)]
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
        if bot_to_act and not finished and not bots.in_bot_loop():
            from games.tasks import play_bot_turns

            play_bot_turns.delay(game_id)

    # In the web process announcing only hands the frames to the event loop, so it happens at once;
    # the rest does not change the answer to the request, so the client does not wait for it.
    transaction.on_commit(announce)
    transaction.on_commit(lambda: after_response(run))


def _by_bot(players: list[Player], seat: int) -> bool:
    return any(p.controlled_by_bot for p in players if p.seat == seat)


def _tell(signal, **kwargs) -> None:
    # The move is stored: a failing subscriber (mail, notices) must not turn it into an error.
    for receiver, outcome in signal.send_robust(sender=Game, **kwargs):
        if isinstance(outcome, Exception):
            logger.error("%s failed after a committed move", receiver, exc_info=outcome)
