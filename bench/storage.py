"""Storage per game, measured by PostgreSQL itself: the game row, the stored moves, the seats.

For every registered engine, every player count it allows and two option sets
(the base game and the richest combination the engine accepts, e.g. expansion
and modules on), seeded random full games are played through the service that
stores moves (games.services.moves.submit_move) on a fresh PostgreSQL database.
Then, per game:

- the game row: pg_column_size of the whole row and of its state; this is the
  size PostgreSQL keeps, i.e. after TOAST compression (a row over about 2 KiB has
  its large JSON compressed, and moved out of line if still too big). The
  uncompressed state is shown beside it;
- the stored moves: count, and bytes per move = the sum of pg_column_size of the
  move rows / moves, with the share of payload and of the events log;
- the seats: the sum of pg_column_size of the game's player rows.

The row is also sampled while the game runs (every --sample-every moves), since
a state can be larger mid-game than at the end. The baseline, measured in the
same run, is a minimal row of the same tables (an empty state, an empty move,
one seat): the fixed overhead every row pays. Finally the tables are vacuumed
and their heap and TOAST sizes are given per game and per move (and the moves' indexes).

Uses its own database (dropped and created): BENCH_STORAGE_DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/bench_storage; Redis: BENCH_STORAGE_REDIS_URL
(db 11) as the task broker; nothing consumes what the moves queue there, and it is
flushed. The after-move announcements are not sent (no channel layer): they store nothing.

    .venv/bin/python bench/storage.py [--games 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import time
import uuid

from common import percentile, record
from server import flush_redis, make_players, prepare

DATABASE_URL = os.environ.get("BENCH_STORAGE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_storage")
REDIS_URL = os.environ.get("BENCH_STORAGE_REDIS_URL", "redis://127.0.0.1:6379/11")

TARGET_ROW_BYTES = 8192
TARGET_MOVE_BYTES = 200


def option_sets(engine, players: int) -> dict[str, dict]:
    """ "base": the defaults (or, where a player count needs it, the defaults plus the first yes/no
    option that makes it playable); "richest": the valid combination with the most yes/no options on,
    choices left at their defaults where the rules allow."""
    from games.rules.base import InvalidOptions

    def valid(options: dict) -> dict | None:
        try:
            return engine.normalize_options(players, options)
        except InvalidOptions:
            return None

    defaults = engine.default_options()
    base = valid({})
    for option in (o for o in engine.options if o.kind == "bool" and base is None):
        base = valid({option.name: True})
    space = [[c[0] for c in o.choices] if o.kind == "choice" else [False, True] for o in engine.options]
    candidates = [o for o in (valid(dict(zip(defaults, combo))) for combo in itertools.product(*space)) if o]
    out = {"base": base} if base is not None else {}
    if candidates:
        richest = max(
            candidates, key=lambda o: (sum(v is True for v in o.values()), sum(v == defaults[k] for k, v in o.items()))
        )
        if richest != base:
            out["richest"] = richest
    return out


def play(engine, users: list, players: int, options: dict, seed: int, sample_every: int) -> tuple[int, int]:
    """One seeded random full game through submit_move; returns (game id, the largest row seen while playing)."""
    from django.db import connection

    from games.models import Game
    from games.services.moves import submit_move
    from games.services.tables import start_seated_game

    game = start_seated_game(engine.slug, users[:players], options, seed=seed, rated=False)
    by_seat = {p.seat: p.user for p in game.players.select_related("user")}
    rng = random.Random(seed)
    peak = 0
    with connection.cursor() as cursor:
        while game.status == Game.Status.ACTIVE:
            if game.version % sample_every == 0:
                cursor.execute("SELECT pg_column_size(g.*) FROM games_game g WHERE g.id = %s", [game.pk])
                peak = max(peak, cursor.fetchone()[0])
            seat = rng.choice(engine.to_act(game.state))
            move = rng.choice(engine.legal_moves(game.state, seat))
            # A move id with every move, as the site's client sends (stored in the row's client_id).
            move_id = uuid.UUID(int=rng.getrandbits(128), version=4)
            game = submit_move(game.pk, by_seat[seat], move, version=game.version, move_id=move_id, seat=seat).game
    return game.pk, peak


GAME_SQL = """
SELECT g.id, pg_column_size(g.*), pg_column_size(g.state), pg_column_size(g.state::text::jsonb),
       pg_column_compression(g.state) IS NOT NULL, coalesce(pg_column_size(g.result), 0)
