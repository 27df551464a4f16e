"""The production server for the HTTP and WebSocket benchmarks.

A fresh PostgreSQL database (dropped and created), migrated; the Procfile's
web process (scripts/web.sh: uvicorn serving config.asgi, a worker per core),
with DEBUG off and Redis as the channel layer and cache. The benchmark process itself uses the same settings through the ORM
to set up players and games, and acts as the client over loopback.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

from common import ROOT

# BENCH_DATABASE_URL and BENCH_REDIS_URL choose others, for several people benchmarking on one machine.
DEFAULT_DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_run")
DEFAULT_REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/8")


def server_env(database_url: str, redis_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "LOG_LEVEL": "ERROR",
            # As in production, tasks go to a broker (nothing consumes them here) instead of running inline.
            "CELERY_BROKER_URL": redis_url,
        }
    )
    return env


def recreate_database(database_url: str) -> None:
    import psycopg

    url = urlparse(database_url)
    name = url.path.lstrip("/")
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def flush_redis(redis_url: str) -> None:
    import redis

    redis.Redis.from_url(redis_url).flushdb()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare(database_url: str = DEFAULT_DATABASE_URL, redis_url: str = DEFAULT_REDIS_URL) -> dict[str, str]:
    """Fresh database and Redis db, migrations run, Django set up in this process."""
    env = server_env(database_url, redis_url)
    recreate_database(database_url)
    flush_redis(redis_url)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    os.environ.update(
        {
            k: env[k]
            for k in (
                "DATABASE_URL",
                "REDIS_URL",
                "DJANGO_SETTINGS_MODULE",
                "DJANGO_DEBUG",
                "DJANGO_SECRET_KEY",
                "DJANGO_SECURE_SSL_REDIRECT",
                "DJANGO_ALLOWED_HOSTS",
                "LOG_LEVEL",
                "CELERY_BROKER_URL",
            )
        }
    )
    import django

    django.setup()
    return env


@contextmanager
def web_server(
    env: dict[str, str],
    port: int | None = None,
    workers: int | None = None,
    root: Path = ROOT,
    command: list[str] | None = None,
    log_name: str = "bench-web.log",
):
    """The Procfile's web process (scripts/web.sh) on 127.0.0.1, stopped on exit. Yields (base url, pid).

    ``workers`` overrides WEB_CONCURRENCY (default: one per core). ``root`` is the source tree to serve
    (another tree: a variant to compare with, bench/side_by_side.py) and ``command`` replaces
    scripts/web.sh. With BENCH_PROFILE=<file.txt> in the environment the server and its workers run
    under py-spy
    (BENCH_PROFILE_ARGS adds options, e.g. ``--gil`` to sample only what holds the interpreter).
    """
    port = port or free_port()
    # A benchmark stopped with SIGTERM still stops its server (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    (ROOT / "var").mkdir(exist_ok=True)
    log = open(ROOT / "var" / log_name, "w")
    env = {
        **env,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
    }
    if workers:
        env["WEB_CONCURRENCY"] = str(workers)
    command = command or ["bash", str(root / "scripts" / "web.sh")]
    if os.environ.get("BENCH_PROFILE"):
        # py-spy (pip install py-spy) samples the server; collapsed stacks go to that path.
        command = [
            "py-spy",
            "record",
            "--subprocesses",
            *os.environ.get("BENCH_PROFILE_ARGS", "").split(),
            "--format",
            "raw",
            "--rate",
            "100",
            "-o",
            os.environ["BENCH_PROFILE"],
            "--",
            *command,
        ]
    proc = subprocess.Popen(
        command,
        cwd=root,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90  # a busy shared machine takes its time to import Django
        while True:
            if proc.poll() is not None:
                raise RuntimeError("the web server exited; see var/bench-web.log")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the web server did not start listening") from None
                time.sleep(0.1)
        wait_for_workers(proc.pid, int(env.get("WEB_CONCURRENCY") or os.cpu_count() or 1))
        yield f"http://127.0.0.1:{port}", proc.pid
    finally:
        # The whole process group: py-spy, the server and its workers. SIGINT lets py-spy write its
        # profile; a server still busy with threads after that is killed.
        try:
            os.killpg(proc.pid, signal.SIGINT)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
        log.close()


def wait_for_workers(pid: int, workers: int, timeout: float = 30) -> None:
    """With several workers the port answers before all of them have loaded the application."""
    if workers <= 1:
        return
    deadline = time.monotonic() + timeout
    while len(process_tree(pid)) < workers + 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.5)  # the last worker imports Django after it has been forked


def process_tree(pid: int) -> list[int]:
    """The process and all its descendants."""
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo.extend(int(c) for c in (task / "children").read_text().split())
            except FileNotFoundError:
                pass
    return tree


def make_players(count: int, prefix: str = "bench") -> list[tuple[object, str]]:
    """(user, API token) pairs; no passwords, the API is used with tokens.

    Each key is stored both as this tree's hashed device token and, while DRF's token table is still
    installed, as a DRF token too, so the same key signs in to a server running the code from before
    the hashed tokens (bench/side_by_side.py, ``commit:<sha>``).
    """
    import secrets
    from datetime import timedelta

    from django.apps import apps
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.utils import timezone
    from knox.crypto import hash_token
    from knox.settings import CONSTANTS

    from accounts.models import ApiToken

    User = get_user_model()
    users = User.objects.bulk_create(
        [User(username=f"{prefix}{i}", email=f"{prefix}{i}@example.org", password="!") for i in range(count)]
    )
    keys = [secrets.token_hex(20) for _ in users]  # 40 characters: what DRF's token table holds
    expiry = timezone.now() + timedelta(days=settings.API_TOKEN_DAYS)
    ApiToken.objects.bulk_create(
        [
            ApiToken(
                digest=hash_token(key), token_key=key[: CONSTANTS.TOKEN_KEY_LENGTH], user=u, expiry=expiry, name="bench"
            )
            for u, key in zip(users, keys)
        ]
    )
    if apps.is_installed("rest_framework.authtoken"):
        from rest_framework.authtoken.models import Token

        Token.objects.bulk_create([Token(user=u, key=key) for u, key in zip(users, keys)])
    return list(zip(users, keys))


def rss_kib(pid: int) -> int:
    """Resident memory of a process and its descendants (the server and its workers)."""
    total = 0
    for member in process_tree(pid):
        for line in Path(f"/proc/{member}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def cpu_seconds(pid: int, tree: bool = True) -> float:
    """User plus system CPU time a process (and, with ``tree``, its descendants) has used so far."""
    total = 0.0
    for member in process_tree(pid) if tree else [pid]:
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def postgres_cpu_seconds(database_url: str = DEFAULT_DATABASE_URL) -> float:
    """CPU time used so far by the PostgreSQL backends serving the benchmark database."""
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        pids = [
            r[0]
            for r in conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ]
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid, tree=False)
        except FileNotFoundError:
            pass
    return total


class CpuMeter:
    """CPU used by the server process and the database backends between start() and stop()."""

    def __init__(self, pid: int):
        self.pid = pid

    def start(self) -> None:
        self.server, self.database = cpu_seconds(self.pid), postgres_cpu_seconds()

    def stop(self, requests: int) -> dict:
        server = cpu_seconds(self.pid) - self.server
        database = postgres_cpu_seconds() - self.database
        return {
            "server_cpu_ms_per_request": round(server * 1000 / max(requests, 1), 2),
            "postgres_cpu_ms_per_request": round(database * 1000 / max(requests, 1), 2),
        }
