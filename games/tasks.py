from celery import shared_task

from games.services import bots


@shared_task(acks_late=True)
def play_bot_turns(game_id: int) -> int:
    return bots.play_bot_turns(game_id)


@shared_task(acks_late=True)
def sweep_timeouts() -> int:
    """Periodic: find overdue seats through the deadline index and share them out to the workers."""
    from games.services import timeouts

    return timeouts.dispatch(apply_timeouts.delay)


@shared_task(acks_late=True)
def apply_timeouts(seats: list[list]) -> int:
    from games.services import timeouts

    return timeouts.apply_many(seats)
