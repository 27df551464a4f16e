"""API tokens stop working API_TOKEN_DAYS after they were handed out; the password gets a new one."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from knox.crypto import hash_token
from rest_framework.test import APIClient

from accounts.models import ApiToken
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _ask_for_token() -> dict:
    answer = APIClient().post("/api/auth/token/", {"username": "alice", "password": "pw-For-tests-123"}, format="json")
    assert answer.status_code == 200, answer.content
    return answer.json()


def _me(key: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.get("/api/me/")


def test_a_token_is_handed_out_with_the_moment_it_expires(settings):
    settings.API_TOKEN_DAYS = 30
    make_user("alice")
    answer = _ask_for_token()
    token = ApiToken.objects.get(digest=hash_token(answer["token"]))
    assert answer["expires"] == token.expiry.isoformat().replace("+00:00", "Z")
    assert abs(token.expiry - (token.created + timedelta(days=30))) < timedelta(seconds=1)
    # Asking again (another device) gives another token; both work.
    again = _ask_for_token()["token"]
    assert again != answer["token"] and _me(again).status_code == 200 and _me(answer["token"]).status_code == 200


def test_an_expired_token_is_refused_even_when_cached_and_the_password_gets_a_new_one(settings, monkeypatch):
    settings.API_TOKEN_DAYS = 30
    make_user("alice")
    old = _ask_for_token()["token"]
    assert _me(old).status_code == 200  # now in the cache

    later = timezone.now() + timedelta(days=30, seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    refused = _me(old)
    assert refused.status_code == 403
    assert refused.json()["detail"] == (
        "This API token has expired. Ask for a new one with your username and password."
    )
    assert not ApiToken.objects.filter(digest=hash_token(old)).exists()

    new = _ask_for_token()["token"]
    assert new != old and _me(new).status_code == 200


def test_asking_with_the_password_replaces_an_expired_token_that_was_never_used_again(settings, monkeypatch):
    settings.API_TOKEN_DAYS = 30
    make_user("alice")
    old = _ask_for_token()["token"]
    later = timezone.now() + timedelta(days=31)
    monkeypatch.setattr(timezone, "now", lambda: later)
    new = _ask_for_token()
    # The expired token is cleared away when the new one is handed out.
    assert new["token"] != old and ApiToken.objects.filter(user__username="alice").count() == 1
    assert _me(new["token"]).status_code == 200 and _me(old).status_code == 403


def _api_signup(email: str):
    return APIClient().post(
        "/api/auth/signup/", {"username": "zoe", "email": email, "password": "correct horse 42"}, format="json"
    )


def test_signing_up_over_the_api_sends_a_link_and_the_token_comes_once_the_address_is_confirmed():
    import re

    from django.core import mail

    answer = _api_signup("zoe@example.org")
    assert answer.status_code == 201, answer.content
    assert set(answer.json()) == {"username", "detail"}
    ask = {"username": "zoe", "password": "correct horse 42"}
    refused = APIClient().post("/api/auth/token/", ask, format="json")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "Confirm your email address first: follow the link we sent to it."
    (message,) = mail.outbox
    link = re.search(r"http://testserver(/accounts/confirm-email/[^\s]+/)", message.body).group(1)
    assert APIClient().post(link).status_code == 302
    token = APIClient().post("/api/auth/token/", ask, format="json").json()["token"]
    assert _me(token).status_code == 200


def test_signing_up_over_the_api_with_a_taken_address_answers_the_same_and_tells_the_owner():
    from django.core import mail

    make_user("alice")
    new, taken = (
        _api_signup("zoe@example.org"),
        APIClient().post(
            "/api/auth/signup/",
            {"username": "zed", "email": "alice@example.org", "password": "correct horse 42"},
            format="json",
        ),
    )
    assert (new.status_code, taken.status_code) == (201, 201)
    assert new.json()["detail"] == taken.json()["detail"] and taken.json()["username"] == "zed"
    assert not ApiToken.objects.exists() and not get_user_model().objects.filter(username="zed").exists()
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "zoe@example.org"]


def test_a_taken_username_is_still_said_over_the_api():
    make_user("zoe")
    answer = _api_signup("other@example.org")
    assert answer.status_code == 400 and "username" in answer.json()["errors"]


def test_the_expiry_is_explained_in_the_token_owners_language(settings, monkeypatch):
    settings.API_TOKEN_DAYS = 30
    make_user("alice", language="de")
    old = _ask_for_token()["token"]
    later = timezone.now() + timedelta(days=31)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert _me(old).json()["detail"] == (
        "Dieses API-Token ist abgelaufen. Fordere mit Benutzername und Passwort ein neues an."
    )


def test_what_the_release_before_kept_in_the_cache_does_not_break_authentication():
    import hashlib

    from django.core.cache import cache

    from tests.factories import api_token

    user = make_user("alice")
    key = api_token(user)
    # Until a deploy is complete, old and new servers share the cache; the old ones kept (user, issued)
    # or the user alone under a digest of the key.
    digest = hashlib.sha256(key.encode()).hexdigest()
    cache.set("auth-token:" + digest, user, 300)
    cache.set("auth-token:v2:" + digest, (user, timezone.now()), 300)
    assert _me(key).status_code == 200
