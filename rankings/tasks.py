from celery import shared_task


@shared_task(acks_late=True)
def update_ratings() -> int:
    """Count every finished rated game not yet in the ratings (safe to run twice)."""
    from rankings.services.ratings import process_pending

    return process_pending()


@shared_task(acks_late=True)
def advance_tournament(tournament_id: int) -> bool:
    from rankings.services.tournaments import advance

    return advance(tournament_id)


@shared_task(acks_late=True)
def advance_tournaments() -> int:
    """Periodic: start tournaments whose registration has closed, move finished rounds on."""
    from rankings.services.tournaments import advance_all

    return advance_all()
