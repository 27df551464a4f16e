"""CPU of the outbox work a move does: recording its entry and handing it to Celery, side by side.

- the entry's insert: ``plumbing.plain_sql``'s beside ``OutboxEntry.objects.create``, both in
  one transaction that is rolled back;
- the hand-over (one ``plumbing.tasks.run_entry`` task message to Redis, nothing consuming it):
  ``outbox.hand_over`` through plumbing/broker.py's transport beside a plain ``apply_async`` through
  kombu's own Redis transport. Each runs in a process of its own (the broker connection is made once
  per process), in alternating turns, and the median of the turns is given.

CPU microseconds per call (the process's user plus system time, not wall time). Uses the bench
database and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL; both are recreated).

    .venv/bin/python bench/outbox_record.py [--calls 2000] [--turns 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from common import ROOT, record
from server import prepare

# kombu: a plain apply_async through kombu's transport; plumbing.broker: outbox.hand_over through ours.
TRANSPORTS = {"kombu": "redis", "plumbing.broker": "plumbing.broker:Transport"}


def cpu_per_call(fn: Callable[[int], object], calls: int) -> float:
    for i in range(50):
        fn(i)
    start = time.process_time()
    for i in range(calls):
        fn(i)
    return round((time.process_time() - start) * 1e6 / calls, 1)


def hand_over_turn(transport: str, calls: int) -> float:
    """In a process of its own: CPU per hand-over through ``transport``."""
    from plumbing import broker, outbox
    from plumbing.tasks import run_entry

    run_entry.app.conf.broker_transport = TRANSPORTS[transport]  # before the first connection is made
    if transport == "kombu":
        us = cpu_per_call(lambda i: run_entry.apply_async(args=[i], countdown=None, retry=False), calls)
    else:
        us = cpu_per_call(lambda i: outbox.hand_over([i]), calls)
    with run_entry.app.connection_for_write() as connection:  # the transport was the one meant
        assert isinstance(connection.default_channel, broker.Channel) == (transport == "plumbing.broker")
    return us


def insert_turn(calls: int) -> dict[str, float]:
    from django.db import transaction
    from django.utils import timezone

    from plumbing import plain_sql
    from plumbing.models import OutboxEntry

    payload = {"game_id": 1, "version": 3, "turns": [1], "ended": [0], "finished": False, "announcements": []}

    def orm(i: int) -> None:
        now = timezone.now()
        OutboxEntry.objects.create(kind="games.follow_up", payload=payload, ref="game:1", due_at=now)

    def plain(i: int) -> None:
        now = timezone.now()
        plain_sql.insert(OutboxEntry(kind="games.follow_up", payload=payload, ref="game:1", created_at=now, due_at=now))

    figures: dict[str, list[float]] = {"orm_create_us": [], "plain_sql_us": []}
    with transaction.atomic():
        for _ in range(3):
            figures["orm_create_us"].append(cpu_per_call(orm, calls))
            figures["plain_sql_us"].append(cpu_per_call(plain, calls))
        transaction.set_rollback(True)
    return {k: statistics.median(v) for k, v in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--hand-over-turn", choices=sorted(TRANSPORTS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hand_over_turn:
        import django

        django.setup()  # the parent prepared the database and the environment
        print(json.dumps(hand_over_turn(args.hand_over_turn, args.calls)))
        return
    prepare()
    inserts = insert_turn(args.calls)
    hand_overs: dict[str, list[float]] = {name: [] for name in TRANSPORTS}
    for turn in range(args.turns):
        for name in sorted(TRANSPORTS, reverse=bool(turn % 2)):
            out = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--hand-over-turn", name, "--calls", str(args.calls)],
                cwd=ROOT / "bench",
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            hand_overs[name].append(json.loads(out.strip().splitlines()[-1]))
    record(
        "outbox_record",
        {
            "calls": args.calls,
            "entry_insert": inserts,
            "hand_over_us": {name: statistics.median(v) for name, v in hand_overs.items()},
            "hand_over_turns_us": hand_overs,
        },
    )


if __name__ == "__main__":
    main()
