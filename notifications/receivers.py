"""Signal receivers: other apps announce, notifications tell the players."""
from django.dispatch import receiver

from notifications.services import tournament_mail
from rankings.signals import tournament_finished, tournament_round_started


@receiver(tournament_round_started)
def tell_round_started(sender, tournament, round, games, **kwargs):
    tournament_mail.round_started(tournament, round, games)


@receiver(tournament_finished)
def tell_tournament_finished(sender, tournament, **kwargs):
    tournament_mail.tournament_finished(tournament)
