"""What happens once a game change is committed: broadcasts, signals, bots."""
from django.db import transaction

from games import signals
from games.models import Game, Player
from games.services import bots, broadcast


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
            signals.turn_started.send(sender=Game, game=game, seats=human_turns)
        if finished:
            signals.game_finished.send(sender=Game, game=game)
        if bot_to_act and not finished and not bots.in_bot_loop():
            from games.tasks import play_bot_turns

            play_bot_turns.delay(game_id)

    transaction.on_commit(run)


def _by_bot(players: list[Player], seat: int) -> bool:
    return any(p.controlled_by_bot for p in players if p.seat == seat)
