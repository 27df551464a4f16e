"""WebSocket push: from a stored move to the opponent's frame, and memory per idle connection.

The Procfile's web process serves config.asgi (DEBUG off, PostgreSQL, Redis
channel layer). Every player of many two-player games is signed in (a session
cookie) and holds the game's WebSocket open; moves are submitted over HTTP at a
fixed total rate, one at a time per game. For each move the frame announcing
its version is timed at the opponent's socket, against the time the server
stored the move (Move.created_at, taken inside the transaction, so the figure
includes the rest of the transaction and the commit) and against the moment
the mover sent the request.

Then many more idle signed-in connections are opened and the server's
resident memory is compared before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

from common import record, summary_ms
from server import make_players, prepare, rss_kib, web_server


def session_cookie(user) -> str:
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


class PushGame:
    def __init__(self, engine, users_tokens: list, seed: int):
        from games.models import Game
        from games.services.tables import start_seated_game

        game = start_seated_game(engine.slug, [u for u, _ in users_tokens], {}, seed=seed)
        by_user = {u.pk: (u, t) for u, t in users_tokens}
        self.engine, self.id = engine, game.pk
        self.seats = {p.seat: by_user[p.user_id] for p in game.players.all()}
        self.cookies = {seat: session_cookie(u) for seat, (u, _) in self.seats.items()}
        self.state = Game.objects.get(pk=game.pk).state
        self.version = 0
        self.sent: dict[int, tuple[int, float]] = {}  # version -> (mover's seat, request sent, epoch s)
        self.frames: dict[tuple[int, int], float] = {}  # (seat, version) -> frame arrival, epoch s
        self.busy = False


async def listen(ws, game: PushGame, seat: int) -> None:
    async for message in ws:
        data = json.loads(message.data)
        if data.get("type") == "version":
            game.frames.setdefault((seat, data["version"]), time.time())


async def push_run(base: str, games: list[PushGame], rate: float, seconds: float, rng: random.Random) -> dict:
    import aiohttp

    ws_base = base.replace("http://", "ws://")
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        sockets, listeners = [], []
        for game in games:
            for seat, cookie in game.cookies.items():
                ws = await session.ws_connect(
                    f"{ws_base}/ws/games/{game.id}/", headers={"Origin": base, "Cookie": f"sessionid={cookie}"}
                )
                sockets.append(ws)
                listeners.append(asyncio.create_task(listen(ws, game, seat)))
        await asyncio.sleep(1)
        problems: list[str] = []

        async def move(game: PushGame) -> None:
            seat = game.engine.to_act(game.state)[0]
            choice = rng.choice(game.engine.legal_moves(game.state, seat))
            game.sent[game.version + 1] = (seat, time.time())
            async with session.post(
                f"{base}/api/games/{game.id}/moves/",
                json={"move": choice, "version": game.version, "move_id": str(uuid.uuid4())},
                headers={"Authorization": f"Token {game.seats[seat][1]}"},
            ) as response:
                body = await response.read()
            if response.status != 201:
                problems.append(f"game {game.id}: {response.status} {body[:200]!r}")
            else:
                game.state, _ = game.engine.apply(game.state, seat, choice)
                game.version += 1
            game.busy = False

        tasks = set()
        started = time.perf_counter()
        n = skipped = 0
        while (now := time.perf_counter()) - started < seconds:
            due = started + n / rate
            if due > now:
                await asyncio.sleep(due - now)
            n += 1
            idle = [g for g in games if not g.busy and not g.engine.is_over(g.state)]
            if not idle:
                skipped += 1  # the server is behind: every game still waits for its last move
                continue
            game = rng.choice(idle)
            game.busy = True
            task = asyncio.create_task(move(game))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - started
        await asyncio.sleep(1)
        for ws in sockets:
            await ws.close()
        for task in listeners:
            task.cancel()
    return {"elapsed": elapsed, "problems": problems, "skipped": skipped}


def push_latencies(games: list[PushGame]) -> tuple[list[float], list[float], int]:
    from games.models import Move

    stored_at = {
        (m.game_id, m.seq): m.created_at.timestamp()
        for m in Move.objects.filter(game_id__in=[g.id for g in games]).only("game_id", "seq", "created_at")
    }
    from_commit, from_request, missing = [], [], 0
    for g in games:
        for version, (mover, sent) in g.sent.items():
            opponents = [s for s in g.seats if s != mover]
            for seat in opponents:
                arrived = g.frames.get((seat, version))
                if arrived is None or (g.id, version) not in stored_at:
                    missing += 1
                    continue
                from_commit.append(arrived - stored_at[(g.id, version)])
                from_request.append(arrived - sent)
    return from_commit, from_request, missing


async def idle_connections(base: str, pid: int, cookies: list[tuple[int, str]]) -> dict:
    import aiohttp

    ws_base = base.replace("http://", "ws://")
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        # One connection first, so that first-use allocations are not counted per connection.
        warm = await session.ws_connect(
            f"{ws_base}/ws/games/{cookies[0][0]}/", headers={"Origin": base, "Cookie": f"sessionid={cookies[0][1]}"}
        )
        await warm.receive()
        await asyncio.sleep(2)
        before = rss_kib(pid)
        sockets = []
        for game_id, cookie in cookies:
            ws = await session.ws_connect(
                f"{ws_base}/ws/games/{game_id}/", headers={"Origin": base, "Cookie": f"sessionid={cookie}"}
            )
            await ws.receive()  # the version frame: the connection is accepted and joined
            sockets.append(ws)
        await asyncio.sleep(3)
        after = rss_kib(pid)
        for ws in sockets:
            await ws.close()
        await warm.close()
    return {
        "connections": len(cookies),
        "rss_before_kib": before,
        "rss_after_kib": after,
        "kib_per_connection": round((after - before) / len(cookies), 1),
    }


def start_load(base: str, pid: int, rate: float, seconds: float) -> subprocess.Popen:
    """bench/sustained_load.py against this server, on this database; returns once its measured run starts."""
    load = subprocess.Popen(
        [
            sys.executable,
            str(Path(__file__).with_name("sustained_load.py")),
            "--attach",
            base,
            "--attach-pid",
            str(pid),
            "--rate",
            str(rate),
            "--seconds",
            str(seconds + 2),
            "--warmup",
            "5",
            "--label",
            "with-ws-push",
        ],
        cwd=Path(__file__).parent,
        stdout=subprocess.PIPE,
        text=True,
    )
    output = load.stdout
    assert output is not None
    for line in output:
        if line.strip() == "measuring":
            break
    else:
        raise RuntimeError("the sustained load ended before its measured run")
    threading.Thread(target=lambda: sys.stdout.write(output.read()), daemon=True).start()
    return load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rate", type=float, default=100, help="moves per second, all games together")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--idle", type=int, default=1000, help="idle connections for the memory figure")
    parser.add_argument(
        "--label", default="", help="store the figures under <benchmark>/<label> beside the default run"
    )
    parser.add_argument(
        "--with-load",
        type=float,
        default=0,
        metavar="RATE",
        help="run bench/sustained_load.py at RATE requests/s against the same server meanwhile "
        "(its figures are stored under sustained_load/with-ws-push)",
    )
    args = parser.parse_args()
    env = prepare()
    from games.rules.registry import load_engines

    engines = load_engines().all()
    players = make_players(2 * args.games + args.idle)
    games = [
        PushGame(engines[i % len(engines)], players[2 * i : 2 * i + 2], seed=20_000 + i) for i in range(args.games)
    ]
    idle_users = players[2 * args.games :]
    idle_cookies = [(games[i % len(games)].id, session_cookie(u)) for i, (u, _) in enumerate(idle_users)]
    gc.collect()
    with web_server(env) as (base, pid):
        load = start_load(base, pid, args.with_load, args.seconds) if args.with_load else None
        run = asyncio.run(push_run(base, games, args.rate, args.seconds, random.Random(9)))
        if load is not None and load.wait() != 0:
            raise RuntimeError("the sustained load failed")
        memory = asyncio.run(idle_connections(base, pid, idle_cookies))
    from_commit, from_request, missing = push_latencies(games)
    moves = sum(len(g.sent) for g in games)
    record(
        "ws_push" + (f"/{args.label}" if args.label else ""),
        {
            "target_p50_ms": 20.0,
            "target_p99_ms": 100.0,
            "target_kib_per_idle_connection": 100,
            "games": args.games,
            "sockets": 2 * args.games,
            "offered_moves_per_s": args.rate,
            "sustained_load_offered_requests_per_s": args.with_load,
            "moves_per_s": round(moves / run["elapsed"], 1),
            "stored_move_to_opponent_frame": summary_ms(from_commit),
            "request_sent_to_opponent_frame": summary_ms(from_request),
            "frames_missing": missing,
            "moves_skipped_all_games_busy": run["skipped"],
            "problems": run["problems"][:20],
            "idle_memory": memory,
        },
    )


if __name__ == "__main__":
    main()
