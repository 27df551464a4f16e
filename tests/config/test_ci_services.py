"""With CI=true a missing PostgreSQL or Redis stops the run instead of skipping the tests that need them."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_test_settings(**env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "CI": "true", **env}
    return subprocess.run(
        [sys.executable, "-c", "import config.settings_test"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("variable", "url", "service"),
    [
        ("DATABASE_URL", "postgres://postgres@127.0.0.1:1/nothing", "PostgreSQL"),
        ("DATABASE_URL", "sqlite:///nothing.sqlite3", "PostgreSQL"),
        ("REDIS_URL", "redis://127.0.0.1:1/0", "Redis"),
    ],
)
def test_ci_refuses_to_run_without_a_service(variable, url, service):
    result = _load_test_settings(**{variable: url})
    assert result.returncode != 0
    assert f"CI=true, but {service}" in result.stderr
