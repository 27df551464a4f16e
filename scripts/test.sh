#!/usr/bin/env bash
# Installs the platform with its test tools into .venv and runs every test.
# PostgreSQL and Redis on 127.0.0.1 are used when they answer; the browser
# tests need Debian's chromium at /usr/bin/chromium.
# Arguments go to pytest, e.g. `-n auto` for parallel workers (README, "Tests").
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt -c requirements-lock.txt
exec .venv/bin/python -m pytest -q "$@"
