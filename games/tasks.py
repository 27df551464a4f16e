from celery import shared_task

from games.services import bots


@shared_task(acks_late=True)
def play_bot_turns(game_id: int) -> int:
    return bots.play_bot_turns(game_id)


@shared_task(acks_late=True)
def sweep_timeouts() -> int:
    from games.services import timeouts

    return timeouts.sweep()
