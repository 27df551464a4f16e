import re
import zoneinfo

import pytest
from django.core import mail

from accounts.models import User
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def test_signup_logs_in_and_lands_in_the_lobby(client):
    response = client.post("/accounts/signup/", {"username": "zoe", "email": "zoe@example.org",
                                                 "password1": "a-Strong-pass-77", "password2": "a-Strong-pass-77"})
    assert response.status_code == 302 and response.url == "/"
    assert "Welcome, zoe" in client.get("/").content.decode()


def test_signup_refuses_a_taken_email_and_weak_password(client):
    make_user("alice")
    response = client.post("/accounts/signup/", {"username": "al", "email": "alice@example.org",
                                                 "password1": "123", "password2": "123"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "already exists" in page and "too short" in page
    assert not User.objects.filter(username="al").exists()


def test_login_and_logout(client):
    make_user("alice")
    assert client.post("/accounts/login/", {"username": "alice", "password": "wrong"}).status_code == 200
    response = client.post("/accounts/login/", {"username": "alice", "password": "pw-For-tests-123"})
    assert response.status_code == 302
    assert "alice" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()


def test_login_is_rate_limited(client, settings):
    settings.AUTH_ATTEMPTS_PER_MINUTE = 3
    make_user("alice")
    codes = [client.post("/accounts/login/", {"username": "alice", "password": "no"}).status_code
             for _ in range(4)]
    assert codes[-1] == 429


def test_password_reset_by_email(client):
    make_user("alice")
    client.post("/accounts/password/reset/", {"email": "alice@example.org"})
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.org"] and "alice" in message.body
    link = re.search(r"http://[^\s]+/accounts/password/reset/[^\s]+/", message.body).group(0)
    path = link.split("testserver", 1)[1]
    form_page = client.get(path, follow=True)
    response = client.post(form_page.redirect_chain[-1][0],
                           {"new_password1": "brand-New-pass-9", "new_password2": "brand-New-pass-9"})
    assert response.status_code == 302
    assert client.login(username="alice", password="brand-New-pass-9")


@pytest.mark.parametrize("account, browser, subject", [
    ("de", "en", "Neues Passwort wählen"), ("en", "de", "Choose a new password")])
def test_the_password_reset_email_speaks_the_accounts_language(client, account, browser, subject):
    make_user("alice", language=account)
    page = client.post("/accounts/password/reset/", {"email": "alice@example.org"}, HTTP_ACCEPT_LANGUAGE=browser,
                       follow=True)
    assert page.status_code == 200
    (message,) = mail.outbox
    assert message.subject == subject
    assert message.alternatives and ("Passwort" in message.body) == (account == "de")


def test_settings_change_language_and_time_zone(client):
    alice = make_user("alice")
    client.force_login(alice)
    response = client.post("/accounts/settings/", {
        "display_name": "Alice A.", "email": "alice@example.org", "language": "de",
        "time_zone": "Europe/Berlin", "turn_email": "digest", "digest_hour": 7, "reminder_hours": 12,
        "email_on_game_end": "on",
    })
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.language, alice.time_zone, alice.digest_hour) == (
        "Alice A.", "de", "Europe/Berlin", 7)
    page = client.get("/accounts/settings/")
    assert page["Content-Language"] == "de"


def test_settings_refuse_a_bad_digest_hour_and_change_nothing(client):
    alice = make_user("alice")
    client.force_login(alice)
    response = client.post("/accounts/settings/", {"email": "alice@example.org", "language": "en",
                                                   "time_zone": "UTC", "turn_email": "digest", "digest_hour": 25,
                                                   "reminder_hours": 24})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.digest_hour == 8


def test_settings_need_a_login(client):
    assert client.get("/accounts/settings/").status_code == 302


def test_a_users_zone_is_their_time_zone_or_utc_for_a_name_this_system_does_not_know():
    assert User(time_zone="Europe/Berlin").zone == zoneinfo.ZoneInfo("Europe/Berlin")
    assert User(time_zone="Mars/Olympus_Mons").zone == zoneinfo.ZoneInfo("UTC")
