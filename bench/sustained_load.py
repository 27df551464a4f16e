"""Sustained load from a second process: moves and view reads on many games at once.

The Procfile's web process serves config.asgi (DEBUG off, PostgreSQL, Redis);
this process drives it over loopback at a fixed request rate (open loop: a
request is started on schedule whether or not earlier ones have answered),
20% moves and 80% reads of a player's view, spread over many games. Moves are
chosen from a local replica of each game; some are sent with a version known
to be stale, some are retries of a move that already landed, and moves on the
same game race each other whenever they overlap. The same load runs for a
warm-up period first, whose latencies are reported apart.

Checked after the run, from the database: every acknowledged move is stored
exactly once under the sequence number it was acknowledged with, nothing else
is stored, every game's stored state equals the replay of its acknowledged
moves, every stale version was answered 409 and every retry 200 with the
original sequence number, and no request failed.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import random
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from common import record, summary_ms
from server import CpuMeter, make_players, prepare, web_server


class Replica:
    def __init__(self, engine, game, tokens: dict[int, str]):
        self.engine, self.id = engine, game.pk
        self.token_of_seat = {p.seat: tokens[p.user_id] for p in game.players.all()}
        self.state = type(game).objects.get(pk=game.pk).state
        self.version = 0
        self.acknowledged: list[tuple[int, str, dict]] = []  # (seq, move id, move)
        self.seat_of_seq: dict[int, int] = {}
        self.in_flight: Counter = Counter()  # fresh moves under way, by version
        self.contested: set[int] = set()  # versions two fresh moves were sent for at once
        # A move cancelled while under way (a run's end) may have landed unseen: from then on this
        # replica may lag behind the server, and a 409 at "its" current version proves nothing.
        self.uncertain = False

    def over(self) -> bool:
        return self.engine.is_over(self.state)


class Load:
    def __init__(self, base: str, games: list[Replica], seed: int):
        self.base, self.games, self.rng = base, games, random.Random(seed)
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.statuses: Counter = Counter()
        self.problems: list[str] = []
        self.moves_landed = 0
        self.unfinished = 0
        self.drain = 0.0

    def _headers(self, token: str) -> dict:
        return {"Authorization": f"Token {token}", "Accept": "application/json"}

    async def read(self, session, game: Replica) -> None:
        seat = self.rng.choice(list(game.token_of_seat))
        known = game.version
        t0 = time.perf_counter()
        async with session.get(
            f"{self.base}/api/games/{game.id}/", headers=self._headers(game.token_of_seat[seat])
        ) as response:
            body = await response.read()
        self.latency["read"].append(time.perf_counter() - t0)
        self.statuses[("read", response.status)] += 1
        if response.status != 200:
            self.problems.append(f"read game {game.id}: {response.status} {body[:200]!r}")
        elif json.loads(body)["version"] < known:
            self.problems.append(f"read game {game.id}: version went back below {known}")

    async def move(self, session, game: Replica) -> None:
        kind = self.rng.random()
        if kind < 0.05 and game.version > 0:
            await self._stale(session, game)
        elif kind < 0.08 and game.acknowledged:
            await self._retry(session, game)
        else:
            await self._fresh(session, game)

    async def _post(self, session, game: Replica, seat: int, body: dict, label: str):
        t0 = time.perf_counter()
        async with session.post(
            f"{self.base}/api/games/{game.id}/moves/", json=body, headers=self._headers(game.token_of_seat[seat])
        ) as response:
            payload = await response.read()
        self.latency["move"].append(time.perf_counter() - t0)
        self.statuses[(label, response.status)] += 1
        return response.status, payload

    async def _fresh(self, session, game: Replica) -> None:
        if game.over():
            return
        version, state = game.version, game.state
        seat = game.engine.to_act(state)[0]
        move = self.rng.choice(game.engine.legal_moves(state, seat))
        move_id = str(uuid.uuid4())
        if game.in_flight[version]:
            game.contested.add(version)
        game.in_flight[version] += 1
        try:
            status, payload = await self._post(
                session, game, seat, {"move": move, "version": version, "move_id": move_id}, "move"
            )
        except asyncio.CancelledError:
            game.uncertain = True
            raise
        finally:
            game.in_flight[version] -= 1
        if status == 201:
            seq = json.loads(payload)["seq"]
            if seq != version + 1 or game.version != version:
                self.problems.append(
                    f"game {game.id}: move acknowledged as {seq} on version {version}, replica at {game.version}"
                )
                return
            game.state, _ = game.engine.apply(copy.deepcopy(state), seat, move)
            game.version = seq
            game.acknowledged.append((seq, move_id, move))
            game.seat_of_seq[seq] = seat
            self.moves_landed += 1
        elif status == 409:
            # Right only when another move for the same version raced this one.
            if game.version == version and version not in game.contested and not game.uncertain:
                self.problems.append(f"game {game.id}: 409 at the current version {version}")
        else:
            self.problems.append(f"game {game.id}: move answered {status} {payload[:200]!r}")

    async def _stale(self, session, game: Replica) -> None:
        seat = next(iter(game.token_of_seat))
        status, payload = await self._post(
            session,
            game,
            seat,
            {"move": {"type": "pass"}, "version": game.version - 1, "move_id": str(uuid.uuid4())},
            "stale",
        )
        if status != 409:
            self.problems.append(f"game {game.id}: stale version answered {status} {payload[:200]!r}")

    async def _retry(self, session, game: Replica) -> None:
        seq, move_id, move = self.rng.choice(game.acknowledged)
        status, payload = await self._post(
            session, game, game.seat_of_seq[seq], {"move": move, "version": seq - 1, "move_id": move_id}, "retry"
        )
        if status != 200 or json.loads(payload)["seq"] != seq:
            self.problems.append(f"game {game.id}: retry of move {seq} answered {status} {payload[:200]!r}")

    async def run(self, rate: float, seconds: float, move_share: float, connections: int) -> float:
        import aiohttp

        connector = aiohttp.TCPConnector(limit=connections)
        async with aiohttp.ClientSession(connector=connector) as session:
            tasks = set()
            started = time.perf_counter()
            n = 0
            while (now := time.perf_counter()) - started < seconds:
                due = started + n / rate
                if due > now:
                    await asyncio.sleep(due - now)
                game = self.rng.choice(self.games)
                work = self.move(session, game) if self.rng.random() < move_share else self.read(session, game)
                task = asyncio.create_task(work)
                tasks.add(task)
                task.add_done_callback(tasks.discard)
                n += 1
            offered = time.perf_counter() - started
            # Requests still queued or under way get a bounded time to finish; the rest count as unfinished.
            if tasks:
                _done, pending = await asyncio.wait(tasks, timeout=max(30.0, seconds))
                for task in pending:
                    task.cancel()
                self.unfinished = len(pending)
            self.drain = time.perf_counter() - started - offered
            return time.perf_counter() - started


def verify(games: list[Replica], cancelled: bool = False) -> list[str]:
    """Compare the database with the acknowledged moves. A request cancelled while under way may
    have landed without its answer being read; with cancelled requests, one extra stored move per
    game is allowed past the acknowledged ones (and counted)."""
    from games.models import Game, Move

    problems = []
    stored = defaultdict(list)
    for game_id, seq, client_id, payload in (
        Move.objects.filter(game_id__in=[g.id for g in games])
        .values_list("game_id", "seq", "client_id", "payload")
        .order_by("game_id", "seq")
    ):
        stored[game_id].append((seq, str(client_id), payload))
    states = dict(Game.objects.filter(pk__in=[g.id for g in games]).values_list("pk", "state"))
    versions = dict(Game.objects.filter(pk__in=[g.id for g in games]).values_list("pk", "version"))
    for g in games:
        if (
            cancelled
            and stored[g.id][: len(g.acknowledged)] == g.acknowledged
            and len(stored[g.id]) == len(g.acknowledged) + 1
        ):
            continue
        if stored[g.id] != g.acknowledged:
            problems.append(
                f"game {g.id}: {len(stored[g.id])} stored moves differ from {len(g.acknowledged)} acknowledged"
            )
        if versions[g.id] != g.version or states[g.id] != g.state:
            problems.append(f"game {g.id}: stored state/version differ from the replay of acknowledged moves")
    return problems


@contextmanager
def attached(base: str, pid: int) -> Iterator[tuple[str, int]]:
    yield base, pid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rate", type=float, default=750, help="requests per second (moves and reads)")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--move-share", type=float, default=0.2)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--warmup", type=float, default=10, help="seconds of the same load before the measured run")
    parser.add_argument(
        "--label", default="", help="store the figures under <benchmark>/<label> beside the default run"
    )
    parser.add_argument(
        "--attach",
        default="",
        metavar="URL",
        help="load a server already running on the database set up by the calling benchmark "
        "(bench/ws_push.py --with-load) instead of starting one",
    )
    parser.add_argument("--attach-pid", type=int, default=0, help="that server's process, for its CPU time")
    args = parser.parse_args()
    if args.attach:
        import django

        django.setup()
        env = {}
    else:
        env = prepare()
    from games.rules.registry import load_engines
    from games.services.tables import start_seated_game

    engines = load_engines().all()
    seats = [max(engines[i % len(engines)].min_players, 2) for i in range(args.games)]
    players = make_players(sum(seats), prefix="load" if args.attach else "bench")
    tokens = {u.pk: t for u, t in players}
    games, taken = [], 0
    for i, count in enumerate(seats):
        engine = engines[i % len(engines)]
        users = [u for u, _ in players[taken : taken + count]]
        taken += count
        games.append(Replica(engine, start_seated_game(engine.slug, users, {}, seed=10_000 + i), tokens))
    load = Load("", games, seed=3)
    with attached(args.attach, args.attach_pid) if args.attach else web_server(env) as (base, pid):
        load.base = base
        # A server that has just started fills its connection pools, prepares its statements and caches
        # every player's token as requests first come in; measured from a cold start, that backlog took
        # the first 4-5 seconds. The same load runs for --warmup seconds first and is reported apart.
        asyncio.run(load.run(args.rate, args.warmup, args.move_share, args.connections))
        warmup = {"seconds": args.warmup, "all": summary_ms(load.latency["move"] + load.latency["read"])}
        load.latency.clear()
        load.statuses.clear()
        load.moves_landed = 0
        print("measuring", flush=True)  # bench/ws_push.py --with-load starts its moves now
        cpu = CpuMeter(pid)
        cpu.start()
        own_cpu = time.process_time()
        elapsed = asyncio.run(load.run(args.rate, args.seconds, args.move_share, args.connections))
        answered = sum(load.statuses.values())
        cpu_figures = cpu.stop(answered)
        # This process shares the cores with the server: its own cost per request is part of the budget.
        own_cpu = time.process_time() - own_cpu
        cpu_figures["load_generator_cpu_ms_per_request"] = round(own_cpu * 1000 / max(answered, 1), 2)
    problems = load.problems + verify(games, cancelled=load.unfinished > 0)
    statuses = {f"{kind} {status}": n for (kind, status), n in sorted(load.statuses.items())}
    all_requests = load.latency["move"] + load.latency["read"]
    record(
        "sustained_load" + (f"/{args.label}" if args.label else ""),
        {
            "target_moves_per_s": 150,
            "target_p99_ms": 100.0,
            "offered_requests_per_s": args.rate,
            "move_share": args.move_share,
            "games": args.games,
            "seconds": round(elapsed, 1),
            "seconds_draining_after_offer": round(load.drain, 1),
            "requests_unfinished": load.unfinished,
            "moves_landed_per_s": round(load.moves_landed / elapsed, 1),
            # Every move request answered (fresh, stale and retried: the 20% of the offer), stored or not.
            "move_requests_per_s": round(len(load.latency["move"]) / elapsed, 1),
            "requests_per_s": round(len(all_requests) / elapsed, 1),
            "all": summary_ms(all_requests),
            "moves": summary_ms(load.latency["move"]),
            "reads": summary_ms(load.latency["read"]),
            "statuses": statuses,
            "warmup": warmup,
            **cpu_figures,
            "checks": "passed" if not problems else f"{len(problems)} problems",
            "problems": problems[:20],
        },
    )


if __name__ == "__main__":
    main()
