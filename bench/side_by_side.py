"""This tree's web server beside a variant of it, under the same load, in turns.

Both servers run at once on the same database and Redis (each with the
Procfile's worker count); the mixed load of bench/sustained_load.py (20% moves,
80% view reads on many games, open loop at a fixed rate, every move checked
afterwards) is sent to one, then the other, in short alternating blocks, so
that both meet the same machine: on a shared machine the speed drifts within
minutes, and only figures taken in the same minutes compare. Per server: CPU
per request (all its processes), PostgreSQL's CPU per request, latencies.
The ratio is variant / this tree.

Variants are this tree's code with one thing put back to what Django (or the
code at a commit) does, so each compares the supported road with ours:

- ``django-asgi-handler``: Django's own ASGI handler instead of config/http_handler.py;
- ``django-redis-cache``: Django's Redis cache backend instead of config/cache.py;
- ``no-gc-freeze``: config/asgi.py without ``gc.freeze()``;
- ``wsgi-http``: HTTP from gunicorn (gthread, WSGI, same worker and thread counts), needs
  ``--gunicorn-path`` (a directory where gunicorn is installed, e.g. ``pip install --target``);
- ``commit:<sha>``: the code of that commit (the code before a change).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import ROOT, record, summary_ms
from server import CpuMeter, flush_redis, free_port, make_players, prepare, web_server
from sustained_load import Load, Replica, verify


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    if old not in text:
        raise SystemExit(f"variant: {old!r} not found in {path}")
    path.write_text(text.replace(old, new))


def build_variant(name: str, into: Path) -> None:
    """Export the committed tree (or a commit's) to ``into`` and change it as the variant says."""
    commit = name.split(":", 1)[1] if name.startswith("commit:") else "HEAD"
    if commit == "HEAD" and subprocess.run(["git", "diff", "--quiet", "HEAD"], cwd=ROOT).returncode:
        print("note: the variant is built from HEAD; this tree has uncommitted changes", file=sys.stderr)
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    if name == "django-asgi-handler":
        _edit(
            into / "config" / "asgi.py",
            "from config.http_handler import SyncRequestASGIHandler  # noqa: E402\n\n"
            "django_asgi_app = SyncRequestASGIHandler()",
            "from django.core.handlers.asgi import ASGIHandler  # noqa: E402\n\ndjango_asgi_app = ASGIHandler()",
        )
    elif name == "django-redis-cache":
        _edit(
            into / "config" / "settings.py",
            '"BACKEND": "config.cache.RedisCache"',
            '"BACKEND": "django.core.cache.backends.redis.RedisCache"',
        )
    elif name == "no-gc-freeze":
        _edit(into / "config" / "asgi.py", "\ngc.freeze()", "\n")
    elif name not in ("wsgi-http",) and not name.startswith("commit:"):
        raise SystemExit(f"unknown variant {name}")


def variant_command(name: str, root: Path, gunicorn_path: str | None) -> tuple[list[str] | None, dict[str, str]]:
    if name != "wsgi-http":
        return None, {}
    if not gunicorn_path:
        raise SystemExit("wsgi-http needs --gunicorn-path")
    threads = os.environ.get("WEB_THREADS", "2")
    workers = os.environ.get("WEB_CONCURRENCY", str(os.cpu_count() or 1))
    return (
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--worker-class",
            "gthread",
            "--workers",
            workers,
            "--threads",
            threads,
            "--bind",
            "127.0.0.1:{port}",
            "--log-level",
            "error",
        ],
        {"PYTHONPATH": f"{root}{os.pathsep}{gunicorn_path}"},
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant")
    parser.add_argument("--rate", type=float, default=150, help="requests per second offered to each server")
    parser.add_argument("--block", type=float, default=6, help="seconds per block")
    parser.add_argument("--rounds", type=int, default=4, help="blocks per server")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--move-share", type=float, default=0.2)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--gunicorn-path")
    parser.add_argument(
        "--ours",
        default="",
        help="commit:<sha> to measure instead of this tree (a change's "
        "effect: its commit as --ours, the commit before it as the variant)",
    )
    parser.add_argument("--label", default="", help="store under side_by_side/<variant>/<label>")
    args = parser.parse_args()

    env = prepare()
    from games.rules.registry import load_engines
    from games.services.tables import start_seated_game

    engines = load_engines().all()
    seats = [max(engines[i % len(engines)].min_players, 2) for i in range(args.games)]
    players = make_players(sum(seats))
    tokens = {u.pk: t for u, t in players}
    games, taken = [], 0
    for i, count in enumerate(seats):
        users = [u for u, _ in players[taken : taken + count]]
        taken += count
        games.append(
            Replica(
                engines[i % len(engines)],
                start_seated_game(engines[i % len(engines)].slug, users, {}, seed=10_000 + i),
                tokens,
            )
        )
    tmp = Path(tempfile.mkdtemp(prefix="bench-variant-"))
    ours_root = ROOT
    try:
        build_variant(args.variant, tmp)
        if args.ours:
            ours_root = Path(tempfile.mkdtemp(prefix="bench-ours-"))
            build_variant(args.ours, ours_root)
        port = free_port()
        command, extra = variant_command(args.variant, tmp, args.gunicorn_path)
        if command:
            command = [c.replace("{port}", str(port)) for c in command]
        load = Load("", games, seed=3)
        figures: dict[str, dict] = {}
        with (
            web_server(env, root=ours_root) as (ours, ours_pid),
            web_server({**env, **extra}, port=port, root=tmp, command=command, log_name="bench-web-variant.log") as (
                theirs,
                theirs_pid,
            ),
        ):
            servers = {"this_tree": (ours, ours_pid), args.variant: (theirs, theirs_pid)}
            # Warm both: pools, prepared statements, token caches, view caches.
            for base, _pid in servers.values():
                load.base = base
                asyncio.run(load.run(args.rate, 3, args.move_share, args.connections))
            totals = {
                name: {
                    "latency": {"move": [], "read": []},
                    "requests": 0,
                    "server": 0.0,
                    "postgres": 0.0,
                    "seconds": 0.0,
                    "moves_landed": 0,
                    "move_requests": 0,
                }
                for name in servers
            }
            for _round in range(args.rounds):
                for name, (base, pid) in servers.items():
                    load.base = base
                    load.latency.clear()
                    load.statuses.clear()
                    load.moves_landed = 0
                    # The servers share Redis: neither may answer from what the other left there (a game's
                    # read snapshot, games/services/read_snapshot.py, is only replaced by the moves of
                    # a server that writes one). Each block starts from an empty Redis.
                    flush_redis(env["REDIS_URL"])
                    meter = CpuMeter(pid)
                    meter.start()
                    elapsed = asyncio.run(load.run(args.rate, args.block, args.move_share, args.connections))
                    requests = sum(load.statuses.values())
                    cpu = meter.stop(1)
                    t = totals[name]
                    t["requests"] += requests
                    t["server"] += cpu["server_cpu_ms_per_request"]
                    t["postgres"] += cpu["postgres_cpu_ms_per_request"]
                    t["seconds"] += elapsed
                    t["moves_landed"] += load.moves_landed
                    print(
                        f"{name}: {requests} requests in {elapsed:.1f} s, {load.moves_landed} moves stored, "
                        f"{len(load.problems)} problems so far",
                        file=sys.stderr,
                        flush=True,
                    )
                    t["move_requests"] += len(load.latency["move"])
                    for kind in ("move", "read"):
                        t["latency"][kind] += load.latency[kind]
        for name, t in totals.items():
            figures[name] = {
                "requests": t["requests"],
                "requests_per_s": round(t["requests"] / t["seconds"], 1),
                # Move requests answered (fresh, stale and retried; 20% of the offer) and moves stored.
                "move_requests_per_s": round(t["move_requests"] / t["seconds"], 1),
                "moves_landed_per_s": round(t["moves_landed"] / t["seconds"], 1),
                "server_cpu_ms_per_request": round(t["server"] / max(t["requests"], 1), 3),
                "postgres_cpu_ms_per_request": round(t["postgres"] / max(t["requests"], 1), 3),
                "moves": summary_ms(t["latency"]["move"]),
                "reads": summary_ms(t["latency"]["read"]),
            }
        ours_f, theirs_f = figures["this_tree"], figures[args.variant]
        problems = load.problems + verify(games, cancelled=load.unfinished > 0)
        record(
            f"side_by_side/{args.variant}" + (f"/{args.label}" if args.label else ""),
            {
                **figures,
                "this_tree_is": args.ours or "the working tree",
                "offered_requests_per_s": args.rate,
                "block_seconds": args.block,
                "rounds": args.rounds,
                "move_share": args.move_share,
                "games": args.games,
                "ratio_server_cpu_variant_to_this_tree": round(
                    theirs_f["server_cpu_ms_per_request"] / ours_f["server_cpu_ms_per_request"], 2
                ),
                "ratio_read_p50_variant_to_this_tree": round(
                    theirs_f["reads"]["p50_ms"] / ours_f["reads"]["p50_ms"], 2
                ),
                "ratio_move_p50_variant_to_this_tree": round(
                    theirs_f["moves"]["p50_ms"] / ours_f["moves"]["p50_ms"], 2
                ),
                "checks": "passed" if not problems else f"{len(problems)} problems",
                "problems": problems[:10],
            },
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if ours_root != ROOT:
            shutil.rmtree(ours_root, ignore_errors=True)


if __name__ == "__main__":
    main()
