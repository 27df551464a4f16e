"""API tokens are looked up once, and a revoked token or a deactivated account stops working at once."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from accounts.models import ApiToken
from tests.factories import api_token, make_user
from tests.support.redis import needs_redis

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
    return sum(ApiToken._meta.db_table in q["sql"] for q in captured.captured_queries)


def test_a_token_is_looked_up_in_the_database_once():
    client = _client(api_token(make_user("alice")))
    assert _token_queries(client) == 1
    assert _token_queries(client) == 0


def test_a_deleted_token_is_refused_on_the_next_request():
    user = make_user("alice")
    client = _client(api_token(user))
    assert client.get("/api/me/").status_code == 200
    ApiToken.objects.get(user=user).delete()
    assert _refused(client.get("/api/me/"))


def test_a_deactivated_account_is_refused_on_the_next_request():
    user = make_user("alice")
    client = _client(api_token(user))
    assert client.get("/api/me/").status_code == 200
    user.is_active = False
    user.save()
    assert _refused(client.get("/api/me/"))


def test_a_changed_setting_shows_on_the_next_request():
    user = make_user("alice")
    client = _client(api_token(user))
    assert client.get("/api/me/").json()["language"] == "en"
    user.language = "de"
    user.save()
    assert client.get("/api/me/").json()["language"] == "de"


def test_an_unknown_token_is_refused():
    assert _refused(_client("0" * 40).get("/api/me/"))


def test_the_cache_holds_a_digest_of_the_token_never_the_token():
    from django.core.cache import cache

    key = api_token(make_user("alice"))
    assert _client(key).get("/api/me/").status_code == 200
    keys = list(cache._cache.keys())  # the test settings use the local-memory cache
    values = [str(v) for v in cache._cache.values()]
    assert keys and not any(key in k for k in keys) and not any(key in v for v in values)


def test_a_token_can_be_revoked_and_a_new_one_obtained():
    make_user("alice")
    first = (
        APIClient()
        .post("/api/auth/token/", {"username": "alice", "password": "pw-For-tests-123"}, format="json")
        .json()["token"]
    )
    client = _client(first)
    assert client.get("/api/me/").status_code == 200
    assert client.delete("/api/auth/token/").status_code == 204
    assert _refused(client.get("/api/me/"))
    second = (
        APIClient()
        .post("/api/auth/token/", {"username": "alice", "password": "pw-For-tests-123"}, format="json")
        .json()["token"]
    )
    assert second != first and _client(second).get("/api/me/").status_code == 200


def test_revoking_needs_a_signed_in_caller():
    assert APIClient().delete("/api/auth/token/").status_code in (401, 403)


def test_a_new_password_ends_api_access_with_the_old_token(client):
    user = make_user("alice")
    api = _client(api_token(user))
    assert api.get("/api/me/").status_code == 200
    client.force_login(user)
    page = client.post(
        "/accounts/password/change/",
        {"oldpassword": "pw-For-tests-123", "password1": "a-New-pass-4567", "password2": "a-New-pass-4567"},
    )
    assert page.status_code == 302
    assert _refused(api.get("/api/me/"))
    assert not ApiToken.objects.filter(user=user).exists()


def test_other_changes_to_the_account_keep_the_token():
    user = make_user("alice")
    key = api_token(user)
    user.display_name = "Al"
    user.save()
    assert _client(key).get("/api/me/").status_code == 200


def test_a_token_users_answers_follow_their_language_not_the_clients_headers():
    from tests.factories import start_toy_game

    game = start_toy_game(make_user("alice"), make_user("bob"))
    waiting = game.players.get(must_act=False).user
    waiting.language = "de"
    waiting.save()
    client = _client(api_token(waiting))

    answer = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move": {"type": "pass"}, "version": 0},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert answer.status_code == 403
    assert answer.json()["detail"] == "Du bist nicht am Zug."
    assert answer["Content-Language"] == "de"


def _obtain(name: str | None = None, agent: str = "test-agent/1.0") -> str:
    body = {"username": "alice", "password": "pw-For-tests-123", **({"name": name} if name else {})}
    answer = APIClient().post("/api/auth/token/", body, format="json", HTTP_USER_AGENT=agent)
    assert answer.status_code == 200, answer.content
    return answer.json()["token"]


def test_each_device_gets_its_own_token_stored_only_as_a_digest():
    user = make_user("alice")
    phone, laptop = _obtain("Phone"), _obtain(agent="Firefox on Linux")
    assert phone != laptop
    names = sorted(ApiToken.objects.filter(user=user).values_list("name", flat=True))
    assert names == ["Firefox on Linux", "Phone"]
    stored = list(ApiToken.objects.values_list("digest", "token_key"))
    assert not any(key in digest for key in (phone, laptop) for digest, _prefix in stored)
    assert all(_client(key).get("/api/me/").status_code == 200 for key in (phone, laptop))


def test_logging_out_revokes_only_the_token_in_use():
    make_user("alice")
    phone, laptop = _obtain("Phone"), _obtain("Laptop")
    assert _client(phone).get("/api/me/").status_code == 200
    assert _client(phone).post("/api/auth/logout/").status_code == 204
    assert _refused(_client(phone).get("/api/me/"))
    assert _client(laptop).get("/api/me/").status_code == 200


def test_logging_out_needs_a_token():
    assert APIClient().post("/api/auth/logout/").status_code in (401, 403)
    client = APIClient()
    client.force_login(make_user("alice"))
    assert client.post("/api/auth/logout/").status_code in (401, 403)


def test_the_token_endpoint_takes_the_email_address_too():
    make_user("alice")
    answer = APIClient().post(
        "/api/auth/token/", {"username": "alice@example.org", "password": "pw-For-tests-123"}, format="json"
    )
    assert answer.status_code == 200 and _client(answer.json()["token"]).get("/api/me/").status_code == 200


def test_a_user_keeps_a_bounded_number_of_devices():
    from accounts import tokens

    user = make_user("alice")
    keys = [tokens.issue(user, f"device {i}")[1] for i in range(tokens.TOKENS_PER_USER + 2)]
    assert ApiToken.objects.filter(user=user).count() == tokens.TOKENS_PER_USER
    assert _refused(_client(keys[0]).get("/api/me/")) and _client(keys[-1]).get("/api/me/").status_code == 200


def test_the_settings_page_lists_the_devices_and_revokes_one(client):
    user = make_user("alice")
    phone, laptop = _obtain("Phone"), _obtain("Laptop")
    assert _client(phone).get("/api/me/").status_code == 200  # cached now
    client.force_login(user)
    page = client.get("/accounts/settings/").content.decode()
    assert "Phone" in page and "Laptop" in page and phone not in page and laptop not in page
    digest = ApiToken.objects.get(name="Phone").digest
    answer = client.post("/accounts/settings/tokens/revoke/", {"token": digest})
    assert answer.status_code == 302
    assert _refused(_client(phone).get("/api/me/"))
    assert _client(laptop).get("/api/me/").status_code == 200


def test_nobody_revokes_another_users_token(client):
    make_user("alice")
    phone = _obtain("Phone")
    client.force_login(make_user("mallory"))
    answer = client.post("/accounts/settings/tokens/revoke/", {"token": ApiToken.objects.get().digest})
    assert answer.status_code == 404
    assert _client(phone).get("/api/me/").status_code == 200


def test_tokens_of_the_release_before_are_moved_and_keep_working(settings):
    import importlib
    from datetime import timedelta

    from django.apps import apps
    from rest_framework.authtoken.models import Token

    migration = importlib.import_module("accounts.migrations.0004_api_tokens")
    settings.API_TOKEN_DAYS = 90
    user = make_user("alice")
    old = Token.objects.create(user=user)
    migration.move_tokens(apps, None)
    assert not Token.objects.exists()  # no plain key is left in the database
    moved = ApiToken.objects.get(user=user)
    assert moved.created == old.created and moved.expiry == old.created + timedelta(days=90)
    assert _client(old.key).get("/api/me/").status_code == 200


@needs_redis
def test_a_token_in_the_redis_cache_is_kept_as_json_and_read_back_without_the_database(settings):
    from django.core.cache import cache

    from accounts.token_memory import memory

    settings.CACHES = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": settings.REDIS_URL}}
    cache.clear()
    user = make_user("alice", language="de")
    client = _client(api_token(user))
    assert _token_queries(client) == 1
    memory.clear()  # another process: nothing of the token in its memory
    with CaptureQueriesContext(connection) as captured:
        answer = client.get("/api/me/")
    assert answer.status_code == 200 and answer.json()["username"] == "alice" and answer["Content-Language"] == "de"
    assert not any(ApiToken._meta.db_table in q["sql"] for q in captured.captured_queries)
    stored = cache._cache.get_client()
    raw = [stored.get(k) for k in stored.keys("*auth-token*")]
    assert raw and all(value.startswith(b"json1:") for value in raw)
    cache.clear()
