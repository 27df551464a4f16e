"""The README's first command serves games on SQLite: one player moving as fast as the answers come,
against a bot that plays inline (eager tasks) between their moves, never gets "database is locked"."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import requests

from tests.support.stack import free_port, listening, until

ROOT = Path(__file__).resolve().parents[2]
MOVES = 120

SET_UP = """
from accounts import tokens
from accounts.models import User
from games.models import Game
from games.services import tables
user = User.objects.create_user("solo", "solo@example.org", "pw-For-tests-123")
table = tables.create_table(user, "san-juan", 2, {}, bots=1)
print(Game.objects.get(table=table).pk, tokens.issue(user, "tests")[1])
"""


@pytest.fixture
def sqlite_server(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "CELERY_", "REDIS_", "DATABASE_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        PYTHONUNBUFFERED="1",
    )
    env.pop("CI", None)
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput"], cwd=ROOT, env=env, check=True, capture_output=True, timeout=300)
    made = subprocess.run(
        [*manage, "shell", "-c", SET_UP], cwd=ROOT, env=env, check=True, capture_output=True, text=True, timeout=120
    )
    game_id, token = made.stdout.split()[-2:]
    port = free_port()
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"], cwd=ROOT, env=env, stdout=log, stderr=log
    )
    try:
        until(lambda: listening(port), 60, "the server", lambda: (tmp_path / "server.log").read_text())
        yield f"http://127.0.0.1:{port}", int(game_id), token
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_a_player_moving_against_an_inline_bot_on_sqlite_never_gets_a_503(sqlite_server):
    base, game_id, token = sqlite_server
    headers = {"Authorization": f"Token {token}"}
    answers: list[int] = []
    session = requests.Session()
    while len(answers) < MOVES:
        game = session.get(f"{base}/api/games/{game_id}/", headers=headers, timeout=30)
        answers.append(game.status_code)
        if game.status_code != 200:
            continue
        view = game.json()
        if view["status"] != "active":
            break
        if not view["legal_moves"]:
            continue  # the bot is still at it
        moved = session.post(
            f"{base}/api/games/{game_id}/moves/",
            json={"move": view["legal_moves"][0], "version": view["version"], "move_id": str(uuid.uuid4())},
            headers=headers,
            timeout=30,
        )
        answers.append(moved.status_code)
    assert 503 not in answers and 500 not in answers, answers
    assert answers.count(201) >= 10, answers
