"""Bad days, measured on a production-like stack: a Redis that cannot be reached during moves, and a
Celery worker that dies in the middle of a bot's turn.

    .venv/bin/python bench/edges.py [--skip-worker]

Starts the Procfile's web process (scripts/web.sh, two workers) on a fresh PostgreSQL database
(EDGES_DATABASE_URL, default .../bench_edges) and a private redis-server of its own (so that it can
be stopped without touching anybody else's), with DEBUG off.

1 redis_unreachable  games at several versions with their read snapshots in Redis; Redis stopped
                     (SIGSTOP: connections hang, as across a broken network) while moves are made
                     over the API, then continued; every seat's view of every game is read over the
                     API and its version compared with the database's (a read older than the
                     database is counted as stale), and a move is sent at the version each read showed
2 worker_killed      a worker, with the beat of a production install (the outbox sweep every
                     OUTBOX_SWEEP_SECONDS, default 30; BOT_LEASE_SECONDS, default 20), dies when the bot
                     is to choose its move (tests/support/die_at.py bot-move), and every message the
                     broker held is dropped with it (the worst case); a second worker runs from
                     then on; the seconds from the death to the bot's stored move, beside the bound
                     of the lease before it was renewed as the bot plays (300 s plus the 60 s grace
                     plus a sweep period)

Prints JSON and writes bench/results/edges.json. Takes about a minute and a half.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import requests
from common import ROOT
from server import free_port, prepare, server_env, web_server

DATABASE_URL = os.environ.get("EDGES_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_edges")
RESULTS = ROOT / "bench" / "results" / "edges.json"
GAMES = 6
PREVIOUS_LEASE_BOUND_S = 300 + 60 + 30


def until(check, seconds: float, step: float = 0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(step)
    return False


def start_redis(port: int, directory: Path) -> subprocess.Popen:
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        cwd=directory,
        stdout=subprocess.DEVNULL,
    )
    import redis

    until(lambda: _pings(redis.Redis(port=port)), 10)
    return proc


def _pings(client) -> bool:
    try:
        return bool(client.ping())
    except Exception:  # noqa: BLE001 - not up yet
        return False


def token_for(user) -> str:
    from accounts import tokens

    return tokens.issue(user, "edges")[1]


def make_user(name: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, f"{name}@example.org", "Quite-a-long-passphrase-42")


def api(base: str, token: str, method: str, path: str, **kw) -> requests.Response:
    return requests.request(method, base + path, headers={"Authorization": f"Token {token}"}, timeout=60, **kw)


def move_once(base: str, token: str, game_id: int) -> int:
    """One legal move of the seat this token plays, if it is to act; its answer's status (0: not to act)."""
    view = api(base, token, "GET", f"/api/games/{game_id}/").json()
    if not view.get("legal_moves"):
        return 0
    move = random.Random(view["version"]).choice(view["legal_moves"])
    body = {"move": move, "version": view["version"], "move_id": str(uuid.uuid4())}
    return api(base, token, "POST", f"/api/games/{game_id}/moves/", json=body).status_code


def probe_redis_unreachable(base: str, redis_proc: subprocess.Popen) -> dict:
    from games.models import Game, Player
    from games.services import tables

    anna, bert = make_user("anna"), make_user("bert")
    tokens = {anna.pk: token_for(anna), bert.pk: token_for(bert)}
    games = [tables.start_seated_game("san-juan", [anna, bert], {}, seed=i, rated=False) for i in range(GAMES)]

    def some_moves(count: int) -> dict[int, int]:
        statuses: dict[int, int] = {}
        for game in games:
            made = 0
            for _ in range(count * 4):
                for user_id, token in tokens.items():
                    if Player.objects.filter(game=game, user_id=user_id, must_act=True).exists():
                        status = move_once(base, token, game.pk)
                        statuses[status] = statuses.get(status, 0) + 1
                        made += status == 201
                if made >= count:
                    break
        return statuses

    before = some_moves(2)  # each game has a snapshot in Redis now
    for game in games:  # and each seat has read it
        for token in tokens.values():
            api(base, token, "GET", f"/api/games/{game.pk}/")
    os.kill(redis_proc.pid, signal.SIGSTOP)
    stopped = time.monotonic()
    during = some_moves(2)
    os.kill(redis_proc.pid, signal.SIGCONT)
    away_s = time.monotonic() - stopped
    reads = stale = refused = 0
    for _round in range(3):
        for game in games:
            for token in tokens.values():
                view = api(base, token, "GET", f"/api/games/{game.pk}/").json()
                reads += 1
                stored = Game.objects.get(pk=game.pk).version
                stale += view["version"] < stored
                if view.get("legal_moves"):
                    body = {"move": view["legal_moves"][0], "version": view["version"], "move_id": str(uuid.uuid4())}
                    answer = api(base, token, "POST", f"/api/games/{game.pk}/moves/", json=body)
                    refused += answer.status_code == 409
    return {
        "games": GAMES,
        "moves_before": before,
        "moves_while_redis_was_stopped": during,
        "seconds_redis_was_stopped": round(away_s, 1),
        "reads_after": reads,
        "reads_older_than_the_database": stale,
        "moves_at_the_shown_version_refused_409": refused,
    }


