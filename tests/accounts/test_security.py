import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_pages_refuse_posts_without_a_csrf_token():
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(make_user("alice"))
    assert strict.post("/accounts/settings/", {"language": "de"}).status_code == 403
    assert strict.post("/tables/new/", {"game_slug": "toy", "create": "1"}).status_code == 403


def test_api_with_a_session_needs_the_csrf_token_too():
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(make_user("alice"))
    response = strict.post("/api/tables/", {"game_slug": "toy", "seats": 2}, content_type="application/json")
    assert response.status_code == 403


def test_the_admin_is_for_staff_only(client):
    client.force_login(make_user("alice"))
    response = client.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response.url


def test_signup_is_rate_limited(client, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup": "2/m/ip"}
    codes = []
    for i in range(3):
        page = client.post("/accounts/signup/", {"username": f"u{i}", "email": "bad"})
        codes.append(page.status_code == 429 and "Too many requests" in page.content.decode())
    assert codes == [False, False, True]


def test_settings_only_change_ones_own_account(client):
    alice, bob = make_user("alice"), make_user("bob")
    client.force_login(alice)
    client.post(
        "/accounts/settings/",
        {
            "email": "alice@example.org",
            "language": "de",
            "time_zone": "UTC",
            "turn_email": "never",
            "digest_hour": 8,
            "reminder_hours": 24,
            "username": "bob",
        },
    )
    bob.refresh_from_db()
    alice.refresh_from_db()
    assert bob.language == "en" and bob.turn_email == "immediate"
    assert alice.username == "alice" and alice.turn_email == "never"


def test_deploy_check_is_clean_with_production_settings():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {
        **env,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "x" * 64 + "-Production-Secret-!",
        "DJANGO_ALLOWED_HOSTS": "play.example.org",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": "sqlite:////tmp/deploy-check.sqlite3",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env.update({"DJANGO_DEBUG": "false", "DJANGO_SETTINGS_MODULE": "config.settings"})
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0 and "DJANGO_SECRET_KEY" in result.stderr
