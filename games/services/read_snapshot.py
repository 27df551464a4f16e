"""A game's row and seats, and what each person's seat sees, shared between processes through Redis.

Every read of a player's view (the API's most frequent request) read the game's row and its seats
with a query, and each web process worked out what the seat sees on its own. A change now leaves
in Redis, as the game's snapshot, the rows it wrote and each person's view of the new version (what
the players its socket tells of that version ask for next), once its answer is sent. A reader takes
the snapshot with one ``GET``: no database connection, no query, no engine; the views go into the
process's ``view_cache``, where a board read from the database finds them too. Only changes write
snapshots, from the rows they hold under the game's lock; a reader that finds none (or comes before
it is written) reads the database, as before.

A snapshot is served only while it is the database's: the reader compares its version and the
game's ``read_stamp`` with the database's (one primary-key lookup, much cheaper than reading the rows
and working out the view). So whatever failed in between (a change that could not reach Redis to
mark or replace the snapshot, a failed delete, Redis restarted from a saved dump with the snapshots
it held then), no reader gets a snapshot older than the database:
- a change bumps the version; its snapshot follows after its commit;
- every other write of what the snapshot holds (a seat's deadline moved by a vacation, a person's
  name, an administrator's edit) bumps the games' ``read_stamp`` in its transaction (``forget``).
The marks keep readers from reading a snapshot that is about to be replaced: a change marks the game
in its transaction (``SET`` of a marker only it knows), after its commit (once its answer is sent)
it replaces its own marker by its snapshot, and nothing else; other writes mark the game and delete
the key after their commit. A snapshot lives ``SNAPSHOT_TTL_S`` at most. Without Redis (one process:
development), and whenever Redis fails, readers go to the database.

Readers share the decoded rows (kept per process while the snapshot's bytes are the same) and must
not change them; ``play.game_view`` only reads them.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections.abc import Callable, Iterable
from dataclasses import fields
from datetime import datetime, timedelta
from functools import cache
from typing import Any, cast, get_type_hints

import redis
from django.conf import settings
from django.db import connection
from django.db.models import F
from django.utils import timezone

from games.models import Game, Player
from games.services import rows, view_cache
from games.services.engines import get_engine
from games.services.rows import SeatRow
from plumbing import deferred
from plumbing.json_text import JSONText

logger = logging.getLogger(__name__)

# How long a snapshot serves readers; a game in play is written again long before.
SNAPSHOT_TTL_S = 120
# Longer than any change's transaction (statement and lock timeouts are seconds).
MARK_TTL_S = 300
MARK = b"~"
# Decoded snapshots kept per process: the games being read right now.
MAX_DECODED = 2048
# The snapshot's layout: a reader leaves aside one of another layout (another release wrote it).
FORMAT = 1

Found = tuple[Game, list[SeatRow]]
# A seat's fields as a snapshot carries them; ``stored`` is set again when it is read.
_SEAT_FIELDS = frozenset(f.name for f in fields(SeatRow)) - {"stored"}

# KEYS[1]: the game's key; ARGV: the change's marker, its snapshot, the snapshot's lifetime.
_REPLACE_OWN_MARK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
  return 1
end
return 0
"""

_decoded: dict[int, tuple[bytes, Found]] = {}
_lock = threading.Lock()
_client: redis.Redis | None = None
_client_url = ""
_replace_own_mark: Callable[..., object] | None = None


def game_with_seats(game_id: int) -> Found | None:
    """``rows.game_with_seats(game_id)`` (the row without its state and result, and the seats):
    the last change's snapshot while it is the database's, else from the database."""
    found = _snapshot(game_id)
    if found is not None and rows.game_stamp(game_id) == (found[0].version, found[0].read_stamp):
        return found
    return rows.game_with_seats(game_id)


def fill_view_cache(game_id: int) -> bool:
    """Put the views of the game's snapshot, if there is one, into the process's ``view_cache``."""
    return _snapshot(game_id) is not None


def _snapshot(game_id: int) -> Found | None:
    """The rows of the game's snapshot (its views put into ``view_cache``); None when there is none
    to read: no Redis, a change not yet committed, or one this code cannot read."""
    client = _redis()
    if client is None:
        return None
    try:
        raw = cast("bytes | None", client.get(_key(game_id)))
    except (redis.RedisError, OSError) as exc:
        logger.warning("Reading game %s from the database: %s", game_id, exc)
        return None
    return _decode(game_id, raw) if raw is not None and not raw.startswith(MARK) else None


def changed(game: Game, players: list[SeatRow]) -> None:
    """A change of ``game`` (whole, as written) and its seats is about to commit: readers go to the
    database until it has, then read the game's snapshot, with what each person's seat sees."""
    client = _redis()
    if client is None:
        return
    key, marker = _key(game.pk), MARK + secrets.token_bytes(12)
    marked = _mark(client, [key], marker)

    def publish() -> None:
        try:
            if marked:
                assert _replace_own_mark is not None
                snapshot = _encode(game, players)
                _replace_own_mark(keys=[key], args=[marker, snapshot, SNAPSHOT_TTL_S], client=client)
            else:
                _delete([key])  # an older snapshot may still be there
        except (redis.RedisError, OSError) as exc:
            logger.warning("Could not share the new version of game %s with its readers: %s", game.pk, exc)
        except Exception:
            # The change is committed: its answer must not become an error. Readers take the database.
            logger.exception("Could not make the snapshot of game %s", game.pk)
            _delete([key])

    # The mover need not wait for it: until it is there, readers (the mover too) read the database.
    deferred.after_commit(publish, then_after_response=True)


