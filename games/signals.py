"""Signals sent after a game change has been committed.

Other apps (notifications, rankings) subscribe; games imports neither.
"""

from django.dispatch import Signal

# sender=Game, game=Game, seats=list[int] of seats that must now act (humans only)
turn_started = Signal()
# sender=Game, game=Game, seats=list[int] of seats that no longer must act (moved, timed out, game over)
turn_ended = Signal()
# sender=Game, game=Game
game_finished = Signal()
# sender=Table, table=Table, user=User
table_invitation = Signal()
# sender=Game, game=Game, seat=int, deadline=datetime (the one that passed), timeouts=int (in this game),
# took_over=bool (a bot plays the seat from now on), ended=bool (the game ended unrated)
seat_timed_out = Signal()

# The signals a change can carry as announcements, by the name the outbox stores them under.
BY_NAME = {"seat_timed_out": seat_timed_out}
