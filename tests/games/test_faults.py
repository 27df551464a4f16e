"""No lost or doubled moves when things break: a failure halfway through a move, retries, races,
an unreachable or restarted Redis, and a Celery worker killed in the middle of a timeout."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.db import connection, connections, transaction
from django.utils import timezone
from rest_framework.test import APIClient

from config.asgi import application
from config.redis_hosts import channel_layer_host
from games import signals
from games.models import Game, Move, Player
from games.services import changes
from games.services.errors import ServiceError
from games.services.moves import submit_move
from plumbing import broadcast as plumbing_broadcast
from tests.factories import api_token, make_user, start_toy_game

ROOT = Path(__file__).resolve().parents[2]
needs_postgres = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks")

# A Redis server on a fixed port and a Celery broker database: with pytest-xdist one worker at a time
# runs these (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("servers")


def _stored(game: Game) -> tuple:
    fresh = Game.objects.get(pk=game.pk)
    players = list(Player.objects.filter(game=game).values_list("seat", "must_act", "deadline", "timeouts"))
    return fresh.version, json.dumps(fresh.state, sort_keys=True), Move.objects.filter(game=game).count(), players


def _mover(game: Game):
    return game.players.get(seat=game.state["turn"]).user


# --- a move that fails halfway ---------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("breaking", ["update_turns", "schedule"])
def test_a_move_failing_after_the_state_is_applied_leaves_nothing_and_the_retry_lands(monkeypatch, breaking):
    game = start_toy_game(make_user("alice"), make_user("bob"))
    user, before = _mover(game), _stored(game)
    move = {"type": "play", "card": game.state["hands"][game.state["turn"]][0]}
    move_id = uuid.uuid4()

    def explode(*args, **kwargs):
        raise RuntimeError("disk full")

    target = changes if breaking == "update_turns" else changes.after_commit
    original = getattr(target, breaking)
    monkeypatch.setattr(target, breaking, explode)
    with pytest.raises(RuntimeError):
        submit_move(game.pk, user, move, version=0, move_id=move_id)
    assert _stored(game) == before

    monkeypatch.setattr(target, breaking, original)
    outcome = submit_move(game.pk, user, move, version=0, move_id=move_id)
    assert not outcome.repeated and outcome.game.version == 1
    again = submit_move(game.pk, user, move, version=0, move_id=move_id)
    assert again.repeated and again.move.pk == outcome.move.pk
    assert Move.objects.filter(game=game).count() == 1


@pytest.mark.django_db
def test_an_unreachable_channel_layer_does_not_fail_a_stored_move(monkeypatch, django_capture_on_commit_callbacks):
    game = start_toy_game(make_user("alice"), make_user("bob"))
    started = []
    receiver = lambda sender, game, seats, **kw: started.append(seats)  # noqa: E731
    signals.turn_started.connect(receiver)

    class DownLayer:
        async def group_send(self, group, message):
            raise ConnectionError("Redis is restarting")

    monkeypatch.setattr(plumbing_broadcast, "get_channel_layer", lambda: DownLayer())
    try:
        with django_capture_on_commit_callbacks(execute=True):
            outcome = submit_move(game.pk, _mover(game), {"type": "pass"}, version=0, move_id=uuid.uuid4())
    finally:
        signals.turn_started.disconnect(receiver)
    assert outcome.game.version == 1 and Game.objects.get(pk=game.pk).version == 1
    assert started == [[1]], "the turn announcement must still go out"


# --- retries and races ------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_move_id_lands_once_and_is_not_reused_for_another_move():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    user = _mover(game)
    move_id = uuid.uuid4()
    first = submit_move(game.pk, user, {"type": "pass"}, version=0, move_id=move_id)
    for _ in range(3):
        again = submit_move(game.pk, user, {"type": "pass"}, version=0, move_id=str(move_id))
        assert again.repeated and again.game.version == 1 and again.move.pk == first.move.pk
    now = Game.objects.get(pk=game.pk)
    legal = {"type": "play", "card": now.state["hands"][now.state["turn"]][0]}
    with pytest.raises(ServiceError) as exc:
        submit_move(game.pk, _mover(now), legal, version=1, move_id=move_id)
    assert exc.value.status == 409 and exc.value.code == "move_id_reused"
    assert Move.objects.filter(game=game).count() == 1 and Game.objects.get(pk=game.pk).version == 1


def _api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_different_moves_on_one_version_one_wins_the_other_gets_409():
    game = start_toy_game(make_user("alice"), make_user("bob"))
    user = _mover(game)
    card = game.state["hands"][game.state["turn"]][0]
    bodies = [
        {"move": move, "version": 0, "move_id": str(uuid.uuid4())}
        for move in [{"type": "pass"}, {"type": "play", "card": card}] * 3
    ]
    barrier = threading.Barrier(len(bodies))
    answers = []

    def post(body):
        client = _api(user)
        barrier.wait()
        try:
            answers.append(client.post(f"/api/games/{game.pk}/moves/", body, format="json"))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(b,)) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(a.status_code for a in answers)
    assert codes == [201] + [409] * (len(bodies) - 1), codes
    assert all(a.json()["version"] == 1 for a in answers if a.status_code == 409)
    assert Move.objects.filter(game=game).count() == 1 and Game.objects.get(pk=game.pk).version == 1


# --- Redis restarted under connected clients ----------------------------------------------------

REDIS_PORT = 6391


def _free(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def _start_redis(port: int, workdir: Path) -> subprocess.Popen:
    proc = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(100):
        if not _free(port):
            return proc
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("redis-server did not start")


def _stop(proc: subprocess.Popen) -> None:
    proc.kill()
    proc.wait(timeout=10)


@pytest.fixture
def private_redis(settings, tmp_path):
    if not shutil.which("redis-server") or not _free(REDIS_PORT):
        pytest.skip("needs redis-server and a free port")
    url = f"redis://127.0.0.1:{REDIS_PORT}/0"
    # The layer production uses with Redis (config/settings.py).
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [channel_layer_host(url)]},
        }
    }
    channel_layers.backends.clear()
    box = {"proc": _start_redis(REDIS_PORT, tmp_path), "dir": tmp_path}
    yield box
    _stop(box["proc"])
    channel_layers.backends.clear()


async def _connect(game_id: int) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/games/{game_id}/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await comm.connect(timeout=5)
    assert connected
    return comm


def _without_to_act(frame: dict) -> dict:
    return {key: value for key, value in frame.items() if key != "to_act"}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_moves_are_stored_through_a_redis_restart_and_clients_catch_up(private_redis):
    # Four players, so that three passes in a row do not end the game.
    game = await database_sync_to_async(lambda: start_toy_game(*(make_user(n) for n in ("a", "b", "c", "d"))))()
    watcher = await _connect(game.pk)
    assert (await watcher.receive_json_from(timeout=5))["version"] == 0

    def play(version):
        fresh = Game.objects.get(pk=game.pk)
        return submit_move(game.pk, _mover(fresh), {"type": "pass"}, version=version, move_id=uuid.uuid4())

    await database_sync_to_async(play)(0)
    assert _without_to_act(await watcher.receive_json_from(timeout=5)) == {
        "type": "version",
        "version": 1,
        "status": "active",
    }

    _stop(private_redis["proc"])
    outcome = await database_sync_to_async(play)(1)  # Redis is down: the move is still stored
    assert outcome.game.version == 2
    private_redis["proc"] = _start_redis(REDIS_PORT, private_redis["dir"])

    # A client whose socket survived learns the version it missed from its next ping and is back in
    # the group; one that lost its socket reconnects and is told the version at once.
    survivor_alive = True
    try:
        await watcher.send_json_to({"type": "ping"})
        pong = await watcher.receive_json_from(timeout=5)
        assert pong == {"type": "pong", "version": 2}
    except Exception:  # noqa: BLE001 - its consumer died with the old connection: daphne closes the socket
        survivor_alive = False
    fresh = await _connect(game.pk)
    assert await fresh.receive_json_from(timeout=5) == {"type": "version", "version": 2}

    await database_sync_to_async(play)(2)
    assert _without_to_act(await fresh.receive_json_from(timeout=5)) == {
        "type": "version",
        "version": 3,
        "status": "active",
    }
    if survivor_alive:
        assert _without_to_act(await watcher.receive_json_from(timeout=5)) == {
            "type": "version",
            "version": 3,
            "status": "active",
        }
        await watcher.disconnect()
    await fresh.disconnect()
    assert await database_sync_to_async(lambda: Move.objects.filter(game=game).count())() == 3


# --- a Celery worker killed in the middle of a timeout --------------------------------------------

BROKER = "redis://127.0.0.1:6379/10"


def _worker(queue: str, log: Path) -> subprocess.Popen:
    db = connection.settings_dict
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "CELERY_BROKER_URL": BROKER,
        "CELERY_RESULT_BACKEND": BROKER,
        "CELERY_VISIBILITY_TIMEOUT": "1",
        "PYTHONUNBUFFERED": "1",
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT'] or 5432}/"
        f"{db['NAME']}",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    out = log.open("ab")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool",
            "solo",
            "-Q",
            queue,
            "--without-heartbeat",
            "--without-mingle",
            "--without-gossip",
            "-l",
            "info",
        ],
        cwd=ROOT,
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    for _ in range(600):
        if b"ready." in log.read_bytes():
            return proc
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise RuntimeError("the worker did not start:\n" + log.read_text(errors="replace")[-3000:])


def _waiting_for_me() -> int:
    with connection.cursor() as cursor:
        # Sessions waiting for a lock this one holds (pg_locks is live; pg_stat_activity is a snapshot
        # taken once per transaction).
        cursor.execute(
            "SELECT count(DISTINCT pid) FROM pg_locks "
            "WHERE NOT granted AND pg_backend_pid() = ANY(pg_blocking_pids(pid))"
        )
        return cursor.fetchone()[0]


def _clean_broker(queue: str, task_ids: list[str]) -> None:
    import redis

    broker = redis.Redis.from_url(BROKER)
    keys = [*broker.scan_iter(f"*{queue}*"), *(f"celery-task-meta-{t}" for t in task_ids)]
    if keys:
        broker.delete(*keys)
    for tag, payload in broker.hscan_iter("unacked"):  # left by a worker killed before it acknowledged
        if queue.encode() in payload:
            broker.hdel("unacked", tag)
            broker.zrem("unacked_index", tag)
    broker.close()


def _broker_reachable() -> bool:
    return not _free(6379)


@needs_postgres
@pytest.mark.skipif(not _broker_reachable(), reason="needs Redis on 127.0.0.1:6379 as the Celery broker")
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_during_a_timeout_and_the_rerun_apply_it_exactly_once(tmp_path):
    from celery import Celery

    from games.services import tables

    alice, bob = make_user("alice"), make_user("bob")
    table = tables.create_table(alice, "san-juan", 2)
    tables.join_table(table.pk, bob)
    game = Game.objects.get(table=table)
    late = Player.objects.filter(game=game, must_act=True).order_by("seat").first()
    Player.objects.filter(pk=late.pk).update(deadline=timezone.now() - timedelta(minutes=5))
    # What the beat's sweep hands to a worker for this seat.
    seats = [[late.pk, Player.objects.get(pk=late.pk).deadline.isoformat(), game.pk]]

    queue = f"faults-{uuid.uuid4().hex[:8]}"
    client = Celery(broker=BROKER, backend=BROKER)
    log = tmp_path / "worker.log"
    sent = []
    worker = _worker(queue, log)
    try:
        with transaction.atomic():
            # Hold the game row: the worker's timeout blocks on it, in the middle of its task.
            Game.objects.select_for_update().get(pk=game.pk)
            first = client.send_task("games.tasks.apply_timeouts", args=[seats], queue=queue)
            sent.append(first)
            for _ in range(1200):
                if _waiting_for_me():
                    break
                time.sleep(0.05)
            else:
                pytest.fail("the worker never reached the timeout:\n" + log.read_text(errors="replace")[-3000:])
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)
        assert Player.objects.get(pk=late.pk).timeouts == 0 and Game.objects.get(pk=game.pk).version == 0

        # A new worker picks up the killed worker's task again (late ack), and the next sweep hands the
        # same seat out once more.
        worker = _worker(queue, log)
        second = client.send_task("games.tasks.apply_timeouts", args=[seats], queue=queue)
        sent.append(second)
        applied = first.get(timeout=90) + second.get(timeout=90)
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)
        _clean_broker(queue, [r.id for r in sent])
        client.close()
    assert applied == 1
    assert Player.objects.get(pk=late.pk).timeouts == 1
    timeout_moves = [m for m in Move.objects.filter(game=game) if any(e.get("timeout") for e in m.events)]
    assert len(timeout_moves) == 1 and Game.objects.get(pk=game.pk).version >= 1


# --- one broken game must not stall the timeouts of all others -------------------------------------


@pytest.mark.django_db
def test_a_timeout_that_fails_does_not_stop_the_sweep_for_the_other_games():
    from games.services import timeouts

    broken = start_toy_game(make_user("alice"), make_user("bob"))
    healthy = start_toy_game(make_user("carol"), make_user("dave"))
    # The broken game's seat is overdue first, so a sweep that stops at it would never reach the other.
    Player.objects.filter(game=broken, must_act=True).update(deadline=timezone.now() - timedelta(hours=2))
    Player.objects.filter(game=healthy, must_act=True).update(deadline=timezone.now() - timedelta(hours=1))
    Game.objects.filter(pk=broken.pk).update(game_slug="retired-game")  # its engine is gone

    assert timeouts.sweep() == 1
    assert Game.objects.get(pk=healthy.pk).version == 1
    assert Game.objects.get(pk=broken.pk).version == 0
    assert Player.objects.get(game=broken, must_act=True).timeouts == 0


def test_presence_without_a_cache_means_nobody_is_watching(monkeypatch):
    from django.core.cache import cache

    from games.services import presence

    def down(*args, **kwargs):
        raise ConnectionError("Redis is restarting")

    for name in ("get", "set", "delete"):
        monkeypatch.setattr(cache, name, down)
    presence.mark_watching(1, 2, "chan")
    presence.unmark_watching(1, 2, "chan")
    assert presence.is_watching(1, 2) is False
