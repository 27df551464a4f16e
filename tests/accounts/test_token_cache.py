"""API tokens are looked up once, and a revoked token or a deactivated account stops working at once."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _refused(response) -> bool:
    # DRF answers 403 here: session authentication comes first and asks for no credentials scheme.
    return response.status_code == 403 and response.json()["code"] == "authentication_failed"


def _token_queries(client: APIClient) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get("/api/me/").status_code == 200
    return sum(Token._meta.db_table in q["sql"] for q in captured.captured_queries)


def test_a_token_is_looked_up_in_the_database_once():
    token = Token.objects.create(user=make_user("alice"))
    client = _client(token.key)
    assert _token_queries(client) == 1
    assert _token_queries(client) == 0


def test_a_deleted_token_is_refused_on_the_next_request():
    token = Token.objects.create(user=make_user("alice"))
    client = _client(token.key)
    assert client.get("/api/me/").status_code == 200
    token.delete()
    assert _refused(client.get("/api/me/"))


def test_a_deactivated_account_is_refused_on_the_next_request():
    user = make_user("alice")
    client = _client(Token.objects.create(user=user).key)
    assert client.get("/api/me/").status_code == 200
    user.is_active = False
    user.save()
    assert _refused(client.get("/api/me/"))


def test_a_changed_setting_shows_on_the_next_request():
    user = make_user("alice")
    client = _client(Token.objects.create(user=user).key)
    assert client.get("/api/me/").json()["language"] == "en"
    user.language = "de"
    user.save()
    assert client.get("/api/me/").json()["language"] == "de"


def test_an_unknown_token_is_refused():
    assert _refused(_client("0" * 40).get("/api/me/"))


def test_the_cache_holds_a_digest_of_the_token_never_the_token():
    from django.core.cache import cache

    token = Token.objects.create(user=make_user("alice"))
    _client(token.key).get("/api/me/")
    keys = list(cache._cache.keys())  # the test settings use the local-memory cache
    assert keys and not any(token.key in k for k in keys)


def test_a_token_can_be_revoked_and_a_new_one_obtained():
    make_user("alice")
    first = APIClient().post("/api/auth/token/", {"username": "alice", "password": "pw-For-tests-123"},
                             format="json").json()["token"]
    client = _client(first)
    assert client.get("/api/me/").status_code == 200
    assert client.delete("/api/auth/token/").status_code == 204
    assert _refused(client.get("/api/me/"))
    second = APIClient().post("/api/auth/token/", {"username": "alice", "password": "pw-For-tests-123"},
                              format="json").json()["token"]
    assert second != first and _client(second).get("/api/me/").status_code == 200


def test_revoking_needs_a_signed_in_caller():
    assert APIClient().delete("/api/auth/token/").status_code in (401, 403)


def test_a_new_password_ends_api_access_with_the_old_token(client):
    user = make_user("alice")
    api = _client(Token.objects.create(user=user).key)
    assert api.get("/api/me/").status_code == 200
    client.force_login(user)
    page = client.post("/accounts/password/change/", {
        "old_password": "pw-For-tests-123", "new_password1": "a-New-pass-4567", "new_password2": "a-New-pass-4567"})
    assert page.status_code == 302
    assert _refused(api.get("/api/me/"))
    assert not Token.objects.filter(user=user).exists()


def test_other_changes_to_the_account_keep_the_token():
    user = make_user("alice")
    key = Token.objects.create(user=user).key
    user.display_name = "Al"
    user.save()
    assert _client(key).get("/api/me/").status_code == 200



def test_a_token_users_answers_follow_their_language_not_the_clients_headers():
    from tests.factories import start_toy_game

    game = start_toy_game(make_user("alice"), make_user("bob"))
    waiting = game.players.get(must_act=False).user
    waiting.language = "de"
    waiting.save()
    client = _client(Token.objects.create(user=waiting).key)

    answer = client.post(f"/api/games/{game.pk}/moves/", {"move": {"type": "pass"}, "version": 0}, format="json",
                         HTTP_ACCEPT_LANGUAGE="en")

    assert answer.status_code == 403
    assert answer.json()["detail"] == "Du bist nicht am Zug."
    assert answer["Content-Language"] == "de"
