import re
import zoneinfo

import pytest
from django.core import mail
from django.test import Client

from accounts import emails
from accounts.models import User
from tests.factories import make_user

pytestmark = pytest.mark.django_db


SIGNUP = {
    "username": "zoe",
    "email": "zoe@example.org",
    "password1": "a-Strong-pass-77",
    "password2": "a-Strong-pass-77",
}


def _confirmation_link(message) -> str:
    return re.search(r"http://testserver(/accounts/confirm-email/[^\s]+/)", message.body).group(1)


def test_signup_asks_to_confirm_the_address_then_logs_in_and_lands_in_the_lobby(client):
    response = client.post("/accounts/signup/", SIGNUP)
    assert response.status_code == 302 and response.url == "/accounts/confirm-email/"
    assert client.get("/accounts/settings/").status_code == 302  # not signed in before the address is confirmed
    (message,) = mail.outbox
    assert message.to == ["zoe@example.org"]
    link = _confirmation_link(message)
    assert client.get(link).status_code == 200
    confirmed = client.post(link)
    assert confirmed.status_code == 302
    assert client.get("/accounts/settings/").status_code == 200 and confirmed.url == "/"
    assert emails.is_verified(User.objects.get(username="zoe"))


def test_signup_with_a_taken_address_answers_as_any_signup_and_tells_the_owner(client):
    make_user("alice", language="de")
    response = client.post("/accounts/signup/", {**SIGNUP, "email": "Alice@example.org"})
    assert response.status_code == 302 and response.url == "/accounts/confirm-email/"
    assert not User.objects.filter(username="zoe").exists()
    (message,) = mail.outbox
    assert message.to == ["alice@example.org"]
    assert "Konto" in message.subject + message.body  # in the owner's language


def test_signup_refuses_a_weak_password_and_a_taken_username(client):
    make_user("alice")
    response = client.post(
        "/accounts/signup/", {"username": "alice", "email": "new@example.org", "password1": "123", "password2": "123"}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "already" in page and "too short" in page
    assert User.objects.count() == 1 and not mail.outbox


def test_an_unconfirmed_account_cannot_log_in_until_confirmed(client):
    client.post("/accounts/signup/", SIGNUP)
    other = Client()
    answer = other.post("/accounts/login/", {"username": "zoe", "password": "a-Strong-pass-77"})
    assert answer.status_code == 302 and answer.url == "/accounts/confirm-email/"
    assert other.get("/accounts/settings/").status_code == 302


def test_login_by_email_address(client):
    make_user("alice")
    response = client.post("/accounts/login/", {"username": "Alice@Example.org", "password": "pw-For-tests-123"})
    assert response.status_code == 302
    assert "alice" in client.get("/").content.decode()


def test_login_and_logout(client):
    make_user("alice")
    assert client.post("/accounts/login/", {"username": "alice", "password": "wrong"}).status_code == 200
    response = client.post("/accounts/login/", {"username": "alice", "password": "pw-For-tests-123"})
    assert response.status_code == 302
    assert "alice" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()


def test_login_is_rate_limited(client, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login": "3/m/ip"}
    make_user("alice")
    codes = [client.post("/accounts/login/", {"username": "alice", "password": "no"}).status_code for _ in range(4)]
    assert codes[-1] == 429


def test_password_reset_by_email(client):
    make_user("alice")
    client.post("/accounts/password/reset/", {"email": "alice@example.org"})
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.org"] and "alice" in message.body
    link = re.search(r"http://[^\s]+/accounts/password/reset/key/[^\s]+/", message.body).group(0)
    path = link.split("testserver", 1)[1]
    form_page = client.get(path, follow=True)
    response = client.post(
        form_page.redirect_chain[-1][0], {"password1": "brand-New-pass-9", "password2": "brand-New-pass-9"}
    )
    assert response.status_code == 302
    assert client.login(username="alice", password="brand-New-pass-9")


@pytest.mark.parametrize(
    "account, browser, subject", [("de", "en", "Neues Passwort wählen"), ("en", "de", "Choose a new password")]
)
def test_the_password_reset_email_speaks_the_accounts_language(client, account, browser, subject):
    make_user("alice", language=account)
    page = client.post(
        "/accounts/password/reset/", {"email": "alice@example.org"}, HTTP_ACCEPT_LANGUAGE=browser, follow=True
    )
    assert page.status_code == 200
    (message,) = mail.outbox
    assert message.subject == subject
    assert message.alternatives and ("Passwort" in message.body) == (account == "de")


def test_settings_change_language_and_time_zone(client):
    alice = make_user("alice")
    client.force_login(alice)
    response = client.post(
        "/accounts/settings/",
        {
            "display_name": "Alice A.",
            "email": "alice@example.org",
            "language": "de",
            "time_zone": "Europe/Berlin",
            "turn_email": "digest",
            "digest_hour": 7,
            "reminder_hours": 12,
            "email_on_game_end": "on",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.language, alice.time_zone, alice.digest_hour) == (
        "Alice A.",
        "de",
        "Europe/Berlin",
        7,
    )
    page = client.get("/accounts/settings/")
    assert page["Content-Language"] == "de"


def test_settings_refuse_a_bad_digest_hour_and_change_nothing(client):
    alice = make_user("alice")
    client.force_login(alice)
    response = client.post(
        "/accounts/settings/",
        {
            "email": "alice@example.org",
            "language": "en",
            "time_zone": "UTC",
            "turn_email": "digest",
            "digest_hour": 25,
            "reminder_hours": 24,
        },
    )
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.digest_hour == 8


def test_settings_need_a_login(client):
    assert client.get("/accounts/settings/").status_code == 302


def test_the_login_page_keeps_its_look_and_field_names(client):
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'class="panel narrow"' in page and 'name="username"' in page and 'id="id_password"' in page
    assert page.count("/accounts/password/reset/") == 1 and "placeholder" not in page
    assert "E-Mail" in page  # the label says that the address works too


def test_addresses_of_the_pages_before_allauth_still_lead_somewhere(client):
    assert client.get("/accounts/password/reset/sent/").url == "/accounts/password/reset/done/"
    old_link = client.get("/accounts/password/reset/MQ/c4x5yz-0123456789abcdef/")
    assert old_link.status_code == 302 and old_link.url == "/accounts/password/reset/"


@pytest.mark.parametrize(
    "path",
    [
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
        "/accounts/password/reset/done/",
        "/accounts/confirm-email/",
        "/accounts/password/reset/key/done/",
        "/accounts/password/change/",
        "/accounts/email/",
        "/accounts/settings/",
    ],
)
def test_the_account_pages_speak_german_throughout(client, path):
    if path in ("/accounts/password/change/", "/accounts/email/", "/accounts/settings/"):
        client.force_login(make_user("alice", language="de"))
    page = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200
    html = page.content.decode()
    main = re.sub(r"<[^>]+>", " ", html[html.index("<main") : html.index("</main>")])
    english = [
        w
        for w in (
            "Log in",
            "Sign up",
            "Password",
            "Email address",
            "Username",
            "Forgot",
            "Reset your",
            "Change",
            "Confirm",
            "Send",
            "Save",
            "Verify",
        )
        if w in main
    ]
    assert english == [], f"{path}: {english}"


def test_a_users_zone_is_their_time_zone_or_utc_for_a_name_this_system_does_not_know():
    assert User(time_zone="Europe/Berlin").zone == zoneinfo.ZoneInfo("Europe/Berlin")
    assert User(time_zone="Mars/Olympus_Mons").zone == zoneinfo.ZoneInfo("UTC")
