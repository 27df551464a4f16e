"""Test settings: PostgreSQL and Redis on 127.0.0.1 when they answer, else SQLite and memory."""

import os
import socket
from typing import Any
from urllib.parse import urlsplit


def _reachable(port: int, host: str = "127.0.0.1") -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.3):
            return True
    except OSError:
        return False


def _answers(url: str, default_port: int) -> bool:
    parts = urlsplit(url)
    return _reachable(parts.port or default_port, parts.hostname or "127.0.0.1")


if "DATABASE_URL" not in os.environ and _reachable(5432):
    os.environ["DATABASE_URL"] = "postgres://postgres@127.0.0.1:5432/test"
if "REDIS_URL" not in os.environ and _reachable(6379):
    os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/3"
os.environ.setdefault("DJANGO_DEBUG", "true")

if os.environ.get("CI", "").lower() == "true":
    # In CI the lock, race, fault and worker tests must run, not be skipped for want of a service.
    database, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    missing = [
        name
        for name, ok in (
            ("PostgreSQL", database.startswith("postgres") and _answers(database, 5432)),
            ("Redis", redis.startswith("redis") and _answers(redis, 6379)),
        )
        if not ok
    ]
    if missing:
        raise RuntimeError(
            f"CI=true, but {' and '.join(missing)} did not answer (DATABASE_URL, REDIS_URL or "
            "127.0.0.1): the tests that need them would be skipped."
        )

from config.settings import *  # noqa: E402,F401,F403
from config.settings import BASE_DIR, CHANNEL_LAYERS, DATABASES  # noqa: E402

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, so that a live server in another process sees the same data.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "var" / f"test-{os.getpid()}.sqlite3")}
    (BASE_DIR / "var").mkdir(exist_ok=True)
else:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # No pool: live servers run in forked processes, and the test database must be free to drop.
    DATABASES["default"].get("OPTIONS", {}).pop("pool", None)
    # Named explicitly so a live server in a forked process finds the same database.
    DATABASES["default"]["TEST"] = {"NAME": "test_" + DATABASES["default"]["NAME"]}

# Redis publish/subscribe channels are one namespace for all database numbers: each test process
# (a pytest-xdist worker, a second run beside this one) gets a prefix of its own, so it never hears
# another's groups. Live servers are forked from it and keep its prefix.
CHANNEL_GROUP_PREFIX = f"test{os.getpid()}"
_layer: dict[str, Any] = CHANNEL_LAYERS["default"]
if _layer["BACKEND"].startswith("channels_redis"):
    _layer["CONFIG"]["prefix"] = CHANNEL_GROUP_PREFIX

# Each test run creates its databases afresh, and game ids start again at 1: the read snapshots a run
# before this one left in Redis (for a couple of minutes) must not be found by this one.
READ_SNAPSHOT_PREFIX = f"test{os.getpid()}:game-read:"

CELERY_TASK_ALWAYS_EAGER = True
OUTBOX_EAGER_SWEEP_SECONDS = 0  # tests run pending entries when they mean to (tests/plumbing/test_outbox_eager.py)
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Each process's own memory: clearing it between tests (tests/conftest.py) cannot reach another
# pytest-xdist worker, as a FLUSHDB of a shared Redis database would.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
