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


def _run(*command: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False)


def _assert_passes(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, f"{' '.join(result.args)}\n{result.stdout}\n{result.stderr}"


def test_the_code_passes_the_linter():
    _assert_passes(_run(sys.executable, "-m", "ruff", "check", "."))


def test_the_whole_tree_is_formatted():
    _assert_passes(_run(sys.executable, "-m", "ruff", "format", "--check", "."))


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
