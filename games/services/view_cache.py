"""What a seat sees of a game, computed once per version of the game and kept in the process.

A game only changes by a move (or a resignation, a timeout), and each of those gives it a new
version; so what the engine shows a seat (its view, who is to act, the seat's legal moves, the
result) is fixed for a (game, version, seat) and is kept under that key. Nothing is ever deleted:
the next version is a new key, and the oldest entries make room for new ones. ``updated_at`` is
part of the key too, so a game written outside the move path (an administrator, a test) is
never answered from an old entry.

Whatever depends on the clock or on other rows (live clocks, deadlines, vacations, names, a
bot taking a seat over) is not kept here: ``play.game_view`` adds it on every request.

Entries hold JSON text, written once as the API writes it: the answer to the API's most frequent
request splices it in as it is, and text is no work for the garbage collector. Kept as Python
objects, the entries were the bulk of what the full collections walked: under the mixed load of
bench/sustained_load.py each web worker paused for one of about 65 ms of CPU every ten seconds or so.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.models import Game
from games.rules.base import Engine
from plumbing.json_text import JSONText, dumps

# Views of the games being played right now: a few thousand seats' entries of 2-10 KB each.
MAX_ENTRIES = 2048

Key = tuple[int, int, datetime | None, int | None]


@dataclass(frozen=True, slots=True)
class Shown:
    """What the engine shows one seat of one version of a game."""

    to_act: tuple[int, ...]
    view: JSONText
    legal_moves: JSONText
    result: JSONText

    @classmethod
    def of(cls, to_act: list[int], view: Any, legal_moves: list[Any], result: dict[str, Any] | None) -> Shown:
        return cls(tuple(to_act), JSONText(dumps(view)), JSONText(dumps(legal_moves)), JSONText(dumps(result)))


_entries: OrderedDict[Key, Shown] = OrderedDict()
_lock = threading.Lock()


def seat_view(engine: Engine, game: Game, seat: int | None) -> Shown:
    """What the engine shows ``seat`` of this version of the game (whole: its state is read)."""
    to_act = engine.to_act(game.state) if game.status == Game.Status.ACTIVE else []
    return Shown.of(
        to_act,
        engine.view(game.state, seat),
        # Whether a bot has taken the seat over is decided per request; the moves are the engine's.
        engine.legal_moves(game.state, seat) if seat is not None and seat in to_act else [],
        _public_result(game.result),
    )


def _public_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    if not result:
        return None
    return {k: result[k] for k in ("scores", "ranks", "stats", "details", "reason") if k in result}


def get(game_id: int, version: int, updated_at: datetime | None, seat: int | None) -> Shown | None:
    """The entry for this seat (None: someone without a seat) of this version of the game, if kept."""
    key = (game_id, version, updated_at, seat)
    with _lock:
        entry = _entries.get(key)
        if entry is not None:
            _entries.move_to_end(key)
        return entry


def put(game_id: int, version: int, updated_at: datetime | None, seat: int | None, entry: Shown) -> None:
    """Keep ``entry`` for this seat of this version. Two requests racing for a new key computed the same."""
    with _lock:
        _entries[(game_id, version, updated_at, seat)] = entry
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)


def clear() -> None:
    """Forget every entry (tests that compare a cached view with a fresh one)."""
    with _lock:
        _entries.clear()
