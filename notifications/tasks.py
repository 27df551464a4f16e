"""Celery tasks: thin wrappers around the notification services."""
from celery import shared_task


@shared_task(bind=True, acks_late=True)
def deliver_notice(self, notice_id: int, final: bool = False) -> bool:
    """Send a notice's email; a summary whose ratings are not counted yet waits (False) unless ``final``:
    rankings' ratings_counted signal sends it again."""
    from notifications.services import delivery

    try:
        return delivery.deliver(notice_id, final=final or self.request.is_eager)
    except delivery.NotReady:
        return False


@shared_task(acks_late=True)
def send_reminders() -> int:
    """Periodic: reminders whose time has come."""
    from notifications.services import sweeps

    return sweeps.send_due_reminders()


@shared_task(acks_late=True)
def send_digests() -> int:
    """Periodic: the daily digest for those whose digest hour has come."""
    from notifications.services import turns

    return turns.send_due_digests()


@shared_task(acks_late=True)
def tell_turns(game_id: int, version: int, started: list[int]) -> int:
    """The turn notices of one change of a game (its ``version``), off the change's request: the
    notices of turns that are over are settled, those of the ``started`` seats written; returns
    how many emails go out now."""
    from django.db import transaction

    from games.models import Game
    from notifications.services import turns

    # The state and the result are the largest columns, and no notice needs them.
    game = Game.objects.defer("state", "result").filter(pk=game_id).first()
    if game is None:
        return 0
    with transaction.atomic():  # one commit for all of the change's notices
        turns.turns_over(game)
        queued = turns.turn_started(game, started) if started else []
    for notice in queued:
        deliver_notice.delay(notice.pk)
    return len(queued)


@shared_task(acks_late=True)
def tell_turn_started(game_id: int, seats: list[int]) -> int:
    """Messages queued by the release before ``tell_turns``; handled as such."""
    return tell_turns(game_id, -1, seats)
