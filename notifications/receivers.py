"""Signal receivers: other apps announce, notifications tell the players.

The games' signals are sent by the games' outbox handler (games/services/after_commit.py) inside
its transaction: the notices written here and the emails recorded for them (services/emails.py)
are committed together with that entry being done, so a rerun after a crash finds nothing half done.
"""

from django.db import transaction
from django.dispatch import receiver

from games.models import Game, Table
from games.signals import game_finished, seat_timed_out, table_invitation, turn_ended, turn_started
from notifications.services import account_stream, emails, invitations, summary, timeouts, tournament_mail, turns
from rankings.signals import ratings_counted, tournament_finished, tournament_round_started


@receiver(turn_started, sender=Game, dispatch_uid="notifications.turn_started")
def tell_turn_started(sender, game, seats, **kwargs):
    emails.queue_all(turns.turn_started(game, list(seats)))
    account_stream.turn_started(game, list(seats))


@receiver(turn_ended, sender=Game, dispatch_uid="notifications.turn_ended")
def settle_turn_notices(sender, game, seats, **kwargs):
    # The bell stops counting a game once it no longer waits for the player.
    turns.turns_over(game)
    account_stream.turn_ended(game, list(seats))


@receiver(game_finished, sender=Game, dispatch_uid="notifications.game_finished")
def tell_game_finished(sender, game, **kwargs):
    # A rated game's summary shows the rating changes: its email waits for them (services/emails.py)
    # until rankings says they are counted (ratings_counted below).
    emails.queue_all(summary.game_finished(game))
    account_stream.game_finished(game)


@receiver(ratings_counted, sender=Game, dispatch_uid="notifications.ratings_counted")
def send_waiting_summaries(sender, game_ids, **kwargs):
    emails.hurry(summary.waiting_for_ratings(game_ids))


@receiver(seat_timed_out, sender=Game, dispatch_uid="notifications.seat_timed_out")
def tell_seat_timed_out(sender, game, seat, deadline, took_over=False, ended=False, **kwargs):
    emails.queue_all(
        timeouts.seat_timed_out(
            game, seat, deadline, took_over=took_over, ended=ended, timeouts=kwargs.get("timeouts", 1)
        )
    )


@receiver(table_invitation, sender=Table, dispatch_uid="notifications.table_invitation")
def tell_invited(sender, table, user, **kwargs):
    with transaction.atomic():  # the notice and its email together
        notice = invitations.invited(table, user)
        if notice is not None:
            emails.queue(notice)
        account_stream.invited(table, user.pk)


@receiver(tournament_round_started, dispatch_uid="notifications.tournament_round_started")
def tell_round_started(sender, tournament, round, games, **kwargs):
    with transaction.atomic():
        emails.queue_all(tournament_mail.round_started(tournament, round, games))


@receiver(tournament_finished, dispatch_uid="notifications.tournament_finished")
def tell_tournament_finished(sender, tournament, **kwargs):
    with transaction.atomic():
        emails.queue_all(tournament_mail.tournament_finished(tournament))
