"""The Redis cache shares one client and connection pool per process."""

import threading

import pytest

from config.cache import RedisCache
from tests.support.redis import needs_redis

pytestmark = [
    needs_redis,
    # Fixed keys in a fixed Redis database: with pytest-xdist one worker runs them (--dist loadgroup).
    pytest.mark.xdist_group("servers"),
]

URL = "redis://127.0.0.1:6379/11"


def test_cache_objects_in_different_threads_share_one_client():
    clients = []

    def use_cache():
        cache = RedisCache(URL, {})
        clients.append(cache._cache.get_client(write=True))
        clients.append(cache._cache.get_client(write=False))

    threads = [threading.Thread(target=use_cache) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(clients) == 6 and len({id(c) for c in clients}) == 1


def test_values_round_trip_through_the_shared_client():
    cache = RedisCache(URL, {})
    cache.set("config-cache-test", {"seat": 2}, 30)
    assert RedisCache(URL, {}).get("config-cache-test") == {"seat": 2}
    cache.delete("config-cache-test")
