"""The production processes for a test: a private redis-server (broker, channel layer and cache),
Celery workers and beat, and web processes (uvicorn), on the test's PostgreSQL database."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
CI = os.environ.get("CI", "").lower() == "true"


def missing_services() -> str:
    """Why the process tests cannot run here ("" when they can)."""
    if connection.vendor != "postgresql":
        return "needs PostgreSQL (the processes share the test database)"
    if not shutil.which("redis-server"):
        return "needs redis-server for a private broker"
    return ""


# In CI a missing service is a failure (config/settings_test.py and the fixtures raise), not a skip.
needs_services = pytest.mark.skipif(bool(missing_services()) and not CI, reason=missing_services() or "-")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def until(check: Callable[[], object], seconds: float, what: str, logs: Callable[[], str] = lambda: "") -> object:
    """Poll ``check`` until it gives something true; fail naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within {seconds} s\n{logs()}")
        time.sleep(0.1)


def database_url() -> str:
    s = connection.settings_dict
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    host = f"{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}"
    return f"postgres://{s.get('USER') or 'postgres'}{password}@{host}/{s['NAME']}"


class Stack:
    def __init__(self, workdir: Path, smtp_port: int | None = None):
        self.dir = workdir
        self.redis_port = free_port()
        self.redis: subprocess.Popen | None = None
        self.procs: dict[str, subprocess.Popen] = {}
        self.ports: dict[str, int] = {}
        self.ready_mark: dict[str, tuple[str, int]] = {}
        self.logs: dict[str, Path] = {}
        url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.broker = url
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": database_url(),
            "DATABASE_POOL_SIZE": "2",
            "REDIS_URL": url,
            "CELERY_BROKER_URL": url,
            "CELERY_VISIBILITY_TIMEOUT": "5",
            "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}" if smtp_port else "consolemail://",
            "SITE_URL": "https://club.example.org",
            "OUTBOX_GRACE_SECONDS": "1",
            "OUTBOX_SWEEP_SECONDS": "1",
            "OUTBOX_RETRY_SECONDS": "1",
            "PYTHONUNBUFFERED": "1",
            "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}",  # uvicorn for scripts/web.sh
            "LOG_LEVEL": "INFO",
            "ACCESS_LOG": "false",
        }
        for name in ("DJANGO_ALLOW_ASYNC_UNSAFE", "CELERY_RESULT_BACKEND"):
            self.env.pop(name, None)
        self.start_redis()

    # --- redis ---------------------------------------------------------------------------------------

    def start_redis(self) -> None:
        self.redis = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
            ],
            stdout=subprocess.DEVNULL,
        )
        until(lambda: listening(self.redis_port), 10, "redis-server starting")

    def stop_redis(self) -> None:
        if self.redis is not None:
            self.redis.kill()
            self.redis.wait(timeout=10)
            self.redis = None

    # --- processes -----------------------------------------------------------------------------------

    def _start(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        log = self.logs.setdefault(name, self.dir / f"{name}.log")
        proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env={**self.env, **(env or {})},
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs[name] = proc
        return proc

    def log(self, name: str) -> str:
        path = self.logs.get(name)
        return path.read_text(errors="replace")[-4000:] if path and path.exists() else ""

    def all_logs(self) -> str:
        return "\n".join(f"--- {name}\n{self.log(name)}" for name in self.logs)

    def worker(self, name: str = "worker", die_at: str = "none", wait: bool = True) -> None:
        self.ready_mark[name] = ("ready.", len(self.log_since(name, 0)))
        self._start(
            name,
            [
                sys.executable,
                "-m",
                "tests.support.die_at",
                die_at,
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "-l",
                "info",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"{name}-{os.getpid()}@%h",
            ],
        )
        if wait:
            self.wait(name)

    def beat(self) -> None:
        self._start(
            "beat",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "-l",
                "info",
                "-s",
                str(self.dir / "beat-schedule"),
            ],
        )

    def web(self, name: str, die_at: str | None = None, wait: bool = True) -> int:
        """A web process as scripts/web.sh starts it (or, to die at a point, uvicorn in-process); its port."""
        port = free_port()
        self.ports[name] = port
        if die_at is None:
            self._start(name, ["scripts/web.sh"], {"PORT": str(port), "HOST": "127.0.0.1", "WEB_CONCURRENCY": "1"})
        else:
            self._start(name, [sys.executable, "-m", "tests.support.die_at", die_at, "uvicorn", "127.0.0.1", str(port)])
        if wait:
            self.wait(name)
        return port

    def _ready(self, name: str) -> bool:
        if name in self.ports:
            return listening(self.ports[name])
        mark, offset = self.ready_mark[name]
        return mark in self.log_since(name, offset)

    def wait(self, *names: str) -> None:
        """Until each named process is ready (started together, they start side by side)."""
        for name in names:
            proc = self.procs[name]
            until(lambda n=name, p=proc: self._ready(n) or p.poll() is not None, 60, f"{name} starting", self.all_logs)
            assert self.procs[name].poll() is None, self.log(name)

    def log_since(self, name: str, offset: int) -> str:
        path = self.logs.get(name)
        return path.read_text(errors="replace")[offset:] if path and path.exists() else ""

    def kill(self, name: str) -> None:
        proc = self.procs.pop(name, None)
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        if proc is not None:
            proc.wait(timeout=10)

    def died(self, name: str) -> bool:
        return self.procs[name].poll() is not None

    def send(self, task: str, *args) -> None:
        from celery import Celery

        client = Celery(broker=self.broker)
        try:
            client.send_task(task, args=list(args))
        finally:
            client.close()

    def sweep(self, worker: str = "worker") -> None:
        """Run the outbox sweep on the worker and wait until it (and what it handed out before) is done."""

        def finished() -> int:
            return self.log_since(worker, 0).count("plumbing.tasks.sweep_outbox[") - self.log_since(worker, 0).count(
                "Received task: plumbing.tasks.sweep_outbox["
            )

        before = finished()
        self.send("plumbing.tasks.sweep_outbox")
        until(lambda: finished() > before, 20, "the outbox sweep", self.all_logs)

    def close(self) -> None:
        for name in list(self.procs):
            self.kill(name)
        self.stop_redis()
