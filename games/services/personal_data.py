"""The games app's part of a person's data: what the download holds, and what goes with the account.

Deleting an account resigns the person's running games through the one write path (a bot plays the
seat on, as after any resignation, and the seat ranks last; a game left with one seat in play or no
person ends), closes the open tables they opened, takes them from the open tables they sit at, and
drops their table invitations. Finished games, their moves and chat lines stay: the seat and the
chat lines are shown under the neutral name of a deleted account.
"""

from __future__ import annotations

from typing import Any

from accounts import personal_data
from games.models import ChatMessage, Game, Invitation, Move, Player, Table
from games.services import play, tables
from games.services.errors import ServiceError


def _export_games(user) -> list[dict[str, Any]]:
    mine = Player.objects.filter(user=user, is_bot=False).select_related("game").order_by("game_id")
    seats = {p.game_id: p for p in mine}
    moves: dict[int, list[dict[str, Any]]] = {}
    for game_id, seat, seq, payload, by_bot, created in (
        Move.objects.filter(game_id__in=list(seats))
        .values_list("game_id", "seat", "seq", "payload", "by_bot", "created_at")
        .order_by("game_id", "seq")
        .iterator()
    ):
        if seats[game_id].seat == seat:
            moves.setdefault(game_id, []).append(
                {"seq": seq, "move": payload, "played_by_bot": by_bot, "at": created.isoformat()}
            )
    names: dict[int, list[dict[str, Any]]] = {}
    for p in Player.objects.filter(game_id__in=list(seats)).select_related("user"):
        names.setdefault(p.game_id, []).append(
            {"seat": p.seat, "name": p.user.shown_name if p.user else None, "is_bot": p.is_bot}
        )
    out = []
    for game_id, p in seats.items():
        g = p.game
        out.append(
            {
                "id": g.pk,
                "game": g.game_slug,
                "options": g.options,
                "status": g.status,
                "rated": g.rated,
                "started": g.created_at.isoformat(),
                "finished": g.finished_at.isoformat() if g.finished_at else None,
                "seat": p.seat,
                "score": p.score,
                "rank": p.rank,
                "resigned": p.resigned,
                "bot_took_over": p.bot_took_over,
                "timeouts": p.timeouts,
                "players": sorted(names.get(game_id, []), key=lambda row: row["seat"]),
                "moves": moves.get(game_id, []),
            }
        )
    return out


def _export_chat(user) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "text": text, "at": at.isoformat()}
        for game_id, text, at in ChatMessage.objects.filter(user=user).values_list("game_id", "text", "created_at")
    ]


def _export_tables(user) -> list[dict[str, Any]]:
    """Tables not (yet) played: those opened or sat at, and invitations."""
    found = Table.objects.filter(status=Table.Status.OPEN, taken_seats__user=user).distinct()
    invited = Invitation.objects.filter(user=user).select_related("table")
    return [
        {
            "id": t.pk,
            "game": t.game_slug,
            "owner": t.owner_id == user.pk,
            "invited_only": t.invited_only,
            "opened": t.created_at.isoformat(),
        }
        for t in found
    ] + [{"id": i.table_id, "game": i.table.game_slug, "invited": i.created_at.isoformat()} for i in invited]


def _clean(user) -> None:
    running = Player.objects.filter(user=user, is_bot=False, resigned=False, game__status=Game.Status.ACTIVE)
    for game_id in running.values_list("game_id", flat=True):
        try:
            play.resign(game_id, user)
        except ServiceError:
            pass  # it ended meanwhile: nothing to give up
    for table_id in Table.objects.filter(owner=user, status=Table.Status.OPEN).values_list("pk", flat=True):
        tables.cancel_table(table_id, user)
    for table_id in Table.objects.filter(status=Table.Status.OPEN, taken_seats__user=user).values_list("pk", flat=True):
        tables.leave_table(table_id, user)
    Invitation.objects.filter(user=user).delete()


def register() -> None:
    personal_data.register("games", export=_export_games, clean=_clean, order=10)
    personal_data.register("chat_messages", export=_export_chat)
    personal_data.register("tables", export=_export_tables)
