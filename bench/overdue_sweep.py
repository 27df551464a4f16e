"""Time the timeout sweep: 100,000 seats waiting for a move (in two-player games), 10,000 of them overdue.

Runs in a throwaway database (PostgreSQL when it answers on 127.0.0.1, as the
tests do), bulk-inserts users, games and seats, then:

- finds the first batch of overdue seats through the partial deadline index
  (and shows the plan), and
- sweeps every overdue seat as the beat task does: it shares the seats out in
  chunks, and ``--workers`` threads (each with its own connection, as Celery
  workers would be) apply them: the timeout move, the log line, and the
  after-commit work (notices and emails to both players, the next player's
  turn), counting the SQL statements; then sweeps again to show a rerun is free.

    .venv/bin/python bench/overdue_sweep.py [--seats 100000] [--overdue 10000] [--workers 4]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
os.environ["REDIS_URL"] = ""  # in-memory channel layer: the figures are the database's and the sweep's

from common import record, throwaway_database  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seats", type=int, default=100_000, help="seats waiting for a move (one per game)")
    parser.add_argument("--overdue", type=int, default=10_000)
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()

    import django

    django.setup()
    from games.rules.base import registry
    from tests.support.toy_engine import ToyEngine

    registry.register(ToyEngine())
    with throwaway_database("bench_overdue_sweep") as vendor:
        figures = run(args)
    figures["database"] = vendor
    print(f"database: {vendor}, cores: {os.cpu_count()}")
    for key, value in figures.items():
        if key != "plan":
            print(f"{key}: {value}")
    record("overdue_sweep", figures)


class Counter:
    def __init__(self):
        self.n = 0
        self.lock = threading.Lock()

    def __call__(self, execute, sql, params, many, context):
        with self.lock:
            self.n += 1
        return execute(sql, params, many, context)


def sweep_with_workers(now, workers: int, counter: Counter) -> int:
    """The beat task's dispatch, with ``workers`` threads taking chunks off a queue."""
    import queue

    from django.db import connection, connections

    from games.services import timeouts

    chunks: queue.Queue = queue.Queue()
    with connection.execute_wrapper(counter):
        timeouts.dispatch(chunks.put, now)
    applied = []

    def worker():
        try:
            with connections["default"].execute_wrapper(counter):
                while True:
                    try:
                        chunk = chunks.get_nowait()
                    except queue.Empty:
                        return
                    applied.append(timeouts.apply_many(chunk, now))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(applied)


def run(args) -> dict:
    from django.contrib.auth import get_user_model
    from django.core import mail
    from django.db import connection
    from django.utils import timezone

    from games.models import Game, Move, Player
    from games.rules.base import registry
    from games.services import timeouts
    from notifications.models import Notice

    rng = random.Random(args.seed)
    User = get_user_model()
    engine = registry.get("toy")
    now = timezone.now()
    t0 = time.perf_counter()
    User.objects.bulk_create(
        [
            User(
                username=f"bench{i}",
                email=f"bench{i}@example.org",
                language=rng.choice("ee d".split()) == "d" and "de" or "en",
            )
            for i in range(args.users)
        ],
        batch_size=5000,
    )
    user_ids = list(User.objects.values_list("pk", flat=True))
    overdue_games = set(rng.sample(range(args.seats), args.overdue))
    for first in range(0, args.seats, 10_000):
        n = min(10_000, args.seats - first)
        games = Game.objects.bulk_create(
            [
                Game(
                    game_slug="toy",
                    options={"target": "21", "sudden_death": False},
                    seed=first + i,
                    state=engine.setup(2, {"target": "21"}, first + i),
                    status=Game.Status.ACTIVE,
                )
                for i in range(n)
            ],
            batch_size=5000,
        )
        players = []
        for i, game in enumerate(games):
            a, b = rng.sample(user_ids, 2)
            if first + i in overdue_games:
                deadline = now - timedelta(seconds=rng.randint(1, 3600))
            else:
                deadline = now + timedelta(seconds=rng.randint(60, 3 * 86400))
            players.append(
                Player(
                    game=game,
                    seat=0,
                    user_id=a,
                    must_act=True,
                    deadline=deadline,
                    turn_started_at=deadline - timedelta(days=3),
                )
            )
            players.append(Player(game=game, seat=1, user_id=b))
        Player.objects.bulk_create(players, batch_size=10_000)
    setup_s = time.perf_counter() - t0
    plan = ""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
            sql, params = (
                Player.objects.filter(must_act=True, deadline__lte=now)
                .order_by("deadline", "pk")
                .values_list("id", "deadline", "game_id")[: timeouts.SWEEP_BATCH]
                .query.sql_with_params()
            )
            cursor.execute("EXPLAIN " + sql, params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
        print(plan)

    t0 = time.perf_counter()
    first_batch = timeouts.overdue(now)
    find_ms = (time.perf_counter() - t0) * 1000

    counter = Counter()
    mail.outbox = []
    t0 = time.perf_counter()
    applied = sweep_with_workers(now, args.workers, counter)
    sweep_s = time.perf_counter() - t0
    rerun = Counter()
    t0 = time.perf_counter()
    with connection.execute_wrapper(rerun):
        again = timeouts.sweep(now)
    rerun_ms = (time.perf_counter() - t0) * 1000
    assert applied == args.overdue and again == 0, (applied, again)
    assert Move.objects.count() == args.overdue

    return {
        "active_seats": args.seats * 2,
        "waiting_seats": args.seats,
        "overdue_seats": args.overdue,
        "setup_s": round(setup_s, 1),
        "find_first_batch_ms": round(find_ms, 2),
        "batch": len(first_batch),
        "uses_deadline_index": "player_deadline_idx" in plan if plan else None,
        "workers": args.workers,
        "sweep_s": round(sweep_s, 2),
        "timeouts_per_s": round(applied / sweep_s),
        "queries": counter.n,
        "queries_per_timeout": round(counter.n / applied, 1),
        "emails_sent": len(mail.outbox),
        "notices": Notice.objects.count(),
        "rerun_ms": round(rerun_ms, 2),
        "rerun_queries": rerun.n,
        "plan": plan.splitlines()[:6],
    }


if __name__ == "__main__":
    main()