FROM games_game g WHERE g.id = ANY(%s)"""
MOVES_SQL = """
SELECT m.game_id, count(*), sum(pg_column_size(m.*)), sum(pg_column_size(m.payload)),
       sum(pg_column_size(m.events)), sum(json_array_length(m.events::json)), max(pg_column_size(m.*))
FROM games_move m WHERE m.game_id = ANY(%s) GROUP BY m.game_id"""
PLAYERS_SQL = """
SELECT p.game_id, sum(pg_column_size(p.*)) FROM games_player p WHERE p.game_id = ANY(%s) GROUP BY p.game_id"""
# Which log lines make the events column large: bytes per template over all the given games.
EVENT_SQL = """
SELECT e->>'msg', count(*), sum(pg_column_size(e))
FROM games_move m, json_array_elements(m.events::json) e WHERE m.game_id = ANY(%s)
GROUP BY 1 ORDER BY 3 DESC LIMIT %s"""
# Which top-level keys of the state take the room (uncompressed), over the games' final states.
STATE_KEYS_SQL = """
SELECT k, round(avg(pg_column_size(v))) FROM games_game g, jsonb_each(g.state) AS s(k, v)
WHERE g.id = ANY(%s) GROUP BY k ORDER BY 2 DESC LIMIT %s"""


def measure(ids: list[int], peaks: list[int]) -> dict:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(GAME_SQL, [ids])
        rows = {r[0]: r[1:] for r in cursor.fetchall()}
        cursor.execute(MOVES_SQL, [ids])
        moves = {r[0]: r[1:] for r in cursor.fetchall()}
        cursor.execute(PLAYERS_SQL, [ids])
        seats = {r[0]: r[1] for r in cursor.fetchall()}
        cursor.execute(EVENT_SQL, [ids, 3])
        top_events = [
            {"msg": m, "per_game": round(n / len(ids), 1), "bytes_each": round(b / n)} for m, n, b in cursor.fetchall()
        ]
        cursor.execute(STATE_KEYS_SQL, [ids, 4])
        state_keys = {k: int(v) for k, v in cursor.fetchall()}
    row = [rows[i][0] for i in ids]
    per_move = [moves[i][1] / moves[i][0] for i in ids]
    count = sum(moves[i][0] for i in ids)
    total = sum(moves[i][1] for i in ids)
    payload = sum(moves[i][2] for i in ids)
    events = sum(moves[i][3] for i in ids)
    return {
        "games": len(ids),
        "moves_per_game_p50": percentile([moves[i][0] for i in ids], 50),
        "row_bytes_p50": percentile(row, 50),
        "row_bytes_max": max(row),
        "row_bytes_max_while_playing": max(peaks + row),
        "state_bytes_p50": percentile([rows[i][1] for i in ids], 50),
        "state_uncompressed_bytes_p50": percentile([rows[i][2] for i in ids], 50),
        "state_compressed_share": round(sum(rows[i][3] for i in ids) / len(ids), 2),
        "result_bytes_p50": percentile([rows[i][4] for i in ids], 50),
        "move_bytes_p50": round(percentile(per_move, 50), 1),
        "move_bytes_max": round(max(per_move), 1),
        "largest_move_row": max(moves[i][5] for i in ids),
        "payload_share": round(payload / total, 3),
        "events_share": round(events / total, 3),
        "events_per_move": round(sum(moves[i][4] for i in ids) / count, 2),
        "players_bytes_per_game_p50": percentile([seats[i] for i in ids], 50),
        "row_met": max(peaks + row) <= TARGET_ROW_BYTES,
        "move_met": max(per_move) <= TARGET_MOVE_BYTES,
        "largest_events": top_events,
        "largest_state_keys_uncompressed": state_keys,
    }


def baseline(user) -> dict:
    """A minimal row of each table: an empty state and options, an empty move (with a move id, as the
    played moves have), one seat."""
    from django.db import connection

    from games.models import Game, Move, Player

    game = Game.objects.create(game_slug="baseline", options={}, seed=0, state={}, rated=False)
    Move.objects.create(game=game, seq=1, seat=0, payload={}, events=[], client_id=uuid.UUID(int=1, version=4))
    Player.objects.create(game=game, seat=0, user=user)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (SELECT pg_column_size(g.*) FROM games_game g WHERE g.id = %s),"
            " (SELECT pg_column_size(m.*) FROM games_move m WHERE m.game_id = %s),"
            " (SELECT pg_column_size(p.*) FROM games_player p WHERE p.game_id = %s)",
            [game.pk] * 3,
        )
        game_row, move_row, player_row = cursor.fetchone()
    game.delete()
    return {"empty_game_row_bytes": game_row, "empty_move_row_bytes": move_row, "player_row_bytes": player_row}


def disk(games: int, moves: int) -> dict:
    """Heap and TOAST pages of the three tables after VACUUM FULL, per game and per move, and the moves'
    indexes per move (the other tables hold too few rows here for their indexes' size to say anything)."""
    from django.db import connection

    out = {}
    with connection.cursor() as cursor:
        for table, per in (("games_game", games), ("games_move", moves), ("games_player", games)):
            cursor.execute(f"VACUUM FULL {table}")
            cursor.execute(
                "SELECT pg_relation_size(c.oid), coalesce(pg_relation_size(NULLIF(c.reltoastrelid, 0)), 0),"
                " pg_indexes_size(c.oid) FROM pg_class c WHERE c.oid = %s::regclass",
                [table],
            )
            heap, toast, indexes = cursor.fetchone()
            unit = "move" if table == "games_move" else "game"
            out[table] = {f"heap_bytes_per_{unit}": round(heap / per), f"toast_bytes_per_{unit}": round(toast / per)}
            if unit == "move":
                out[table]["index_bytes_per_move"] = round(indexes / per)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="per engine, player count and option set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample-every", type=int, default=10, help="moves between samples of the row while playing")
    args = parser.parse_args()
    prepare(DATABASE_URL, REDIS_URL)
    from django.conf import settings

    from games.rules.registry import load_engines

    # No channel layer: the announcements after each move carry only a version and store nothing, and
    # sending them would take most of the run's time.
    settings.CHANNEL_LAYERS = {}

    started = time.perf_counter()
    users = [u for u, _token in make_players(8, prefix="storage")]
    figures: dict = {
        "target_row_bytes": TARGET_ROW_BYTES,
        "target_move_bytes": TARGET_MOVE_BYTES,
        "cores": os.cpu_count(),
        "baseline": baseline(users[0]),
    }
    all_ids: list[int] = []
    for engine in load_engines().all():
        for players in range(engine.min_players, engine.max_players + 1):
            for label, options in option_sets(engine, players).items():
                played = [
                    play(engine, users, players, options, args.seed * 1000 + g, args.sample_every)
                    for g in range(args.games)
                ]
                ids = [i for i, _peak in played]
                all_ids += ids
                key = f"{engine.slug}/{players}p/{label}"
                figures[key] = measure(ids, [peak for _i, peak in played])
                changed = {k: v for k, v in options.items() if v != engine.default_options().get(k)}
                if changed:
                    figures[key]["options"] = changed
                print(f"{key}: {time.perf_counter() - started:.0f} s", flush=True)
    from games.models import Move

    figures["disk_after_vacuum"] = disk(len(all_ids), Move.objects.filter(game_id__in=all_ids).count())
    figures["seconds"] = round(time.perf_counter() - started, 1)
    flush_redis(REDIS_URL)
    print_table(figures)
    record("storage", figures)


def print_table(figures: dict) -> None:
    print(f"\ncores: {figures['cores']}  baseline: {figures['baseline']}")
    print(
        f"{'game':40} {'moves':>6} {'row p50':>8} {'row max':>8} {'peak':>6} {'state raw':>9} "
        f"{'B/move p50':>10} {'max':>6} {'events':>6} {'seats':>6}  met"
    )
    for key, f in figures.items():
        if isinstance(f, dict) and "row_bytes_p50" in f:
            met = f"row {'yes' if f['row_met'] else 'NO'}, move {'yes' if f['move_met'] else 'NO'}"
            print(
                f"{key:40} {f['moves_per_game_p50']:>6} {f['row_bytes_p50']:>8} {f['row_bytes_max']:>8} "
                f"{f['row_bytes_max_while_playing']:>6} {f['state_uncompressed_bytes_p50']:>9} "
                f"{f['move_bytes_p50']:>10} {f['move_bytes_max']:>6} {f['events_share']:>6} "
                f"{f['players_bytes_per_game_p50']:>6}  {met}"
            )
    print()


if __name__ == "__main__":
    main()
