"""Tests that talk to the Redis on 127.0.0.1 are skipped where none answers."""

import socket

import pytest


def redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


needs_redis = pytest.mark.skipif(not redis_answers(), reason="needs Redis on 127.0.0.1:6379")
