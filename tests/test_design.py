"""The design checks run with the suite: lint and format, types, the apps' layering, migrations, the lock.

Each runs its tool on the whole tree, as a developer would from the checkout; the tools' settings
are in pyproject.toml.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

# Formatted with `ruff format`. Files join this list when they are next changed and formatted; the
# whole tree at once would collide with the changes being made to it elsewhere.
FORMATTED = [
    "plumbing",
    "tests/plumbing",
    "tests/test_german_everywhere.py",
    "tests/support/english.py",
    "games/catalog_data.py",
    "tests/test_design.py",
    "config/access_log.py",
    "config/error_reporting.py",
    "config/health.py",
    "config/settings_test.py",
    "games/admin.py",
    "games/services/after_commit.py",
    "rankings/services/announcements.py",
    "games/services/bots.py",
    "games/services/broadcast.py",
    "games/services/changes.py",
    "games/services/errors.py",
    "games/services/moves.py",
    "games/services/rows.py",
    "games/services/timeouts.py",
    "games/services/turns.py",
    "notifications/admin.py",
    "rankings/admin.py",
    "tests/config/test_operations.py",
    "bench/side_by_side.py",
    "games/hot_api.py",
    "games/services/view_cache.py",
    "tests/games/test_hot_api.py",
    "tests/games/test_view_cache.py",
    "tests/config/test_two_web_processes.py",
    "notifications/services/emails.py",
    "rankings/receivers.py",
    "tests/notifications/test_email_outbox.py",
    "tests/support/die_at.py",
    "tests/support/play.py",
    "tests/support/smtp.py",
    "tests/support/stack.py",
]


def _run(*command: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False)


def _assert_passes(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, f"{' '.join(result.args)}\n{result.stdout}\n{result.stderr}"


def test_the_code_passes_the_linter():
    _assert_passes(_run(sys.executable, "-m", "ruff", "check", "."))


def test_formatted_files_stay_formatted():
    _assert_passes(_run(sys.executable, "-m", "ruff", "format", "--check", *FORMATTED))


def test_the_types_check_strictly_in_the_engines_and_cleanly_elsewhere():
    _assert_passes(_run(sys.executable, "-m", "mypy", "--no-error-summary"))


def test_the_apps_keep_their_layering():
    # Rules import no Django and no app; games import neither rankings nor notifications; accounts
    # and plumbing import no other app; only config's entry points import config.
    _assert_passes(_run(str(BIN / "lint-imports"), "--no-cache"))


def test_the_models_have_all_their_migrations():
    _assert_passes(_run(sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"))


def _pins(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text().splitlines():
        found = re.match(r"^([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?==([^\s;#]+)", line.strip())
        if found:
            pins[re.sub(r"[-_.]+", "-", found[1]).lower()] = found[2]
    return pins


@pytest.mark.parametrize("requirements", ["requirements.txt", "requirements-dev.txt"])
def test_the_lock_pins_every_requirement_at_its_version(requirements):
    lock = _pins(ROOT / "requirements-lock.txt")
    wanted = _pins(ROOT / requirements)
    assert wanted, f"{requirements} pins nothing"
    assert {name: version for name, version in wanted.items() if lock.get(name) != version} == {}, (
        "requirements-lock.txt is out of date: regenerate it (see its first lines)"
    )


def test_every_test_folder_is_a_package():
    # Without __init__.py two test modules of the same name in different folders collide, and a
    # helper module is found only through the folder pytest happened to put on the path.
    folders = {path.parent for path in (ROOT / "tests").rglob("*.py")}
    assert sorted(str(folder.relative_to(ROOT)) for folder in folders if not (folder / "__init__.py").exists()) == []
