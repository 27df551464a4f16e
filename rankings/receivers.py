"""Rankings follow finished games: ratings first, then the tournament the game belongs to.

The receiver runs in the games' outbox handler (games/services/after_commit.py) and records its own
work in the same transaction, so neither is lost when a worker or the broker goes away.
"""

from django.dispatch import receiver

from games.models import Game
from games.signals import game_finished
from plumbing import outbox
from plumbing.models import OutboxEntry

COUNT_RATINGS = "rankings.count_ratings"
ADVANCE_TOURNAMENT = "rankings.advance_tournament"


@receiver(game_finished, sender=Game, dispatch_uid="rankings.game_finished")
def on_game_finished(sender, game: Game, **kwargs) -> None:
    from rankings.models import Pairing

    if game.rated:
        outbox.record(COUNT_RATINGS, {}, ref=f"game:{game.pk}")
    tournament_id = Pairing.objects.filter(game_id=game.pk).values_list("round__tournament_id", flat=True).first()
    if tournament_id:
        outbox.record(ADVANCE_TOURNAMENT, {"tournament_id": tournament_id}, ref=f"tournament:{tournament_id}")


# Both commit by themselves and are safe to run again: every pending game is counted once, and a
# tournament only moves on when its round is over.
@outbox.handler(COUNT_RATINGS, atomic=False)
def count_ratings(entry: OutboxEntry) -> None:
    from rankings.services.ratings import process_pending

    process_pending()


@outbox.handler(ADVANCE_TOURNAMENT, atomic=False)
def advance_tournament(entry: OutboxEntry) -> None:
    from rankings.services.tournaments import advance

    advance(entry.payload["tournament_id"])
