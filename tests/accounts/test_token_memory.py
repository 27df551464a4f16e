"""Tokens resolved in the process are dropped in every process when revoked (accounts/token_memory.py)."""

import os
import time
from unittest import mock

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.token_memory import TokenMemory
from tests.factories import api_token, make_user
from tests.support.redis import needs_redis

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/4")


def _hearing(memory: TokenMemory) -> TokenMemory:
    deadline = time.monotonic() + 5
    while not memory._usable():
        assert time.monotonic() < deadline, "the memory never subscribed"
        time.sleep(0.02)
    return memory


@needs_redis
def test_a_drop_in_one_process_reaches_the_others_at_once():
    here, there = _hearing(TokenMemory(REDIS_URL)), _hearing(TokenMemory(REDIS_URL))
    there.put("d1", "token-1", there.generation)
    there.put("d2", "token-2", there.generation)
    assert there.get("d1") == "token-1"
    here.drop(["d1"])
    deadline = time.monotonic() + 2
    while there.get("d1") is not None:
        assert time.monotonic() < deadline, "the other process still serves the revoked token"
        time.sleep(0.005)
    assert there.get("d2") == "token-2"
    here.close()
    there.close()


@needs_redis
def test_a_drop_stays_within_its_deployment():
    ours, theirs = _hearing(TokenMemory(REDIS_URL, "club-a:")), _hearing(TokenMemory(REDIS_URL, "club-b:"))
    twin = _hearing(TokenMemory(REDIS_URL, "club-a:"))
    for memory in (ours, theirs, twin):
        memory.put("d1", "token-1", memory.generation)
    ours.drop(["d1"])
    deadline = time.monotonic() + 2
    while twin.get("d1") is not None:
        assert time.monotonic() < deadline, "a process of the same deployment still serves the revoked token"
        time.sleep(0.005)
    assert theirs.get("d1") == "token-1"
    for memory in (ours, theirs, twin):
        memory.close()


def test_a_process_that_cannot_hear_the_drops_keeps_nothing():
    deaf = TokenMemory("redis://127.0.0.1:1/0")  # nothing listens on port 1
    deaf.put("d", "token", deaf.generation)
    assert deaf.get("d") is None
    deaf.close()


def test_a_token_read_before_a_drop_is_not_kept_after_it():
    memory = TokenMemory(None)
    read_in = memory.generation
    memory.drop(["d"])  # revoked while it was being read from the database
    memory.put("d", "stale", read_in)
    assert memory.get("d") is None
    memory.put("d", "fresh", memory.generation)
    assert memory.get("d") == "fresh"


def test_entries_expire(monkeypatch):
    from accounts import token_memory

    memory = TokenMemory(None)
    memory.put("d", "token", memory.generation)
    later = time.monotonic() + token_memory.TTL_S + 1
    monkeypatch.setattr(token_memory.time, "monotonic", lambda: later)
    assert memory.get("d") is None


@pytest.mark.django_db
def test_the_hot_path_reads_neither_the_database_nor_the_shared_cache():
    from accounts.token_memory import memory

    if memory._url:
        _hearing(memory)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(make_user('alice'))}")
    assert client.get("/api/me/").status_code == 200
    with (
        mock.patch.object(cache, "get", wraps=cache.get) as reads,
        mock.patch.object(ApiToken.objects, "select_related", wraps=ApiToken.objects.select_related) as queries,
    ):
        assert client.get("/api/me/").status_code == 200
    assert not any(str(c.args[0]).startswith("auth-token:") for c in reads.call_args_list)
    assert queries.call_count == 0
