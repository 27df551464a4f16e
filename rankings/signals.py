"""Signals for other apps (notifications): sent after the change is committed.

The tournament signals are sent by the outbox handlers of services/announcements.py, so their
receivers run in the entry's transaction and must be idempotent.

tournament_round_started: sender=Tournament, tournament=Tournament, round=Round, games=list[Game]
tournament_finished: sender=Tournament, tournament=Tournament (tournament.winner is set)
ratings_counted: sender=Game, game_ids=list[int] (finished games now in the ratings)
"""

from django.dispatch import Signal

tournament_round_started = Signal()
tournament_finished = Signal()
ratings_counted = Signal()
