"""Test settings: PostgreSQL and Redis on 127.0.0.1 when they answer, else SQLite and memory."""
import os
import socket


def _reachable(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.3):
            return True
    except OSError:
        return False


if "DATABASE_URL" not in os.environ and _reachable(5432):
    os.environ["DATABASE_URL"] = "postgres://postgres@127.0.0.1:5432/test"
if "REDIS_URL" not in os.environ and _reachable(6379):
    os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/3"
os.environ.setdefault("DJANGO_DEBUG", "true")

from config.settings import *  # noqa: E402,F401,F403
from config.settings import BASE_DIR, DATABASES  # noqa: E402

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

CELERY_TASK_ALWAYS_EAGER = True
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
