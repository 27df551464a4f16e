"""The web server and the cache use Django internals that are not public API: config/http_handler.py
overrides ASGIHandler's request handling (read_body, create_request, send_response) and
config/cache.py reaches into the Redis cache backend. games/hot_api.py takes DRF's request,
settings and the router's action attributes outside a DRF view. config/hot_path.py builds a second
middleware chain as BaseHandler builds its own, in BaseHandler's attributes.

Each stays because a side-by-side run against the supported road paid for it (bench/side_by_side.py,
figures in bench/results/): Django's own ASGI handler took 1.52 times the server
CPU per request, Django's own Redis cache 1.42 times, HTTP from gunicorn (WSGI) 1.18 times. They
were verified on Django 5.2 (5.2.19) and DRF 3.18 only; a new Django or DRF must be checked against
them (tests/config/, tests/games/test_hot_api.py) and measured again before these ranges are widened.
"""

import inspect

import django
import rest_framework
from django.core.handlers.asgi import ASGIHandler

VERIFIED = ((5, 2), (5, 3))  # from, up to but not including
VERIFIED_DRF = ((3, 18), (3, 19))


def test_django_is_a_version_the_internals_were_verified_on():
    assert VERIFIED[0] <= django.VERSION[:2] < VERIFIED[1], django.get_version()


def test_drf_is_a_version_the_hot_requests_were_verified_on():
    version = tuple(int(part) for part in rest_framework.VERSION.split(".")[:2])
    assert VERIFIED_DRF[0] <= version < VERIFIED_DRF[1], rest_framework.VERSION


def test_the_asgi_handler_still_has_the_methods_the_server_relies_on():
    for name, parameters in (
        ("read_body", ["receive"]),
        ("create_request", ["scope", "body_file"]),
        ("send_response", ["response", "send"]),
    ):
        assert list(inspect.signature(getattr(ASGIHandler, name)).parameters)[1:] == parameters, name


def test_the_redis_cache_client_still_has_the_attributes_the_shared_client_uses():
    from django.core.cache.backends.redis import RedisCache, RedisCacheClient

    client = RedisCacheClient(["redis://127.0.0.1:6379/0"])
    for name in ("_servers", "_pool_options", "_client", "_get_connection_pool", "_get_connection_pool_index"):
        assert hasattr(client, name), name
    assert RedisCache("redis://127.0.0.1:6379/0", {})._class is RedisCacheClient


def test_the_move_action_still_carries_its_route_settings_for_the_hot_request():
    from games.api import GameViewSet

    assert GameViewSet.moves.kwargs["permission_classes"]
    assert GameViewSet.moves.mapping == {"post": "moves"}


def test_the_base_handler_still_builds_and_runs_its_chain_as_the_short_chain_does():
    from django.core.handlers.base import BaseHandler

    source = inspect.getsource(BaseHandler)
    for name in ("_view_middleware", "_template_response_middleware", "_exception_middleware", "_middleware_chain"):
        assert f"self.{name}" in source, name
    assert "self.resolve_request(request)" in inspect.getsource(BaseHandler._get_response)
    assert list(inspect.signature(BaseHandler.resolve_request).parameters) == ["self", "request"]
