"""Limits that a client cannot step around: addresses from trusted proxies only, password resets."""

import pytest
from django.core import mail
from django.test import Client
from rest_framework.throttling import ScopedRateThrottle

from config.client_address import client_address
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("trusted", "forwarded", "expected"),
    [
        (0, "6.6.6.6", "10.0.0.9"),  # no proxies: the header is the client's own invention
        (1, "6.6.6.6, 203.0.113.7", "203.0.113.7"),  # the proxy appended the real peer last
        (2, "6.6.6.6, 203.0.113.7, 10.0.0.2", "203.0.113.7"),
        (1, "", "10.0.0.9"),
        (1, "not-an-address", "10.0.0.9"),
        (3, "203.0.113.7", "203.0.113.7"),  # fewer entries than proxies: the first one stands
    ],
)
def test_the_client_address_comes_from_the_trusted_proxies_only(settings, trusted, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = trusted
    assert client_address({"REMOTE_ADDR": "10.0.0.9", "HTTP_X_FORWARDED_FOR": forwarded}) == expected


@pytest.fixture
def two_api_signups_a_minute(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "2/min"})


def _api_signup(number: int, forwarded: str):
    return Client(HTTP_X_FORWARDED_FOR=forwarded).post(
        "/api/auth/signup/",
        {"username": f"spoof{number}", "email": f"spoof{number}@example.org", "password": "pw-For-tests-123"},
        content_type="application/json",
    )


def test_a_forged_forwarded_for_header_does_not_reset_the_api_signup_limit(two_api_signups_a_minute):
    codes = [_api_signup(i, f"198.51.100.{i}").status_code for i in range(4)]
    assert codes == [201, 201, 429, 429]


def test_behind_one_proxy_the_limit_counts_the_address_the_proxy_saw(settings, two_api_signups_a_minute):
    settings.TRUSTED_PROXY_COUNT = 1
    # The client forges a different first entry every time; the proxy's entry (last) stays the same.
    codes = [_api_signup(i, f"198.51.100.{i}, 203.0.113.7").status_code for i in range(3)]
    assert codes == [201, 201, 429]
    # Another client behind the same proxy has its own allowance.
    assert _api_signup(9, "203.0.113.8").status_code == 201


def _allauth_limit(settings, action: str, rate: str) -> None:
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, action: rate}


def test_a_forged_forwarded_for_header_does_not_reset_the_login_page_limit(settings):
    _allauth_limit(settings, "login", "2/m/ip")
    make_user("alice")
    codes = [
        Client(HTTP_X_FORWARDED_FOR=f"198.51.100.{i}")
        .post("/accounts/login/", {"username": "alice", "password": "wrong"})
        .status_code
        for i in range(3)
    ]
    assert codes == [200, 200, 429]


def _ask_for_reset(email: str, address: str = "127.0.0.1"):
    return Client(REMOTE_ADDR=address).post("/accounts/password/reset/", {"email": email})


def test_password_reset_emails_to_one_address_are_limited():
    make_user("alice")
    codes = [_ask_for_reset("alice@example.org", f"192.0.2.{i}").status_code for i in range(5)]
    assert codes == [302, 302, 302, 429, 429]
    assert len(mail.outbox) == 3


def test_password_reset_requests_from_one_client_are_limited():
    for name in "abcdef":
        make_user(name)
    codes = [_ask_for_reset(f"{name}@example.org").status_code for name in "abcdef"]
    assert codes == [302] * 5 + [429]
    assert len(mail.outbox) == 5


def test_the_reset_limit_does_not_tell_whether_an_account_has_the_address():
    codes = [_ask_for_reset("nobody@example.org", f"192.0.2.{i}").status_code for i in range(4)]
    assert codes == [302, 302, 302, 429]
    page = _ask_for_reset("nobody@example.org", "192.0.2.99")
    assert "Too many requests" in page.content.decode()


def test_the_reset_refusal_speaks_german():
    make_user("alice")
    for i in range(3):
        _ask_for_reset("alice@example.org", f"192.0.2.{i}")
    page = Client(REMOTE_ADDR="192.0.2.50", HTTP_ACCEPT_LANGUAGE="de").post(
        "/accounts/password/reset/", {"email": "alice@example.org"}
    )
    assert page.status_code == 429
    assert "Zu viele Anfragen" in page.content.decode()


def test_behind_one_proxy_the_login_page_limit_counts_the_address_the_proxy_saw(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    _allauth_limit(settings, "login", "2/m/ip")
    make_user("alice")
    codes = [
        Client(HTTP_X_FORWARDED_FOR=f"198.51.100.{i}, 203.0.113.7")
        .post("/accounts/login/", {"username": "alice", "password": "wrong"})
        .status_code
        for i in range(3)
    ]
    assert codes == [200, 200, 429]
    other = Client(HTTP_X_FORWARDED_FOR="203.0.113.8").post("/accounts/login/", {"username": "alice", "password": "no"})
    assert other.status_code == 200


def test_sign_ups_on_the_page_are_limited_per_client_address(settings):
    _allauth_limit(settings, "signup", "2/m/ip")
    codes = [
        Client(HTTP_X_FORWARDED_FOR=f"198.51.100.{i}")
        .post("/accounts/signup/", {"username": f"u{i}", "email": "bad"})
        .status_code
        for i in range(3)
    ]
    assert codes == [200, 200, 429]


def test_email_changes_are_limited_per_user(settings, client):
    _allauth_limit(settings, "manage_email", "2/h/user")
    alice = make_user("alice")
    client.force_login(alice)
    base = {
        "language": "en",
        "time_zone": "UTC",
        "turn_email": "immediate",
        "digest_hour": 8,
        "reminder_hours": 24,
        "current_password": "pw-For-tests-123",
    }
    for n in range(2):
        assert client.post("/accounts/settings/", {**base, "email": f"new{n}@example.org"}).status_code == 302
    page = client.post("/accounts/settings/", {**base, "email": "third@example.org"})
    assert page.status_code == 200 and "Too many changes of the email address" in page.content.decode()
    alice.refresh_from_db()
    assert alice.email == "new1@example.org"


def test_wrong_passwords_for_one_account_through_the_api_count_as_on_the_login_page(settings):
    # The limit per account (key) holds whichever address the guesses come from, and whether they are
    # made on the page or for an API token: the right password is refused too once it is reached.
    _allauth_limit(settings, "login_failed", "100/m/ip,3/5m/key")
    make_user("alice")

    def token(password: str, address: str):
        return Client(REMOTE_ADDR=address).post(
            "/api/auth/token/", {"username": "alice", "password": password}, content_type="application/json"
        )

    codes = [token("wrong", f"198.51.100.{i}").status_code for i in range(3)]
    assert codes == [400, 400, 400]
    refused = token("pw-For-tests-123", "198.51.100.50")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    page = Client(REMOTE_ADDR="198.51.100.51").post(
        "/accounts/login/", {"username": "alice", "password": "pw-For-tests-123"}
    )
    assert page.status_code == 200 and "Too many failed login attempts" in page.content.decode()
    assert not Client().get("/api/me/").wsgi_request.user.is_authenticated


def test_the_right_password_through_the_api_does_not_use_up_the_account_limit(settings):
    _allauth_limit(settings, "login_failed", "100/m/ip,2/5m/key")
    make_user("alice")
    client = Client(REMOTE_ADDR="198.51.100.9")
    codes = [
        client.post(
            "/api/auth/token/", {"username": "alice", "password": "pw-For-tests-123"}, content_type="application/json"
        ).status_code
        for _ in range(4)
    ]
    assert codes == [200, 200, 200, 200]
