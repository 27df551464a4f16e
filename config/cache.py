"""Django's Redis cache, with one client and one connection pool per process.

Django keeps a cache object per thread and async context, and each of those
made its own connection pool; under ASGI every request runs in a fresh
context, so every request opened a new Redis connection. Django also builds
a new ``redis.Redis`` for every operation, and redis-py fills a table of some
170 reply handlers in each. Both cost more than the round trip of a ``GET``.
A client and its pool are safe to share between threads.
"""
import threading

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

_clients: dict[tuple, object] = {}
_lock = threading.Lock()


class _SharedClient(RedisCacheClient):
    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        shared = (self._servers[index], repr(sorted(self._pool_options.items())))
        client = _clients.get(shared)
        if client is None:
            with _lock:
                client = _clients.get(shared)
                if client is None:
                    client = _clients[shared] = self._client(connection_pool=self._get_connection_pool(write))
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _SharedClient
