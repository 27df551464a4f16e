"""A game's move log with checkpoints, so that the state after any move is rebuilt quickly.

The state after step ``n`` (``n`` moves of the log, oldest first; step 0 is the set-up) is the
nearest checkpoint at or before ``n`` with fewer than ``EVERY`` moves applied to it. The record is
built once per version of the game (one replay from the seed) and kept in the cache and, for the
last few games, in this process; bench/replay_step.py measures it against replaying from the seed.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import asdict, dataclass, fields
from threading import Lock
from typing import Any

from django.core.cache import cache

from games.models import Game
from games.services.engines import get_engine

# A checkpoint every EVERY moves: at most EVERY - 1 moves are applied for a step.
EVERY = 20
# How many records this process keeps at hand (each a few hundred kilobytes for the longest games).
KEPT = 8
CACHE_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Record:
    """The moves of one version of a game and the states at every ``EVERY``-th step (as JSON text)."""

    seats: tuple[int, ...]
    payloads: tuple[dict[str, Any], ...]
    seqs: tuple[int, ...]
    events: tuple[list[dict[str, Any]], ...]
    checkpoints: tuple[str, ...]

    @property
    def last(self) -> int:
        """The number of the last step (the number of moves)."""
        return len(self.payloads)


_kept: OrderedDict[tuple, Record] = OrderedDict()
_lock = Lock()


def _key(game: Game) -> tuple:
    return (game.pk, game.version, game.updated_at.timestamp() if game.updated_at else 0)


def _cache_key(key: tuple) -> str:
    # "v2": the record's fields as JSON; the release before kept pickled records under "replay:".
    return "replay:v2:{}:{}:{}".format(*key)


def _cached(entry: Any) -> Record | None:
    """The record a cache entry describes; None for none, or one of other fields."""
    if not isinstance(entry, dict) or set(entry) != {f.name for f in fields(Record)}:
        return None
    return Record(**{name: tuple(values) for name, values in entry.items()})


def read_moves(game: Game) -> list[tuple[int, int, dict[str, Any], list[dict[str, Any]]]]:
    """The game's moves, oldest first: (seq, seat, payload, events)."""
    return list(game.moves.order_by("seq").values_list("seq", "seat", "payload", "events"))


def setup_state(game: Game) -> dict[str, Any]:
    return get_engine(game.game_slug).setup(game.players.count(), game.options, game.seed)


def build(game: Game) -> Record:
    """One replay from the seed, keeping every ``EVERY``-th state."""
    engine = get_engine(game.game_slug)
    moves = read_moves(game)
    state = setup_state(game)
    checkpoints = [json.dumps(state)]
    for number, (_seq, seat, payload, _events) in enumerate(moves, start=1):
        state, _ = engine.apply(state, seat, payload)
        if number % EVERY == 0:
            checkpoints.append(json.dumps(state))
    return Record(
        seats=tuple(m[1] for m in moves),
        payloads=tuple(m[2] for m in moves),
        seqs=tuple(m[0] for m in moves),
        events=tuple(m[3] for m in moves),
        checkpoints=tuple(checkpoints),
    )


def record_of(game: Game) -> Record:
    """The game's record for its current version: from this process, the cache, or built now."""
    key = _key(game)
    with _lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
            return found
    found = _cached(cache.get(_cache_key(key)))
    if found is None:
        found = build(game)
        cache.set(_cache_key(key), asdict(found), CACHE_SECONDS)
    with _lock:
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found


def state_at(game: Game, record: Record, step: int) -> dict[str, Any]:
    """The state after ``step`` moves (0 <= step <= record.last), from the nearest checkpoint."""
    engine = get_engine(game.game_slug)
    start = step // EVERY
    state = json.loads(record.checkpoints[start])
    for index in range(start * EVERY, step):
        state, _ = engine.apply(state, record.seats[index], record.payloads[index])
    return state


def state_from_seed(game: Game, step: int) -> dict[str, Any]:
    """The same state by replaying the log from the seed, without a record (the benchmark's baseline)."""
    engine = get_engine(game.game_slug)
    state = setup_state(game)
    for _seq, seat, payload, _events in read_moves(game)[:step]:
        state, _ = engine.apply(state, seat, payload)
    return state


def forget() -> None:
    """Drop the records this process keeps (tests; the cache keeps its own)."""
    with _lock:
        _kept.clear()