def probe_worker_killed(env: dict, base: str, logs: Path) -> dict:
    from games.models import Game, Move, Player
    from games.services import tables

    def start(name: str, argv: list[str]) -> subprocess.Popen:
        return subprocess.Popen(
            argv,
            cwd=ROOT,
            env={**env, "LOG_LEVEL": "INFO"},
            start_new_session=True,
            stdout=(logs / f"edges-{name}.log").open("ab"),
            stderr=subprocess.STDOUT,
        )

    def worker(name: str, die_at: str = "none") -> subprocess.Popen:
        argv = [sys.executable, "-m", "tests.support.die_at", die_at, "celery", "-A", "config", "worker"]
        return start(name, [*argv, "--pool=solo", "-l", "info", "-n", f"edges-{name}-{os.getpid()}@%h"])

    beat_dir = Path(tempfile.mkdtemp(prefix="edges-beat-"))
    procs = {
        "beat": start("beat", [sys.executable, "-m", "celery", "-A", "config", "beat", "-s", str(beat_dir / "s")]),
        "doomed": worker("doomed", die_at="bot-move"),
    }
    try:
        alice = make_user("alice")
        token = token_for(alice)
        table = tables.create_table(alice, "san-juan", 2, {}, bots=1)
        game = Game.objects.get(table=table)
        # Alice plays whenever she is to act: the doomed worker takes the bot's first turn and dies in it.
        deadline = time.monotonic() + 90
        while procs["doomed"].poll() is None and time.monotonic() < deadline:
            if not (Player.objects.get(game=game, user=alice).must_act and move_once(base, token, game.pk)):
                time.sleep(0.2)
        died = procs["doomed"].poll() is not None
        died_at = time.monotonic()
        # What the broker still held for the dead worker is gone with it (the worst case): the game
        # goes on only through the outbox's sweep once the bot's lease has run out.
        import redis

        redis.Redis.from_url(env["CELERY_BROKER_URL"]).flushdb()
        version = Game.objects.get(pk=game.pk).version
        procs["worker"] = worker("worker")
        moved = until(lambda: Move.objects.filter(game=game, by_bot=True, seq__gt=version).exists(), 240, 0.2)
        waited = time.monotonic() - died_at
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
    return {
        "worker_died_in_the_bots_turn": bool(died),
        "bot_moved": bool(moved),
        "seconds_from_death_to_the_bots_move": round(waited, 1),
        "bot_lease_seconds": int(env.get("BOT_LEASE_SECONDS", 20)),
        "outbox_sweep_seconds": float(env.get("OUTBOX_SWEEP_SECONDS", 30)),
        "bound_now_s": int(env.get("BOT_LEASE_SECONDS", 20)) + float(env.get("OUTBOX_SWEEP_SECONDS", 30)),
        "bound_before_s": PREVIOUS_LEASE_BOUND_S,
    }


def main() -> dict:
    redis_port = free_port()
    redis_dir = Path(tempfile.mkdtemp(prefix="edges-redis-"))
    redis_proc = start_redis(redis_port, redis_dir)
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    summary: dict = {}
    started = time.monotonic()
    try:
        prepare(DATABASE_URL, redis_url)
        env = {**server_env(DATABASE_URL, redis_url), "DJANGO_SECRET_KEY": os.environ["DJANGO_SECRET_KEY"]}
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
        )
        logs = ROOT / "var"
        logs.mkdir(exist_ok=True)
        with web_server(env, workers=2, log_name="edges-web.log") as (base, _pid):
            summary["1_redis_unreachable"] = probe_redis_unreachable(base, redis_proc)
            if "--skip-worker" not in sys.argv:
                summary["2_worker_killed"] = probe_worker_killed(env, base, logs)
    finally:
        if redis_proc.poll() is None:
            os.kill(redis_proc.pid, signal.SIGCONT)
            redis_proc.terminate()
            redis_proc.wait(timeout=10)
    summary["run_seconds"] = round(time.monotonic() - started, 1)
    summary["measured_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    RESULTS.write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n")
    print(json.dumps(summary, indent=2, sort_keys=True))
    return summary


if __name__ == "__main__":
    main()
