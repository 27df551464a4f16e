"""Without PostgreSQL the platform runs on SQLite (the README's commands work on a bare machine).

The suite runs on PostgreSQL where it answers, so the hand-written SQL of the move
and view path is run once more here on SQLite, in a separate test run.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
ON_SQLITE = [
    "tests/games/test_rows.py",
    "tests/games/test_seats.py",
    "tests/games/test_moves.py",
    "tests/games/test_api.py",
    "tests/accounts/test_input_errors.py",
    "tests/config/test_request_limits.py",
    "tests/config/test_cache_outage.py",
]


@pytest.mark.skipif(connection.vendor == "sqlite", reason="the whole suite runs on SQLite already")
def test_the_games_rows_moves_and_api_pass_their_tests_on_sqlite(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    env.pop("CI", None)  # this run leaves PostgreSQL out on purpose; CI's check for it does not apply
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", *ON_SQLITE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout.splitlines()[-1]
