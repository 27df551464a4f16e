"""Django's Redis cache, with one client and one connection pool per process, that degrades when Redis
is away.

Django keeps a cache object per thread and async context, and each of those
made its own connection pool; under ASGI every request runs in a fresh
context, so every request opened a new Redis connection. Django also builds
a new ``redis.Redis`` for every operation, and redis-py fills a table of some
170 reply handlers in each. Both cost more than the round trip of a ``GET``.
A client and its pool are safe to share between threads.

Everything kept in this cache can be done without (sessions live in the database behind it, tokens
are looked up again, presence is a hint), so while Redis cannot be reached a read finds nothing and
a write is dropped, with a warning in the log, instead of turning every page into an error. Rate
limits count nothing meanwhile: they let requests through rather than lock everybody out.
"""

import functools
import json
import logging
import threading

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

_clients: dict[tuple, object] = {}
_lock = threading.Lock()


def _without_redis(fallback):
    """``fallback(*args)`` is the answer of the wrapped operation while Redis cannot be reached."""

    def wrap(operation):
        @functools.wraps(operation)
        def run(self, *args, **kwargs):
            try:
                return operation(self, *args, **kwargs)
            except (RedisError, OSError) as exc:
                logger.warning("Cache unavailable in %s: %s", operation.__name__, exc)
                return fallback(*args)

        return run

    return wrap


def _missing_key(*args):
    # What incr() says for a key that is not there; the callers' fallback for that case applies.
    raise ValueError("The cache is unavailable.")


class JSONSerializer:
    """Cache values as versioned JSON, not pickles: a process of another release can neither run nor
    misread what this one wrote. Integers stay plain so that ``incr`` works on them, as in Django's
    own serializer; a value that is not JSON (a model instance) is refused when it is written, and
    one this release cannot read (a pickle an earlier release left) reads as missing."""

    PREFIX = b"json1:"

    def dumps(self, obj):
        if type(obj) is int:
            return obj
        return self.PREFIX + json.dumps(obj, separators=(",", ":")).encode()

    def loads(self, data):
        try:
            return int(data)
        except ValueError:
            pass
        if not data.startswith(self.PREFIX):
            return None
        return json.loads(data[len(self.PREFIX) :])


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

    get = _without_redis(lambda key, default: default)(RedisCacheClient.get)
    get_many = _without_redis(lambda keys: {})(RedisCacheClient.get_many)
    has_key = _without_redis(lambda key: False)(RedisCacheClient.has_key)
    # "Added": a lock taken with add() (allauth's rate limits take one per count) is granted, so that
    # the limits let requests through instead of making everyone wait for a lock and then refusing.
    add = _without_redis(lambda *args: True)(RedisCacheClient.add)
    set = _without_redis(lambda *args: None)(RedisCacheClient.set)
    set_many = _without_redis(lambda *args: [])(RedisCacheClient.set_many)
    touch = _without_redis(lambda *args: False)(RedisCacheClient.touch)
    delete = _without_redis(lambda key: False)(RedisCacheClient.delete)
    delete_many = _without_redis(lambda keys: None)(RedisCacheClient.delete_many)
    incr = _without_redis(_missing_key)(RedisCacheClient.incr)
    clear = _without_redis(lambda: False)(RedisCacheClient.clear)


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        params = {**params, "OPTIONS": {"serializer": JSONSerializer, **params.get("OPTIONS", {})}}
        super().__init__(server, params)
        self._class = _SharedClient
