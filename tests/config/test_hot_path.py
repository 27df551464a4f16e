"""The short middleware chain of the two hot API routes (config/hot_path.py)."""

import pytest
from django.conf import settings
from django.urls import resolve
from rest_framework.test import APIClient

from config import hot_path
from games import hot_api
from tests.factories import make_user, start_toy_game

# What the short chain leaves out, each for the reason config/hot_path.py gives.
LEFT_OUT = {
    "config.hot_path.HotPathMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
}


def test_the_short_chain_is_the_whole_chain_in_its_order_without_the_middleware_named_in_its_module():
    assert settings.MIDDLEWARE[0] == "config.hot_path.HotPathMiddleware"
    assert settings.HOT_PATH_MIDDLEWARE == [m for m in settings.MIDDLEWARE if m not in LEFT_OUT]
    for path in LEFT_OUT - {"config.hot_path.HotPathMiddleware"}:
        assert path.rsplit(".", 1)[-1].removesuffix("Middleware").lower() in hot_path.__doc__.lower(), path


@pytest.mark.parametrize(
    "path",
    ["/api/games/1/", "/api/games/123456/moves/", "/api/games/", "/api/games/1/log/", "/api/games/x/", "/games/1/"],
)
def test_the_hot_routes_resolve_as_in_the_whole_url_configuration(path):
    chain = hot_path._ShortChain()
    assert chain.prefix == "/api/games/"
    try:
        whole = resolve(path)
    except Exception:  # noqa: BLE001 - no route at all
        whole = None
    try:
        short = chain.routes.resolve(path)
    except Exception:  # noqa: BLE001
        short = None
    if short is not None:
        assert whole is not None and (short.func, short.kwargs) == (whole.func, whole.kwargs)
    else:
        assert whole is None or whole.func not in (hot_api.game_view, hot_api.move)


@pytest.fixture
def counted(monkeypatch):
    """How many requests the short chain answered."""
    calls = []
    original = hot_path._ShortChain.__call__
    monkeypatch.setattr(
        hot_path._ShortChain, "__call__", lambda self, request: calls.append(1) or original(self, request)
    )
    return calls


@pytest.mark.django_db
def test_plain_json_requests_take_the_short_chain_and_others_the_whole(counted):
    game = start_toy_game(make_user("alice"), make_user("bob"))
    client = APIClient()
    client.force_login(game.players.get(seat=0).user)  # a token's request would take the direct road
    assert client.get(f"/api/games/{game.pk}/").status_code == 200
    assert len(counted) == 1
    assert client.get(f"/api/games/{game.pk}/?format=json").status_code == 200
    assert client.get(f"/api/games/{game.pk}/", HTTP_ACCEPT="text/html").status_code == 200
    assert client.get("/api/catalog/").status_code == 200
    assert client.get(f"/api/games/{game.pk}/moves/").status_code == 405
    assert len(counted) == 1


@pytest.mark.django_db
def test_an_answer_of_the_short_chain_has_its_length_as_every_other_answer(counted):
    game = start_toy_game(make_user("alice"), make_user("bob"))
    answer = APIClient().get(f"/api/games/{game.pk}/")
    assert counted and int(answer["Content-Length"]) == len(answer.content)
