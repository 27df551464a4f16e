#!/usr/bin/env bash
# Installs the platform into .venv, prepares the database with demo players
# and tables, and serves it (HTTP and WebSockets) on http://127.0.0.1:8000/.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py load_demo
exec .venv/bin/python manage.py runserver "${HOST:-127.0.0.1}:${PORT:-8000}"
