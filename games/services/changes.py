"""The do step: every change of a running game is written and announced here.

A move, a bot's move, a timeout, a resignation, taking back a move and the end
of a game by the timeout policy each come from a check step (``moves.check_move``,
``timeouts.check_timeout``, ``play.check_resign``, ``take_back.check_take_back``) that reads the locked game,
decides and raises if the change is not allowed, without writing anything. It
hands a ``Change`` to ``do``, which writes it through ``rows`` and schedules
the work that follows the commit, in this one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.dispatch import Signal

from games.models import Game, Move
from games.services import after_commit, rows
from games.services.rows import SeatRow
from games.services.turns import update_turns


@dataclass
class Change:
    """What a check step decided; nothing of it is written yet."""

    game: Game  # read with its row locked, in the transaction ``do`` runs in
    players: list[SeatRow]  # read in the same transaction
    before: set[int]  # the seats that had to act before the change
    after: set[int]  # the seats that must act after it
    now: datetime
    game_fields: dict[str, Any] = field(default_factory=dict)  # new values of the game's fields
    seat_fields: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> new values of its flags
    move: Move | None = None  # the entry for the move log; its number is the new version
    taken_back: Move | None = None  # the move log's last entry, which the change takes back (deletes)
    results: dict[int, tuple[int | None, int | None]] | None = None  # final (score, rank) per seat
    acted: int | None = None  # the seat whose move this is
    timed_out: bool = False  # the acting seat ran out of time
    handed_over: set[int] = field(default_factory=set)  # seats a bot plays from now on (a resignation)
    # Announcements for other apps once the change is committed: (signal, arguments besides the game).
    announcements: list[tuple[Signal, dict[str, Any]]] = field(default_factory=list)

    def seat_value(self, player: SeatRow, name: str) -> Any:
        """A seat's flag as it will be once the change is written."""
        return self.seat_fields.get(player.seat, {}).get(name, getattr(player, name))


def do(change: Change) -> Game:
    """Write the change (a new version of the game, its move, its seats) and schedule what follows
    the commit. Runs inside the caller's transaction, which holds the game's row lock."""
    game, now = change.game, change.now
    # Only a move the engine lets its player take back (alone, or asking the opponent) leaves that
    # seat a take-back (the check step says so); any other change ends it.
    game.undo_seat, game.takeback_seat, game.takeback_asked = None, None, False
    for name, value in change.game_fields.items():
        setattr(game, name, value)
    for p in change.players:
        for name, value in change.seat_fields.get(p.seat, {}).items():
            setattr(p, name, value)
    game.version += 1
    game.updated_at = now
    if change.taken_back is not None:
        rows.delete_move(change.taken_back)
    if change.move is not None:
        change.move.seq, change.move.created_at = game.version, now
        rows.insert_move(change.move)
    rows.save_game(game)
    update_turns(
        game,
        change.players,
        change.before,
        change.after,
        now,
        change.results,
        acted=change.acted,
        timed_out=change.timed_out,
    )
    rows.save_seats(game.pk, change.players)
    after_commit.schedule(
        game, change.players, change.before - change.handed_over, change.after, announcements=change.announcements
    )
    return game


def start(game: Game, players: list[SeatRow], after: set[int]) -> None:
    """The first turns of a game just created (version 0), and what follows its commit."""
    update_turns(game, players, set(), after, game.created_at)
    rows.save_seats(game.pk, players)
    after_commit.schedule(game, players, set(), after)
