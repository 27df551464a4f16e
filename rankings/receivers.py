"""Rankings follow finished games: ratings first, then the tournament the game belongs to."""
from django.db import transaction
from django.dispatch import receiver

from games.models import Game
from games.signals import game_finished


@receiver(game_finished, sender=Game, dispatch_uid="rankings.game_finished")
def on_game_finished(sender, game: Game, **kwargs) -> None:
    from rankings import tasks
    from rankings.models import Pairing

    def enqueue() -> None:
        if game.rated:
            tasks.update_ratings.delay()
        tournament_id = Pairing.objects.filter(game_id=game.pk).values_list("round__tournament_id", flat=True).first()
        if tournament_id:
            tasks.advance_tournament.delay(tournament_id)

    transaction.on_commit(enqueue)
