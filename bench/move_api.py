"""One client submitting moves over HTTP to the production server.

The Procfile's web process serves config.asgi (DEBUG off, PostgreSQL, Redis
channel layer) on loopback; one client on one keep-alive connection plays random games move
after move (each seat a different player with its own API token). Every move
is timed from request to response; after each move the client also fetches a
trivial JSON endpoint of the same server (the game catalog: no database), so
the two latencies come from the same run and their ratio shows what a move
costs beyond the framework itself. The server's CPU time (all its processes)
is summed apart for the two kinds of request, so a busy machine, which
stretches latencies, leaves that figure mostly as it is. Queries per move are counted in-process
with the same settings.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import time
import uuid

from common import record, summary_ms
from server import cpu_seconds, make_players, prepare, web_server


class Client:
    def __init__(self, base: str):
        host, port = base.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port))

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Token {token}"
        t0 = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        return response.status, payload, time.perf_counter() - t0


class LocalGame:
    """A game started on the server with its replica here, to choose legal moves."""

    def __init__(self, engine, players: list, seed: int):
        from games.models import Game
        from games.services.tables import start_seated_game

        game = start_seated_game(engine.slug, [u for u, _ in players], {}, seed=seed)
        tokens = {u.pk: t for u, t in players}
        self.engine, self.id = engine, game.pk
        self.token_of_seat = {p.seat: tokens[p.user_id] for p in game.players.all()}
        self.state = Game.objects.get(pk=game.pk).state
        self.version = 0

    def next_move(self, rng: random.Random) -> tuple[int, dict]:
        seat = self.engine.to_act(self.state)[0]
        return seat, rng.choice(self.engine.legal_moves(self.state, seat))

    def applied(self, seat: int, move: dict) -> None:
        self.state, _ = self.engine.apply(self.state, seat, move)
        self.version += 1


def queries_per_move(engine, players: list) -> list[str]:
    """The SQL of one move through the API, counted in this process."""
    from django.db import connection
    from django.test import Client as DjangoClient
    from django.test.utils import CaptureQueriesContext

    game = LocalGame(engine, players, seed=99)
    seat, move = game.next_move(random.Random(1))
    client = DjangoClient(HTTP_HOST="127.0.0.1", HTTP_AUTHORIZATION=f"Token {game.token_of_seat[seat]}")
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            f"/api/games/{game.id}/moves/", {"move": move, "version": 0}, content_type="application/json"
        )
    assert response.status_code == 201, response.content
    return [q["sql"] for q in captured.captured_queries]


def run_engine(base: str, pid: int, engine, players: list, moves: int, warmup: int, rng: random.Random) -> dict:
    client = Client(base)
    move_times, trivial_times = [], []
    cpu = {"both": 0.0, "trivial": 0.0}
    game, seed = None, 1000
    done = 0
    while done < warmup + moves:
        if game is None or engine.is_over(game.state):
            seed += 1
            game = LocalGame(engine, players, seed)
        seat, move = game.next_move(rng)
        cpu_before = cpu_seconds(pid)
        status, payload, elapsed = client.request(
            "POST",
            f"/api/games/{game.id}/moves/",
            {"move": move, "version": game.version, "move_id": str(uuid.uuid4())},
            token=game.token_of_seat[seat],
        )
        if status != 201:
            raise RuntimeError(f"move refused: {status} {payload[:300]!r}")
        game.applied(seat, move)
        status, payload, trivial = client.request("GET", "/api/catalog/")
        if status != 200:
            raise RuntimeError(f"catalog: {status}")
        if done >= warmup:
            move_times.append(elapsed)
            trivial_times.append(trivial)
            cpu["both"] += cpu_seconds(pid) - cpu_before
        done += 1
    # The server finishes some of a move's work after answering it, while the next request is on its
    # way; so the trivial request's CPU is measured on its own and the rest counted for the moves.
    time.sleep(0.2)
    cpu_before = cpu_seconds(pid)
    for _ in range(moves):
        client.request("GET", "/api/catalog/")
    cpu["trivial"] = cpu_seconds(pid) - cpu_before
    move_ms, trivial_ms = summary_ms(move_times), summary_ms(trivial_times)
    return {
        "move": move_ms,
        "trivial_json": trivial_ms,
        "server_cpu_ms_per_move": round((cpu["both"] - cpu["trivial"]) * 1000 / moves, 2),
        "server_cpu_ms_per_trivial": round(cpu["trivial"] * 1000 / moves, 2),
        "ratio_p50": round(move_ms["p50_ms"] / trivial_ms["p50_ms"], 2),
        "ratio_p99": round(move_ms["p99_ms"] / trivial_ms["p99_ms"], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=1000, help="timed moves per engine")
    parser.add_argument("--warmup", type=int, default=200)
    args = parser.parse_args()
    env = prepare()
    from games.rules.registry import load_engines

    engines = load_engines().all()
    figures = {
        "target_p50_ms": 10.0,
        "target_p99_ms": 30.0,
        "target_queries": 6,
        "server": "scripts/web.sh (uvicorn, config.asgi), DEBUG off, PostgreSQL, Redis channel layer",
    }
    max_players = max(min(max(e.min_players, 4), e.max_players) for e in engines)
    players = make_players(max_players)
    with web_server(env) as (base, pid):
        for engine in engines:
            count = min(max(engine.min_players, 4), engine.max_players)
            key = f"{engine.slug}/{count}p"
            figures[key] = run_engine(base, pid, engine, players[:count], args.moves, args.warmup, random.Random(5))
            statements = queries_per_move(engine, players[:count])
            figures[key]["queries_per_move"] = len([q for q in statements if q not in ("BEGIN", "COMMIT")])
            figures[key]["round_trips_per_move"] = len(statements)  # with BEGIN and COMMIT
    record("move_api", figures)


if __name__ == "__main__":
    main()
