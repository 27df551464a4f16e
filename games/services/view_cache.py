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
_lock = threading.Lock()


def seat_view(
    game_id: int, version: int, updated_at: datetime | None, seat: int | None, compute: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """The entry for this seat (None: someone without a seat) of this version of the game; ``compute``
    makes it on the first request."""
    key = (game_id, version, updated_at, seat)
    with _lock:
        entry = _entries.get(key)
        if entry is not None:
            _entries.move_to_end(key)
            return entry
    # Computed outside the lock: two requests racing for the same new key compute the same value.
    entry = compute()
    with _lock:
        _entries[key] = entry
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)
    return entry


def clear() -> None:
    """Forget every entry (tests that compare a cached view with a fresh one)."""
    with _lock:
        _entries.clear()
