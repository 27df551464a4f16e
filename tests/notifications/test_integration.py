"""End to end: a real Celery worker on Redis sweeps an overdue seat and mails everyone through a real SMTP server."""

from __future__ import annotations

import email
import email.policy
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection

from games.models import Player
from games.services.tables import start_seated_game
from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]
BROKER = os.environ.get("CELERY_TEST_BROKER_URL", "redis://127.0.0.1:6379/7")


def _redis_answers() -> bool:
    try:
        import redis

        return redis.Redis.from_url(BROKER, socket_connect_timeout=0.5).ping()
    except Exception:
        return False


pytestmark = [
    pytest.mark.django_db(transaction=True),
    # The broker's database is purged and a worker started: with pytest-xdist one worker at a time
    # runs these (--dist loadgroup).
    pytest.mark.xdist_group("servers"),
    pytest.mark.skipif(not _redis_answers(), reason="Redis is not reachable for the Celery broker"),
]


class Inbox:
    """Collects what the SMTP server receives."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        with self.lock:
            return [m for m in self.messages if address in str(m["To"])]


@pytest.fixture
def smtp_server():
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield inbox, port
    controller.stop()


def _database_url() -> str:
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"


def _start_worker(smtp_port: int, log_path: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": BROKER,
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
        "SITE_URL": "https://club.example.org",
    }
    env.pop("REDIS_URL", None)  # in-memory channel layer and cache for the worker
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
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
            f"itest-{os.getpid()}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=log_path.open("w"),
        stderr=subprocess.STDOUT,
    )


def test_a_worker_on_redis_times_out_a_seat_and_the_smtp_server_receives_the_emails(smtp_server, tmp_path):
    from celery import Celery

    inbox, port = smtp_server
    ann = make_user("ann", language="de", time_zone="Europe/Berlin")
    ben = make_user("ben")
    game = start_seated_game("san-juan", [ann, ben], seed=7)  # a real engine: the worker knows no test engines
    victim = Player.objects.select_related("user").filter(game=game, must_act=True).first()
    # The deadline has passed.
    Player.objects.filter(pk=victim.pk).update(deadline=victim.deadline - timedelta(days=4))

    client = Celery(broker=BROKER)
    client.control.purge()
    log = tmp_path / "worker.log"
    worker = _start_worker(port, log)
    try:
        client.send_task("games.tasks.sweep_timeouts")
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if (
                len(inbox.to(ann.email)) >= 1
                and len(inbox.to(ben.email)) >= 1
                and any("Zeit" in str(m["Subject"]) for m in inbox.to(ann.email))
            ):
                break
            if worker.poll() is not None:
                break
            time.sleep(0.3)
        else:
            pytest.fail("no email arrived in time:\n" + log.read_text()[-4000:])
        assert worker.poll() is None, log.read_text()[-4000:]
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
        client.close()

    victim.refresh_from_db()
    assert victim.timeouts == 1
    timeout_for_ann = next(m for m in inbox.to(ann.email) if "Zeit" in str(m["Subject"]))
    assert (
        str(timeout_for_ann["List-Unsubscribe"])
        .strip()
        .startswith("<https://club.example.org/notifications/unsubscribe/")
    )
    assert timeout_for_ann["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    parts = {part.get_content_type(): part.get_content() for part in timeout_for_ann.walk() if not part.is_multipart()}
    assert set(parts) == {"text/plain", "text/html"}
    assert f"https://club.example.org/games/{game.pk}/" in parts["text/plain"]
    assert "Hallo ann" in parts["text/plain"]
    assert f'href="https://club.example.org/games/{game.pk}/"' in parts["text/html"]
