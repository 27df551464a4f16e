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

Then, on the same server, the catalog (its trivial JSON endpoint, GET /api/catalog/) at the same
rate for ``--catalog-seconds``: the mixed request's server CPU against the catalog request's.

This process shares the cores with the server and the database, so its own
CPU per request (``load_generator_cpu_ms_per_request``) is taken from the
server's budget: it speaks HTTP through bench/http_client.py on uvloop, sends
prebuilt requests and takes a read's version from the start of its body.
With aiohttp's client on asyncio's loop it cost 0.53-0.90 ms per request at
400 requests/s, with these 0.20-0.31 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import pickle
import random
import re
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar
from urllib.parse import urlsplit

import uvloop
from common import record, summary_ms
from http_client import Client, HttpError, request_head
from server import CpuMeter, make_players, prepare, web_server

USER_AGENT = "bench/sustained_load"
T = TypeVar("T")


def deep_copy(state: Any) -> Any:
    """What ``copy.deepcopy`` gives of a game's state (plain data: types and shared parts kept), in a
    quarter of its time (45-95 us for the three engines' states against 8-17 us)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


class Replica:
    def __init__(self, engine, game, tokens: dict[int, str]):
        self.engine, self.id = engine, game.pk
        self.token_of_seat = {p.seat: tokens[p.user_id] for p in game.players.all()}
        self.seats = list(self.token_of_seat)
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


# A read's body starts with these keys in this order (games.services.play.game_view, compact JSON as
# DRF writes it): its version is taken from there instead of parsing the whole body, a few KiB, in
# Python. JSON strings cannot hold an unescaped quote, so the match cannot end inside one; a body of
# any other shape is parsed in full.
_VERSION_AT_START = re.compile(
    rb'\{"id":\d+,"game":"(?:[^"\\]|\\.)*","game_name":"(?:[^"\\]|\\.)*","version":(\d+)[,}]'
)


def read_version(body: bytes) -> int:
    """The "version" of a player's view of a game, as ``json.loads(body)["version"]`` gives it."""
    found = _VERSION_AT_START.match(body)
    return int(found[1]) if found else json.loads(body)["version"]


# Answers that never came (connection refused, reset or lost, an answer the client cannot read): counted
# under this status and listed among the problems.
FAILED = 0


