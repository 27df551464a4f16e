"""Turns the engines' structured events into log lines a player may read."""

from __future__ import annotations

import string
from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext

from games.models import Game, Move, Player
from games.rules.base import Reason
from games.services.counted import counted
from games.services.event_codec import template as stored_template
from games.services.rows import SeatRow


class _Args(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def player_names(players: Iterable[Player | SeatRow]) -> dict[int, str]:
    names = {}
    for p in players:
        if p.user_id is not None and not p.is_bot:
            # Seat records carry the name; model instances fetch their user.
            if isinstance(p, SeatRow) and p.shown_name:
                names[p.seat] = p.shown_name
            else:
                assert isinstance(p, Player) and p.user is not None
                names[p.seat] = p.user.shown_name
        else:
            names[p.seat] = gettext("Bot %(n)s") % {"n": p.seat + 1}
    return names


def render_event(event: dict[str, Any], names: dict[int, str]) -> str:
    """One log line; ``msg`` may be a template or, as stored with a move, its catalogue id."""
    args = _Args()
    for key, value in (event.get("args") or {}).items():
        if key.endswith("seat") and isinstance(value, int):
            args[key] = names.get(value, str(value))
        elif key.endswith("seats") and isinstance(value, list):
            args[key] = ", ".join(names.get(v, str(v)) for v in value)
        elif isinstance(value, list):
            args[key] = ", ".join(gettext(v) if isinstance(v, str) and v else str(v) for v in value)
        elif isinstance(value, str) and value:
            # Engines name cards, piles and goods in English; the catalog translates them.
            args[key] = gettext(value)
        else:
            args[key] = value
    template = gettext(counted(stored_template(event.get("msg", "")), event.get("args") or {}, args))
    try:
        return string.Formatter().vformat(template, (), args)
    except (ValueError, IndexError):
        return template


def reason_text(exc: Reason) -> str:
    """An engine's refusal or options error in the reader's language, arguments filled in."""
    return render_event({"msg": exc.message, "args": exc.params}, {})


def visible(event: dict[str, Any], seat: int | None) -> bool:
    only = event.get("only")
    return only is None or only == seat


def log_entries(game: Game, seat: int | None, after_seq: int = 0, limit: int | None = None) -> list[dict]:
    """Log lines for ``seat`` (None: spectator), oldest first."""
    players = list(game.players.select_related("user"))
    names = player_names(players)
    moves = Move.objects.filter(game=game, seq__gt=after_seq).only("seq", "seat", "events", "created_at")
    if limit:
        moves = moves.order_by("-seq")[:limit]
    lines = []
    for move in moves:
        for event in move.events:
            if visible(event, seat):
                lines.append(
                    {
                        "seq": move.seq,
                        "seat": event.get("seat", move.seat),
                        "text": render_event(event, names),
                        "at": move.created_at,
                    }
                )
    lines.sort(key=lambda line: line["seq"])
    # How a game ended outside the moves (a timeout under the "end" policy) closes the log.
    for event in (game.result or {}).get("events", []) if game.version > after_seq else []:
        if visible(event, seat):
            lines.append(
                {
                    "seq": game.version,
                    "seat": event.get("seat"),
                    "text": render_event(event, names),
                    "at": game.finished_at,
                }
            )
    return lines
