"""PostgreSQL connections come from a pool, so that ASGI requests share a few connections."""

import json
import os
import subprocess
import sys
import textwrap

import pytest
from django.conf import settings
from django.db import connection

ROOT = settings.BASE_DIR


def _run(code: str, **env_vars: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "true", **env_vars})
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


SHOW_DATABASE = """
    import json, django
    django.setup()
    from django.conf import settings
    db = settings.DATABASES["default"]
    print(json.dumps({"conn_max_age": db["CONN_MAX_AGE"], "pool": db.get("OPTIONS", {}).get("pool")}))
"""


def test_postgresql_connections_are_pooled_by_default():
    result = _run(SHOW_DATABASE, DATABASE_URL="postgres://someone@db.example.org:5432/games")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"conn_max_age": 0, "pool": {"min_size": 2, "max_size": 10, "timeout": 10}}


def test_pool_size_zero_falls_back_to_persistent_connections():
    result = _run(
        SHOW_DATABASE,
        DATABASE_URL="postgres://someone@db.example.org:5432/games",
        DATABASE_POOL_SIZE="0",
        DATABASE_CONN_MAX_AGE="30",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"conn_max_age": 30, "pool": None}


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's")
def test_statements_a_connection_repeats_are_prepared():
    from django.contrib.auth import get_user_model

    for _ in range(3):
        list(get_user_model().objects.filter(username="nobody"))
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [statement for (statement,) in cursor.fetchall()]
    assert any("accounts_user" in statement and "username" in statement for statement in prepared), prepared