def forget(game_ids: Iterable[int]) -> None:
    """What readers see of these games is written (in the current transaction, or was just now,
    outside one): readers go to the database from now on."""
    client = _redis()
    ids = sorted(set(game_ids))
    if client is None or not ids:
        return
    # In the write's transaction: whatever happens to Redis, no snapshot of before is served again.
    Game.objects.filter(pk__in=ids).update(read_stamp=F("read_stamp") + 1)
    keys = [_key(i) for i in ids]
    _mark(client, keys, MARK + secrets.token_bytes(12))

    deferred.after_commit(lambda: _delete(keys))


def forget_games_of(user_id: int) -> None:
    """The person's name, account or vacations changed: every game of theirs that may have a
    snapshot (one that changed within a snapshot's lifetime)."""
    if _redis() is None:
        return
    since = timezone.now() - timedelta(seconds=2 * SNAPSHOT_TTL_S)
    forget(Player.objects.filter(user_id=user_id, game__updated_at__gte=since).values_list("game_id", flat=True))


def clear() -> None:
    """Forget the decoded snapshots of this process (tests)."""
    with _lock:
        _decoded.clear()


def _delete(keys: list[str]) -> None:
    client = _redis()
    if client is None:
        return
    try:
        client.delete(*keys)
    except (redis.RedisError, OSError) as exc:
        logger.warning("Could not tell the readers of %s that they changed: %s", keys, exc)


def _mark(client: redis.Redis, keys: list[str], marker: bytes) -> bool:
    try:
        with client.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.set(key, marker, ex=MARK_TTL_S)
            pipe.execute()
        return True
    except (redis.RedisError, OSError) as exc:
        logger.warning("Could not mark %s as changing for their readers: %s", keys, exc)
        return False


def _encode(game: Game, players: list[SeatRow]) -> bytes:
    """The rows as ``rows.game_with_seats`` reads them, and what each person's seat sees (what the
    players the change's announcement tells ask for next), as JSON. The layout's number and the
    names of the game's fields and the seats' travel with their values, so that a snapshot written
    by another release (a field added or gone) is recognised and left aside."""
    engine = get_engine(game.game_slug)
    snapshot = {
        "format": FORMAT,
        "game": {name: getattr(game, name) for name in rows.reader_fields()},
        "seats": [{name: getattr(p, name) for name in sorted(_SEAT_FIELDS)} for p in players],
        "shown": [
            [p.seat, *_parts(view_cache.seat_view(engine, game, p.seat))] for p in players if p.user_id and not p.is_bot
        ],
    }
    return json.dumps(snapshot, default=_datetime_text, separators=(",", ":")).encode()


def _datetime_text(value: object) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} does not go into a read snapshot")


def _decode(game_id: int, raw: bytes) -> Found | None:
    """The snapshot's rows (its views put into ``view_cache``), or None for one this code cannot read."""
    with _lock:
        kept = _decoded.get(game_id)
    if kept is not None and kept[0] == raw:
        return kept[1]
    try:
        snapshot = json.loads(raw)
        if snapshot["format"] != FORMAT:
            raise ValueError(f"the snapshot's layout is {snapshot['format']}")
        names = tuple(snapshot["game"])
        if names != rows.reader_fields():
            raise ValueError(f"the game's fields were {names}")
        values = [_when(value) if name in _game_datetimes() else value for name, value in snapshot["game"].items()]
        game = Game.from_db(connection.alias, list(names), values)
        found = (game, [_seat(seat) for seat in snapshot["seats"]])
        kept_views = [
            (seat, _shown(to_act, view, moves, result)) for seat, to_act, view, moves, result in snapshot["shown"]
        ]
    except Exception as exc:  # noqa: BLE001 - whatever another release wrote: the database answers instead
        logger.warning("Leaving aside the snapshot of game %s: %r", game_id, exc)
        return None
    for seat, entry in kept_views:
        view_cache.put(game.pk, game.version, game.updated_at, seat, entry)
    with _lock:
        _decoded[game_id] = (raw, found)
        while len(_decoded) > MAX_DECODED:
            del _decoded[next(iter(_decoded))]
    return found


def _when(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


@cache
def _game_datetimes() -> frozenset[str]:
    return frozenset(f.attname for f in Game._meta.concrete_fields if f.get_internal_type() == "DateTimeField")


@cache
def _seat_datetimes() -> frozenset[str]:
    hints = get_type_hints(SeatRow)
    return frozenset(name for name in _SEAT_FIELDS if datetime in getattr(hints[name], "__args__", (hints[name],)))


def _seat(values: dict[str, Any]) -> SeatRow:
    if set(values) != _SEAT_FIELDS:
        raise ValueError(f"the seat's fields were {sorted(values)}")
    read: dict[str, Any] = {
        name: _when(value) if name in _seat_datetimes() else value for name, value in values.items()
    }
    seat = SeatRow(**read)
    seat.mark_stored()
    return seat


def _parts(shown: view_cache.Shown) -> tuple[tuple[int, ...], str, str, str]:
    return shown.to_act, str(shown.view), str(shown.legal_moves), str(shown.result)


def _shown(to_act: tuple[int, ...], view: str, legal_moves: str, result: str) -> view_cache.Shown:
    return view_cache.Shown(tuple(to_act), JSONText(view), JSONText(legal_moves), JSONText(result))


def _key(game_id: int) -> str:
    return f"{settings.READ_SNAPSHOT_PREFIX}{game_id}"


def _redis() -> redis.Redis | None:
    global _client, _client_url, _replace_own_mark
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return None
    if _client is None or _client_url != url:
        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        _replace_own_mark = client.register_script(_REPLACE_OWN_MARK)
        _client = client
        _client_url = url
    return _client