class Load:
    def __init__(self, base: str, games: list[Replica], seed: int):
        self.base, self.games, self.rng = base, games, random.Random(seed)
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.statuses: Counter = Counter()
        self.problems: list[str] = []
        self.moves_landed = 0
        self.unfinished = 0
        self.failed = 0
        self.failed_ever = False  # in the warm-up too: a move sent then may have landed unseen
        self.connections_opened = 0
        self.drain = 0.0
        # Per (game, seat): the whole GET of the player's view, and a move's head up to its body's length.
        self._reads: dict[tuple[int, int], bytes] = {}
        self._move_heads: dict[tuple[int, int], bytes] = {}

    def _prepare_requests(self, host: str) -> None:
        for game in self.games:
            for seat, token in game.token_of_seat.items():
                headers = {"Authorization": f"Token {token}", "Accept": "application/json", "User-Agent": USER_AGENT}
                self._reads[game.id, seat] = request_head("GET", f"/api/games/{game.id}/", host, headers) + b"\r\n"
                self._move_heads[game.id, seat] = request_head(
                    "POST", f"/api/games/{game.id}/moves/", host, {**headers, "Content-Type": "application/json"}
                )

    async def _send(self, client: Client, request: bytes, game: Replica, label: str) -> tuple[int, bytes]:
        """(status, body) of one request, its latency and status counted; FAILED when no answer came."""
        t0 = time.perf_counter()
        try:
            status, body = await client.request(request)
        except (HttpError, OSError) as exc:
            self.statuses[(label, FAILED)] += 1
            self.failed += 1
            self.failed_ever = True
            self.problems.append(f"{label} on game {game.id} failed: {exc!r}")
            return FAILED, b""
        self.latency["read" if label == "read" else "move"].append(time.perf_counter() - t0)
        self.statuses[(label, status)] += 1
        return status, body

    async def read(self, client: Client, game: Replica) -> None:
        seat = self.rng.choice(game.seats)
        known = game.version
        status, body = await self._send(client, self._reads[game.id, seat], game, "read")
        if status == FAILED:
            return
        if status != 200:
            self.problems.append(f"read game {game.id}: {status} {body[:200]!r}")
        elif read_version(body) < known:
            self.problems.append(f"read game {game.id}: version went back below {known}")

    async def move(self, client: Client, game: Replica) -> None:
        kind = self.rng.random()
        if kind < 0.05 and game.version > 0:
            await self._stale(client, game)
        elif kind < 0.08 and game.acknowledged:
            await self._retry(client, game)
        else:
            await self._fresh(client, game)

    async def _post(self, client: Client, game: Replica, seat: int, body: dict, label: str) -> tuple[int, bytes]:
        # As aiohttp's ``json=`` wrote it: json.dumps with its default separators.
        data = json.dumps(body).encode()
        head = self._move_heads[game.id, seat]
        return await self._send(client, b"%sContent-Length: %d\r\n\r\n%s" % (head, len(data), data), game, label)

    async def _fresh(self, client: Client, game: Replica) -> None:
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
                client, game, seat, {"move": move, "version": version, "move_id": move_id}, "move"
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
            game.state, _ = game.engine.apply(deep_copy(state), seat, move)
            game.version = seq
            game.acknowledged.append((seq, move_id, move))
            game.seat_of_seq[seq] = seat
            self.moves_landed += 1
        elif status == 409:
            # Right only when another move for the same version raced this one.
            if game.version == version and version not in game.contested and not game.uncertain:
                self.problems.append(f"game {game.id}: 409 at the current version {version}")
        elif status == FAILED:
            # Sent without an answer: it may have landed unseen, as a cancelled move.
            game.uncertain = True
        else:
            self.problems.append(f"game {game.id}: move answered {status} {payload[:200]!r}")

    async def _stale(self, client: Client, game: Replica) -> None:
        seat = game.seats[0]
        status, payload = await self._post(
            client,
            game,
            seat,
            {"move": {"type": "pass"}, "version": game.version - 1, "move_id": str(uuid.uuid4())},
            "stale",
        )
        if status not in (409, FAILED):
            self.problems.append(f"game {game.id}: stale version answered {status} {payload[:200]!r}")

    async def _retry(self, client: Client, game: Replica) -> None:
        seq, move_id, move = self.rng.choice(game.acknowledged)
        status, payload = await self._post(
            client, game, game.seat_of_seq[seq], {"move": move, "version": seq - 1, "move_id": move_id}, "retry"
        )
        if status != FAILED and (status != 200 or json.loads(payload)["seq"] != seq):
            self.problems.append(f"game {game.id}: retry of move {seq} answered {status} {payload[:200]!r}")

    async def run(self, rate: float, seconds: float, move_share: float, connections: int) -> float:
        url = urlsplit(self.base)
        assert url.scheme == "http" and url.hostname and url.port, f"{self.base}: http://host:port expected"
        if not self._reads:
            self._prepare_requests(url.netloc)
        client = Client(url.hostname, url.port, limit=connections)

        def work() -> Coroutine[Any, Any, None]:
            game = self.rng.choice(self.games)
            return self.move(client, game) if self.rng.random() < move_share else self.read(client, game)

        try:
            started = time.perf_counter()
            tasks, offered = await open_loop(rate, seconds, work)
            # Requests still queued or under way get a bounded time to finish; the rest count as unfinished.
            if tasks:
                _done, pending = await asyncio.wait(tasks, timeout=max(30.0, seconds))
                for task in pending:
                    task.cancel()
                self.unfinished = len(pending)
            self.drain = time.perf_counter() - started - offered
            return time.perf_counter() - started
        finally:
            self.connections_opened += client.opened
            client.close()

    async def run_catalog(self, rate: float, seconds: float, connections: int) -> tuple[int, float]:
        """The same server's trivial JSON endpoint (GET /api/catalog/, no sign-in) at ``rate`` for
        ``seconds``, open loop as the mixed load: (requests answered, seconds taken)."""
        url = urlsplit(self.base)
        assert url.hostname and url.port
        request = request_head(
            "GET", "/api/catalog/", url.netloc, {"Accept": "application/json", "User-Agent": USER_AGENT}
        )
        request += b"\r\n"
        client = Client(url.hostname, url.port, limit=connections)
        answered = 0

        async def one() -> None:
            nonlocal answered
            t0 = time.perf_counter()
            try:
                status, body = await client.request(request)
            except (HttpError, OSError) as exc:
                self.problems.append(f"catalog failed: {exc!r}")
                return
            answered += 1
            self.latency["catalog"].append(time.perf_counter() - t0)
            if status != 200:
                self.problems.append(f"catalog: {status} {body[:200]!r}")

        try:
            started = time.perf_counter()
            tasks, _offered = await open_loop(rate, seconds, one)
            if tasks:
                await asyncio.wait(tasks, timeout=max(30.0, seconds))
            return answered, time.perf_counter() - started
        finally:
            client.close()


