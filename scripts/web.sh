#!/usr/bin/env bash
# The production web process: HTTP and WebSockets (config.asgi) under uvicorn,
# one worker process per core unless WEB_CONCURRENCY says otherwise. Workers
# share nothing but PostgreSQL and Redis, so REDIS_URL must be set when more
# than one runs (the channel layer carries WebSocket announcements between them).
set -euo pipefail
cd "$(dirname "$0")/.."
exec uvicorn config.asgi:application \
  --host "${HOST:-0.0.0.0}" --port "${PORT:-8000}" \
  --workers "${WEB_CONCURRENCY:-$(nproc)}" \
  --no-access-log --lifespan off \
  --no-proxy-headers  # the client address comes from TRUSTED_PROXY_COUNT (config/client_address.py)
