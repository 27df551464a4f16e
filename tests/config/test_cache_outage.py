"""With Redis unreachable, pages and the API keep working: sessions come from the database, the token
cache and rate limits find nothing, and nothing turns into a server error."""

import pytest
from django.core.cache import cache
from django.test import Client

from tests.factories import api_token, make_user, start_toy_game

pytestmark = pytest.mark.django_db

# Nothing listens on port 1: every connection is refused at once.
UNREACHABLE = {
    "default": {
        "BACKEND": "config.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
}


@pytest.fixture
def redis_down(settings):
    settings.CACHES = UNREACHABLE


def test_the_cache_answers_like_an_empty_one_while_redis_is_down(redis_down):
    assert cache.get("k", "default") == "default"
    assert cache.add("k", 1) is True  # a lock is granted: limits let requests through meanwhile
    cache.set("k", 1)
    assert cache.get_many(["k"]) == {}
    with pytest.raises(ValueError):
        cache.incr("k")
    cache.delete("k")


def test_signing_in_and_the_signed_in_pages_work_while_redis_is_down(redis_down):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    client = Client()
    signed_in = client.post("/accounts/login/", {"username": "alice", "password": "pw-For-tests-123"})
    assert signed_in.status_code == 302
    for path in ("/", "/my-games/", "/accounts/settings/", "/notifications/", f"/games/{game.pk}/", "/players/bob/"):
        page = client.get(path)
        assert page.status_code == 200, path
        assert b"alice" in page.content, path
    assert client.post(f"/games/{game.pk}/chat/", {"text": "still here"}).status_code in (200, 302)


def test_the_api_with_a_token_works_while_redis_is_down(redis_down):
    alice = make_user("alice")
    key = api_token(alice)
    response = Client(HTTP_AUTHORIZATION=f"Token {key}").get("/api/me/")
    assert response.status_code == 200 and response.json()["username"] == "alice"
    assert (
        Client()
        .post(
            "/api/auth/token/", {"username": "alice", "password": "pw-For-tests-123"}, content_type="application/json"
        )
        .status_code
        == 200
    )
