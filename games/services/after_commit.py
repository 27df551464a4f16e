"""What happens once a game change is committed: broadcasts, signals, bots."""
import logging

from django.db import transaction

from games import signals
from games.models import Game, Player
from games.services import bots, broadcast

logger = logging.getLogger(__name__)


def schedule(game: Game, players: list[Player], before: set[int], after: set[int], finished: bool) -> None:
    new_turns = sorted(after - before)
    bot_to_act = any(p.controlled_by_bot for p in players if p.seat in after)
    changed_users = {p.user_id for p in players if p.user_id and (p.seat in before) != (p.seat in after)}
    game_id, version, status = game.pk, game.version, game.status

    def run() -> None:
        broadcast.send_all([broadcast.game_message(game_id, version, status),
                            *(broadcast.user_games_message(u) for u in sorted(changed_users))])
        human_turns = [s for s in new_turns if not _by_bot(players, s)]
        if human_turns:
            _tell(signals.turn_started, game=game, seats=human_turns)
        if finished:
            _tell(signals.game_finished, game=game)
        if bot_to_act and not finished and not bots.in_bot_loop():
            from games.tasks import play_bot_turns

            play_bot_turns.delay(game_id)

    transaction.on_commit(run)


def _by_bot(players: list[Player], seat: int) -> bool:
    return any(p.controlled_by_bot for p in players if p.seat == seat)


def _tell(signal, **kwargs) -> None:
    # The move is stored: a failing subscriber (mail, notices) must not turn it into an error.
    for receiver, outcome in signal.send_robust(sender=Game, **kwargs):
        if isinstance(outcome, Exception):
            logger.error("%s failed after a committed move", receiver, exc_info=outcome)
