"""Signal receivers: other apps announce, notifications tell the players."""
from django.db import transaction
from django.dispatch import receiver

from games.models import Game, Table
from games.signals import game_finished, seat_timed_out, table_invitation, turn_ended, turn_started
from notifications import tasks
from notifications.services import invitations, summary, timeouts, tournament_mail, turn_message
from rankings.signals import ratings_counted, tournament_finished, tournament_round_started


@receiver(turn_started, sender=Game, dispatch_uid="notifications.turn_started")
def tell_turn_started(sender, game, seats, **kwargs):
    # A worker writes the notices, so that a move's request does not wait for them; the same
    # message settles the turns the change ended.
    turn_message.publish(game, list(seats))


@receiver(turn_ended, sender=Game, dispatch_uid="notifications.turn_ended")
def settle_turn_notices(sender, game, seats, **kwargs):
    # The bell stops counting a game once it no longer waits for the player: settled by the
    # change's one turn message (already published if the change also started turns).
    turn_message.publish(game, [])


@receiver(game_finished, sender=Game, dispatch_uid="notifications.game_finished")
def tell_game_finished(sender, game, **kwargs):
    with transaction.atomic():
        queued = summary.game_finished(game)
    # A rated game's summary shows the rating changes: until rankings says they are counted
    # (ratings_counted below), it waits, whichever of the two receivers runs first.
    transaction.on_commit(lambda: summary.hand_out(game, [n.pk for n in queued]))


@receiver(ratings_counted, sender=Game, dispatch_uid="notifications.ratings_counted")
def send_waiting_summaries(sender, game_ids, **kwargs):
    for notice_id in summary.waiting_for_ratings(game_ids):
        tasks.deliver_notice.delay(notice_id)


@receiver(seat_timed_out, sender=Game, dispatch_uid="notifications.seat_timed_out")
def tell_seat_timed_out(sender, game, seat, deadline, took_over=False, ended=False, **kwargs):
    with transaction.atomic():
        queued = timeouts.seat_timed_out(game, seat, deadline, took_over=took_over, ended=ended,
                                         timeouts=kwargs.get("timeouts", 1))
    for notice in queued:
        tasks.deliver_notice.delay(notice.pk)


@receiver(table_invitation, sender=Table, dispatch_uid="notifications.table_invitation")
def tell_invited(sender, table, user, **kwargs):
    notice = invitations.invited(table, user)
    if notice is not None:
        tasks.deliver_notice.delay(notice.pk)


@receiver(tournament_round_started, dispatch_uid="notifications.tournament_round_started")
def tell_round_started(sender, tournament, round, games, **kwargs):
    for notice in tournament_mail.round_started(tournament, round, games):
        tasks.deliver_notice.delay(notice.pk)


@receiver(tournament_finished, dispatch_uid="notifications.tournament_finished")
def tell_tournament_finished(sender, tournament, **kwargs):
    for notice in tournament_mail.tournament_finished(tournament):
        tasks.deliver_notice.delay(notice.pk)
