"""Addresses count once confirmed: existing ones are, a changed one is after its link is followed."""

import importlib
import re

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.core import mail

from accounts import emails
from accounts.models import User
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "pw-For-tests-123"
SETTINGS = {"language": "en", "time_zone": "UTC", "turn_email": "immediate", "digest_hour": 8, "reminder_hours": 24}


def test_existing_accounts_keep_their_address_confirmed():
    migration = importlib.import_module("accounts.migrations.0005_confirmed_email_addresses")
    old = User.objects.create_user("olga", "Olga@Example.org", PASSWORD)
    already = make_user("alice")
    migration.confirm_existing(apps, None)
    migration.confirm_existing(apps, None)  # running it again changes nothing
    assert emails.is_verified(old) and emails.is_verified(already)
    assert EmailAddress.objects.filter(user=old).count() == 1 and EmailAddress.objects.count() == 2


def test_a_changed_address_gets_no_email_until_confirmed_and_signing_in_still_works(client):
    alice = make_user("alice")
    client.force_login(alice)
    page = client.post(
        "/accounts/settings/", {**SETTINGS, "email": "new@example.org", "current_password": PASSWORD}, follow=True
    )
    assert "We have sent a link to your new email address" in page.content.decode()
    alice.refresh_from_db()
    assert alice.email == "new@example.org" and not emails.is_verified(alice)
    (message,) = mail.outbox
    assert message.to == ["new@example.org"]
    # The old, confirmed address still signs in until the new one is confirmed.
    assert emails.has_confirmed_any(alice)

    link = re.search(r"http://testserver(/accounts/confirm-email/[^\s]+/)", message.body).group(1)
    assert client.post(link).status_code == 302
    alice.refresh_from_db()
    assert emails.is_verified(alice)
    assert list(EmailAddress.objects.filter(user=alice).values_list("email", "primary")) == [("new@example.org", True)]


def test_the_api_change_of_address_asks_for_confirmation_too():
    from rest_framework.test import APIClient

    from tests.factories import api_token

    alice = make_user("alice")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {api_token(alice)}")
    answer = api.patch("/api/me/", {"email": "new@example.org", "current_password": PASSWORD}, format="json")
    assert answer.status_code == 200
    alice.refresh_from_db()
    assert not emails.is_verified(alice) and [m.to for m in mail.outbox] == [["new@example.org"]]


def test_another_accounts_address_is_told_only_after_the_password(client):
    alice = make_user("alice")
    make_user("bob")
    client.force_login(alice)
    without = client.post("/accounts/settings/", {**SETTINGS, "email": "bob@example.org"}).content.decode()
    assert "already exists" not in without and "Enter your current password" in without
    with_password = client.post(
        "/accounts/settings/", {**SETTINGS, "email": "bob@example.org", "current_password": PASSWORD}
    ).content.decode()
    assert "already exists" in with_password
    alice.refresh_from_db()
    assert alice.email == "alice@example.org"


def test_the_demo_players_addresses_count_as_confirmed():
    from games.services import demo

    users, _ = demo.load_demo()
    assert all(emails.is_verified(u) for u in users)


def test_the_api_tells_another_accounts_address_only_after_the_password():
    from rest_framework.test import APIClient

    from tests.factories import api_token

    alice = make_user("alice")
    make_user("bob")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {api_token(alice)}")
    without = api.patch("/api/me/", {"email": "bob@example.org"}, format="json").json()
    assert set(without["errors"]) == {"current_password"}
    with_password = api.patch("/api/me/", {"email": "bob@example.org", "current_password": PASSWORD}, format="json")
    assert with_password.status_code == 400 and set(with_password.json()["errors"]) == {"email"}


def test_the_settings_page_says_when_the_address_is_not_confirmed(client):
    client.force_login(make_user("alice", verified=False))
    assert 'id="email-unconfirmed"' in client.get("/accounts/settings/").content.decode()
    client.force_login(make_user("bob"))
    assert 'id="email-unconfirmed"' not in client.get("/accounts/settings/").content.decode()


def test_allauths_address_page_asks_for_the_password_first(client):
    alice = make_user("alice")
    client.force_login(alice)
    page = client.get("/accounts/email/")
    assert page.status_code == 200 and 'class="panel narrow"' in page.content.decode()
    answer = client.post("/accounts/email/", {"action_add": "", "email": "eve@example.org"})
    assert answer.status_code == 302 and answer.url.startswith("/accounts/reauthenticate/")
    assert not EmailAddress.objects.filter(email="eve@example.org").exists() and not mail.outbox
