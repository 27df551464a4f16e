"""Celery tasks: thin wrappers around the notification services."""
from celery import shared_task


@shared_task(bind=True, acks_late=True, max_retries=20)
def deliver_notice(self, notice_id: int) -> bool:
    from notifications.services import delivery

    final = self.request.is_eager or self.request.retries >= self.max_retries
    try:
        return delivery.deliver(notice_id, final=final)
    except delivery.NotReady:
        raise self.retry(countdown=30) from None


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
