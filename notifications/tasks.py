"""Celery tasks: thin wrappers around the notification services.

Emails go out through the outbox (services/emails.py, plumbing.tasks.run_entry); ``deliver_notice``
and ``tell_turn_started`` remain for messages queued before it, and for sending one notice by hand.
"""

from celery import shared_task


@shared_task(acks_late=True)
def deliver_notice(notice_id: int, final: bool = True) -> bool:
    """Send a queued notice's email now (True when it went out)."""
    from notifications.services import delivery

    try:
        return delivery.deliver(notice_id, final=final)
    except delivery.NotReady:
        return False


@shared_task(acks_late=True)
def send_reminders() -> int:
    """Periodic: reminders whose time has come."""
    from notifications.services import sweeps

    return sweeps.send_due_reminders()


@shared_task(acks_late=True)
def send_digests() -> int:
    """Periodic: the daily digest (emails and pushes) for those whose digest hour has come."""
    from notifications.services import push, turns

    return turns.send_due_digests() + push.send_due_digests()


@shared_task(acks_late=True)
def tell_turn_started(game_id: int, seats: list[int]) -> int:
    """The turn notices of one move; returns how many emails are queued."""
    from django.db import transaction

    from games.models import Game
    from notifications.services import emails, turns

    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return 0
    with transaction.atomic():  # the notices and their emails in one commit
        queued = turns.turn_started(game, seats)
        emails.queue_all(queued)
    return len(queued)
