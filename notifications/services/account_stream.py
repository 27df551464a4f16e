"""The account stream (``/ws/me/``): a person's socket hears when any of their games needs them.

Fed by the games' signals (``turn_started``, ``turn_ended``, ``game_finished``, ``table_invitation``),
whose receivers also write the turn notices, and by the deadline reminders: the frames are sent once
the outbox entry's transaction commits. They say which game and seat, never what happened in it; a
rerun of an entry may send one twice, and a frame lost with Redis is made good by the list of the
games waiting for the person that every connect and ping answers. docs/asyncapi.yaml lists them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction

from games.models import Game, Player, Table
from plumbing import broadcast

MESSAGE = "account.frame"  # the channel-layer message; the consumer sends its "frame"


def group(user_id: int) -> str:
    return f"me-{user_id}"


def waiting(user_id: int) -> list[dict[str, Any]]:
    """The running games that wait for the person now: one entry per seat to act."""
    seats = (
        Player.objects.filter(
            user_id=user_id, must_act=True, is_bot=False, bot_took_over=False, game__status=Game.Status.ACTIVE
        )
        .order_by("deadline", "game_id")
        .values_list("game_id", "game__version", "seat", "deadline")
    )
    return [
        {"game_id": game_id, "version": version, "seat": seat, "deadline": _iso(deadline)}
        for game_id, version, seat, deadline in seats
    ]


def turn_started(game: Game, seats: list[int]) -> None:
    """Each person whose turn at ``seats`` has begun (and still runs: the entry may come late)."""
    _send(
        (
            p.user_id,
            {"type": "turn", "game_id": game.pk, "version": game.version, "seat": p.seat, "deadline": _iso(p.deadline)},
        )
        for p in _people(game, seats)
        if p.must_act and not p.bot_took_over
    )


def turn_ended(game: Game, seats: list[int]) -> None:
    """Each person whose turn at ``seats`` is over (moved, perhaps from another device, or timed out)."""
    _send(
        (p.user_id, {"type": "turn_over", "game_id": game.pk, "version": game.version, "seat": p.seat})
        for p in _people(game, seats)
        if not p.must_act
    )


def game_finished(game: Game) -> None:
    _send(
        (p.user_id, {"type": "finished", "game_id": game.pk, "version": game.version, "seat": p.seat})
        for p in _people(game, None)
    )


def deadline_near(player: Player) -> None:
    """The person's reminder before ``player``'s deadline is due."""
    frame = {"type": "deadline", "game_id": player.game_id, "seat": player.seat, "deadline": _iso(player.deadline)}
    _send([(player.user_id, frame)])


def invited(table: Table, user_id: int) -> None:
    _send([(user_id, {"type": "invited", "table_id": table.pk, "game": table.game_slug})])


def _people(game: Game, seats: list[int] | None) -> list[Player]:
    players = game.players.filter(user__isnull=False, is_bot=False)
    if seats is not None:
        players = players.filter(seat__in=seats)
    return list(players.order_by("seat"))


def _send(frames: Any) -> None:
    messages = [(group(user_id), {"type": MESSAGE, "frame": frame}) for user_id, frame in frames if user_id]
    if messages:
        # Only what was committed is told; the outbox entry and its notices commit together.
        transaction.on_commit(lambda: broadcast.send_all(messages))


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None
