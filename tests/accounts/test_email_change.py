"""Changing the email address, the way to a password reset, asks for the current password."""

import pytest
from rest_framework.test import APIClient

from tests.factories import api_token, make_user

pytestmark = pytest.mark.django_db

PASSWORD = "pw-For-tests-123"  # tests.factories.make_user
SETTINGS = {"language": "en", "time_zone": "UTC", "turn_email": "immediate", "digest_hour": 8, "reminder_hours": 24}


def _api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


def test_the_api_refuses_a_new_email_without_the_password_and_changes_nothing():
    alice = make_user("alice")
    for body in (
        {"email": "eve@example.org", "display_name": "Eve"},
        {"email": "eve@example.org", "display_name": "Eve", "current_password": "wrong"},
    ):
        response = _api(alice).patch("/api/me/", body, format="json")
        assert response.status_code == 400
        assert response.json()["errors"]["current_password"] == [
            "Enter your current password to change your email address."
        ]
    alice.refresh_from_db()
    assert (alice.email, alice.display_name) == ("alice@example.org", "")


def test_the_api_changes_the_email_with_the_password_and_other_settings_without_it():
    alice = make_user("alice")
    api = _api(alice)
    assert api.patch("/api/me/", {"display_name": "Al", "email": "alice@example.org"}, format="json").status_code == 200
    response = api.patch("/api/me/", {"email": "new@example.org", "current_password": PASSWORD}, format="json")
    assert response.status_code == 200 and "current_password" not in response.json()
    alice.refresh_from_db()
    assert (alice.email, alice.display_name) == ("new@example.org", "Al")


def test_the_settings_page_asks_for_the_password_to_change_the_email(client):
    alice = make_user("alice")
    client.force_login(alice)
    page = client.post("/accounts/settings/", {**SETTINGS, "email": "eve@example.org"})
    assert page.status_code == 200
    assert "Enter your current password to change your email address." in page.content.decode()
    alice.refresh_from_db()
    assert alice.email == "alice@example.org"

    client.post("/accounts/settings/", {**SETTINGS, "email": "new@example.org", "current_password": PASSWORD})
    alice.refresh_from_db()
    assert alice.email == "new@example.org"


def test_the_settings_page_says_so_in_german(client):
    alice = make_user("alice", language="de")
    client.force_login(alice)
    page = client.post("/accounts/settings/", {**SETTINGS, "language": "de", "email": "eve@example.org"})
    assert "Gib dein aktuelles Passwort ein" in page.content.decode()
    assert "Aktuelles Passwort" in page.content.decode()


def test_wrong_passwords_are_limited_so_a_stolen_token_cannot_guess_the_password():
    from accounts.throttle import WRONG_PASSWORDS_PER_HOUR

    alice = make_user("alice")
    api = _api(alice)
    for _ in range(WRONG_PASSWORDS_PER_HOUR):
        wrong = api.patch("/api/me/", {"email": "eve@example.org", "current_password": "guess"}, format="json")
        assert wrong.json()["errors"]["current_password"] == [
            "Enter your current password to change your email address."
        ]
    refused = api.patch("/api/me/", {"email": "eve@example.org", "current_password": PASSWORD}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"]["current_password"] == [
        "Too many wrong passwords. Please wait an hour and try again."
    ]
    alice.refresh_from_db()
    assert alice.email == "alice@example.org"
    # Other settings are not held back.
    assert api.patch("/api/me/", {"display_name": "Al"}, format="json").status_code == 200
