"""Celery tasks of the outbox (plumbing.outbox): thin wrappers."""

from celery import shared_task


@shared_task(acks_late=True)
def run_entry(entry_id: int) -> bool:
    from plumbing import outbox

    return outbox.run(entry_id)


@shared_task(acks_late=True)
def run_entries(entry_ids: list[int]) -> int:
    from plumbing import outbox

    return outbox.run_all(entry_ids)


@shared_task(acks_late=True)
def sweep_outbox() -> int:
    """Periodic: hand out again the entries whose hand-over was lost."""
    from plumbing import outbox

    return outbox.sweep()
