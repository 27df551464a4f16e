"""Production-like: two web processes (scripts/web.sh, uvicorn), a Celery worker and beat on PostgreSQL
and Redis. A move made through one web process reaches a WebSocket held by the other, and killing one
web process in the middle of a stream of moves loses nothing: every accepted move is in the game once,
and all the work that follows them (the bot's moves, notices) is done."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import uuid

import pytest
import requests
from websockets.sync.client import connect

from games.models import Game, Move
from plumbing.models import OutboxEntry
from tests.support.play import alice_moves, bot_game, bot_to_act
from tests.support.stack import Stack, needs_services, until

pytestmark = [needs_services, pytest.mark.django_db(transaction=True)]


def _versions_seen(ws, at_least: int, seconds: float) -> int:
    """Read the socket until it announces ``at_least`` (or later); the version announced."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = json.loads(ws.recv(timeout=max(deadline - time.monotonic(), 0.1)))
        if message.get("version", -1) >= at_least:
            return message["version"]
    pytest.fail(f"the socket never announced version {at_least}")


def _alices_turn(game: Game) -> bool:
    fresh = Game.objects.get(pk=game.pk)
    return fresh.status != Game.Status.ACTIVE or not bot_to_act(game)


def test_a_move_through_one_web_process_reaches_a_socket_on_the_other_and_a_killed_one_loses_nothing(tmp_path):
    alice, token, game = bot_game()
    stack = Stack(tmp_path)
    try:
        a = stack.web("web-a", wait=False)
        b = stack.web("web-b", wait=False)
        stack.worker(wait=False)
        stack.beat()
        stack.wait("web-a", "web-b", "worker")

        with connect(f"ws://127.0.0.1:{b}/ws/games/{game.pk}/", origin=f"http://127.0.0.1:{b}", open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "version"
            first_id = str(uuid.uuid4())
            answer = alice_moves(a, token, game, first_id)
            assert answer.status_code == 201, answer.content
            assert _versions_seen(ws, answer.json()["version"], 10) >= answer.json()["version"]

        # A stream of moves through web-a; web-a is killed while one of them is on its way, and the
        # client sends that move again, with the same move id, through web-b.
        accepted: list[str] = [first_id]
        port, killed = a, False
        for n in range(12):
            until(lambda: _alices_turn(game), 20, "alice's turn (the bot's moves)", stack.all_logs)
            if Game.objects.get(pk=game.pk).status != Game.Status.ACTIVE:
                break
            move_id = str(uuid.uuid4())
            if n == 4:
                answers: list = []

                def post(move_id: str = move_id, answers: list = answers) -> None:
                    try:
                        answers.append(alice_moves(a, token, game, move_id))
                    except requests.ConnectionError as exc:
                        answers.append(exc)

                sender = threading.Thread(target=post)
                sender.start()
                time.sleep(0.05)
                os.killpg(stack.procs["web-a"].pid, signal.SIGKILL)
                sender.join(timeout=30)
                killed, port = True, b
                first = answers[0]
                if isinstance(first, requests.Response) and first.status_code in (200, 201):
                    accepted.append(move_id)
                    continue
            answer = alice_moves(port, token, game, move_id)
            assert answer.status_code in (200, 201), answer.content  # 200: it had landed before the kill
            accepted.append(move_id)
        assert killed and len(accepted) >= 7

        until(
            lambda: not OutboxEntry.objects.filter(done_at__isnull=True).exists(),
            20,
            "all follow-up work done (beat's sweep included)",
            stack.all_logs,
        )
        until(lambda: _alices_turn(game), 20, "the bot's last moves", stack.all_logs)
    finally:
        stack.close()

    landed = list(Move.objects.filter(game=game, client_id__isnull=False).values_list("client_id", flat=True))
    assert sorted(str(m) for m in landed) == sorted(accepted)  # every accepted move once, no other
    seqs = list(Move.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, Game.objects.get(pk=game.pk).version + 1))
    assert not OutboxEntry.objects.filter(failed_at__isnull=False).exists()
