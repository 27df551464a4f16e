"""The Redis cache shares one client and connection pool per process."""

import json
import pickle
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


def test_values_are_kept_as_json_and_integers_stay_countable():
    cache = RedisCache(URL, {})
    cache.set("config-cache-json", {"seats": [1, 2], "name": "Jörg"}, 30)
    raw = cache._cache.get_client().get(cache.make_and_validate_key("config-cache-json"))
    assert raw.startswith(b"json1:") and json.loads(raw[6:]) == {"seats": [1, 2], "name": "Jörg"}
    cache.set("config-cache-count", 1, 30)
    assert cache.incr("config-cache-count") == 2 and cache.get("config-cache-count") == 2
    cache.delete_many(["config-cache-json", "config-cache-count"])


def test_a_value_that_is_not_json_is_refused_and_a_pickle_reads_as_missing():
    cache = RedisCache(URL, {})
    with pytest.raises(TypeError):
        cache.set("config-cache-object", object(), 30)
    key = cache.make_and_validate_key("config-cache-pickle")
    cache._cache.get_client(write=True).set(key, pickle.dumps({"left": "by an earlier release"}), ex=30)
    assert cache.get("config-cache-pickle") is None
    cache.delete("config-cache-pickle")
