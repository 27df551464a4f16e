#!/usr/bin/env bash
# Installs the platform with its test tools into .venv and runs every test.
# PostgreSQL and Redis on 127.0.0.1 are used when they answer; the browser
# tests need Debian's chromium at /usr/bin/chromium.
# With arguments, pytest runs just those (e.g. scripts/test.sh tests/games -x).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt -c requirements-lock.txt
if [ "$#" -gt 0 ]; then
  exec .venv/bin/python -m pytest -q "$@"
fi
# The rules tests are pure Python and share nothing: two processes run them in about three quarters
# of the time. The rest (database, browser, servers and workers) runs in one process.
.venv/bin/python -m pytest -q -n 2 tests/rules
exec .venv/bin/python -m pytest -q --ignore=tests/rules
