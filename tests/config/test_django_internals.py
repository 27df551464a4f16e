"""The web server and the cache use Django internals that are not public API: config/http_handler.py
overrides ASGIHandler's request handling (read_body, create_request, send_response) and
config/cache.py reaches into the Redis cache backend. They were verified on Django 5.2 only;
a new Django must be checked against them (tests/config/) before this range is widened."""

import inspect

import django
from django.core.handlers.asgi import ASGIHandler

VERIFIED = ((5, 2), (5, 3))  # from, up to but not including


def test_django_is_a_version_the_internals_were_verified_on():
    assert VERIFIED[0] <= django.VERSION[:2] < VERIFIED[1], django.get_version()


def test_the_asgi_handler_still_has_the_methods_the_server_relies_on():
    for name, parameters in (("read_body", ["receive"]), ("create_request", ["scope", "body_file"]),
                             ("send_response", ["response", "send"])):
        assert list(inspect.signature(getattr(ASGIHandler, name)).parameters)[1:] == parameters, name


def test_the_redis_cache_client_still_has_the_attributes_the_shared_client_uses():
    from django.core.cache.backends.redis import RedisCache, RedisCacheClient

    client = RedisCacheClient(["redis://127.0.0.1:6379/0"])
    for name in ("_servers", "_pool_options", "_client", "_get_connection_pool", "_get_connection_pool_index"):
        assert hasattr(client, name), name
    assert RedisCache("redis://127.0.0.1:6379/0", {})._class is RedisCacheClient
