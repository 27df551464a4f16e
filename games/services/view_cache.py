"""What a seat sees of a game, computed once per version of the game and kept in the process.

A game only changes by a move (or a resignation, a timeout), and each of those gives it a new
version; so what the engine shows a seat (its view, who is to act, the seat's legal moves, the
result) is fixed for a (game, version, seat) and is kept under that key. Nothing is ever deleted:
the next version is a new key, and the oldest entries make room for new ones. ``updated_at`` is
part of the key too, so a game written outside the move path (an administrator, a test) is
never answered from an old entry.

Whatever depends on the clock or on other rows (live clocks, deadlines, vacations, names, a
bot taking a seat over) is not kept here: ``play.game_view`` adds it on every request.

Entries are shared between requests: callers must not change what they get.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any

# Views of the games being played right now: a few thousand seats' entries of 2-10 KB each.
MAX_ENTRIES = 2048

Key = tuple[int, int, datetime | None, int | None]

_entries: OrderedDict[Key, dict[str, Any]] = OrderedDict()
_texts: OrderedDict[int, tuple[Any, str]] = OrderedDict()
_lock = threading.Lock()


def get(game_id: int, version: int, updated_at: datetime | None, seat: int | None) -> dict[str, Any] | None:
    """The entry for this seat (None: someone without a seat) of this version of the game, if kept."""
    key = (game_id, version, updated_at, seat)
    with _lock:
        entry = _entries.get(key)
        if entry is not None:
            _entries.move_to_end(key)
        return entry


def put(game_id: int, version: int, updated_at: datetime | None, seat: int | None, entry: dict[str, Any]) -> None:
    """Keep ``entry`` for this seat of this version. Two requests racing for a new key computed the same."""
    with _lock:
        _entries[(game_id, version, updated_at, seat)] = entry
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)


def encoded(value: Any, encode: Callable[[Any], str]) -> str:
    """``encode(value)`` for a value taken from an entry, made once: the same view is sent to many
    requests, and writing it as JSON cost more than everything else such a request does with it.

    Kept by the value's identity; the value itself is kept alongside, so that identity cannot pass
    to another object while the text is kept."""
    with _lock:
        found = _texts.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
    text = encode(value)
    with _lock:
        _texts[id(value)] = (value, text)
        while len(_texts) > MAX_ENTRIES * 2:
            _texts.popitem(last=False)
    return text


def clear() -> None:
    """Forget every entry (tests that compare a cached view with a fresh one)."""
    with _lock:
        _entries.clear()
        _texts.clear()