async def open_loop(
    rate: float, seconds: float, work: Callable[[], Coroutine[Any, Any, None]]
) -> tuple[set[asyncio.Task], float]:
    """Start ``work()`` ``rate`` times a second for ``seconds``, each on schedule whether or not earlier
    ones have answered: (the tasks still under way, the seconds spent starting them)."""
    tasks: set[asyncio.Task] = set()
    started = time.perf_counter()
    n = 0
    while (now := time.perf_counter()) - started < seconds:
        due = started + n / rate
        if due > now:
            await asyncio.sleep(due - now)
        task = asyncio.create_task(work())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
        n += 1
    return tasks, time.perf_counter() - started


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


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """``main`` on uvloop's event loop: its transports and scheduling are C, and the load generator's
    CPU per request is taken from the server's share of the cores."""
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


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
    parser.add_argument(
        "--catalog-seconds",
        type=float,
        default=10,
        help="then the same server's trivial JSON endpoint (the catalog) at the same rate, for its CPU per "
        "request beside the mixed load's (0: not; never with --attach)",
    )
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
    players: list[tuple[Any, str]] = make_players(sum(seats), prefix="load" if args.attach else "bench")
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
        # What Django and the set-up left behind (some 150,000 objects) is kept out of the cyclic garbage
        # collector's passes: at 400 requests/s they took 0.20 s of the run's 1.53 s of CPU, then 0.06 s.
        gc.collect()
        gc.freeze()
        # A server that has just started fills its connection pools, prepares its statements and caches
        # every player's token as requests first come in; measured from a cold start, that backlog took
        # the first 4-5 seconds. The same load runs for --warmup seconds first and is reported apart.
        run_loop(load.run(args.rate, args.warmup, args.move_share, args.connections))
        warmup = {"seconds": args.warmup, "all": summary_ms(load.latency["move"] + load.latency["read"])}
        load.latency.clear()
        load.statuses.clear()
        load.moves_landed = load.failed = load.connections_opened = 0
        print("measuring", flush=True)  # bench/ws_push.py --with-load starts its moves now
        cpu = CpuMeter(pid)
        cpu.start()
        own_cpu = time.process_time()
        elapsed = run_loop(load.run(args.rate, args.seconds, args.move_share, args.connections))
        answered = sum(load.statuses.values())
        cpu_figures = cpu.stop(answered)
        # This process shares the cores with the server: its own cost per request is part of the budget.
        own_cpu = time.process_time() - own_cpu
        cpu_figures["load_generator_cpu_ms_per_request"] = round(own_cpu * 1000 / max(answered, 1), 2)
        catalog: dict[str, Any] = {}
        if args.catalog_seconds > 0 and not args.attach:
            cpu = CpuMeter(pid)
            cpu.start()
            catalog_answered, catalog_elapsed = run_loop(
                load.run_catalog(args.rate, args.catalog_seconds, args.connections)
            )
            catalog = {
                "offered_requests_per_s": args.rate,
                "requests_per_s": round(catalog_answered / catalog_elapsed, 1),
                **cpu.stop(catalog_answered),
                "all": summary_ms(load.latency["catalog"]),
            }
            catalog["ratio_server_cpu_mixed_to_catalog"] = round(
                cpu_figures["server_cpu_ms_per_request"] / max(catalog["server_cpu_ms_per_request"], 1e-9), 2
            )
    # A request that failed under way may have landed unseen, as a cancelled one (and is a problem already).
    problems = load.problems + verify(games, cancelled=load.unfinished > 0 or load.failed_ever)
    statuses = {f"{kind} {status or 'failed'}": n for (kind, status), n in sorted(load.statuses.items())}
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
            "requests_failed": load.failed,
            "connections_opened": load.connections_opened,
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
            # The same server's catalog answered at the same rate right after (target: the mixed
            # request's server CPU at most 1.5 times the catalog request's).
            "catalog": catalog,
            "target_ratio_server_cpu_mixed_to_catalog": 1.5,
            "checks": "passed" if not problems else f"{len(problems)} problems",
            "problems": problems[:20],
        },
    )


if __name__ == "__main__":
    main()
