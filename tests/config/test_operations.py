"""Running the site: the health check, JSON logs with the request id, error reporting switched on by the
environment, the Content-Security-Policy and the read-only admin pages."""

import io
import json
import logging
import os
import re
import subprocess
import sys
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client
from django.utils import timezone
from django_guid.log_filters import CorrelationId
from pythonjsonlogger.json import JsonFormatter

from accounts.models import User
from config.celery import app as celery_app
from games.models import Game, Table
from notifications.models import Notice
from plumbing.models import OutboxEntry
from rankings.models import Rating, RatingChange, Tournament
from tests.factories import make_user, start_toy_game
from tests.support.redis import needs_redis

ROOT = Path(__file__).resolve().parents[2]


# --- health -------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_health_check_answers_200_when_database_and_cache_answer():
    response = Client().get("/health/")

    assert response.status_code == 200
    assert response.json() == {"Database(alias='default')": "OK", "Cache(alias='default')": "OK"}


@pytest.mark.django_db
def test_the_health_check_answers_503_when_the_database_is_down(monkeypatch):
    def refuse(self):
        raise OperationalError("connection refused")

    # The check opens a connection of its own (in a worker thread); every new connection now fails.
    monkeypatch.setattr(BaseDatabaseWrapper, "connect", refuse)

    response = Client().get("/health/", HTTP_ACCEPT="text/html")

    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["Database(alias='default')"].startswith("Unavailable")
    assert body["Cache(alias='default')"] == "OK"


@pytest.mark.django_db
def test_the_health_check_answers_503_when_the_cache_loses_what_it_was_given(monkeypatch):
    from django.core.cache import caches

    async def forget(*args, **kwargs):
        return None

    # As the Redis cache behaves while Redis is away: writes are dropped, reads find nothing.
    monkeypatch.setattr(type(caches["default"]), "aget", forget)

    response = Client().get("/health/")

    assert response.status_code == 503
    assert response.json()["Cache(alias='default')"].startswith("Unavailable")


@pytest.mark.django_db
@needs_redis
@pytest.mark.parametrize(
    ("broker", "status", "verdict"),
    [
        ("redis://127.0.0.1:6379/14", 200, "OK"),
        ("redis://127.0.0.1:1/0", 503, "Unavailable: Broker unreachable"),
    ],
)
def test_with_a_broker_configured_the_health_check_reaches_it(settings, monkeypatch, broker, status, verdict):
    settings.CELERY_BROKER_URL = broker
    monkeypatch.setattr(celery_app.conf, "broker_url", broker)

    response = Client().get("/health/")

    assert response.status_code == status
    assert response.json()["Broker()"] == verdict


# --- logs ---------------------------------------------------------------------------------------------


@pytest.fixture
def json_log():
    """The production log format (settings.LOGGING's "json" formatter and request-id filter) on a buffer."""
    options = {key: value for key, value in settings.LOGGING["formatters"]["json"].items() if key != "()"}
    handler = logging.StreamHandler(io.StringIO())
    handler.setFormatter(JsonFormatter(**options))
    handler.addFilter(CorrelationId(correlation_id_field="request_id"))
    root = logging.getLogger()
    root.addHandler(handler)
    yield lambda: [json.loads(line) for line in handler.stream.getvalue().splitlines()]
    root.removeHandler(handler)


@pytest.mark.django_db
def test_every_log_line_of_a_request_carries_its_id_as_json(json_log):
    given = uuid.uuid4().hex

    response = Client().get("/no-such-page/", HTTP_X_REQUEST_ID=given)

    assert response.status_code == 404
    assert response["X-Request-ID"] == given
    lines = json_log()
    access = next(line for line in lines if line["logger"] == "boardgames.access")
    assert access["request_id"] == given
    assert access["level"] == "INFO"
    assert (access["method"], access["path"], access["status"]) == ("GET", "/no-such-page/", 404)
    assert access["time"].endswith("+00:00")
    not_found = next(line for line in lines if line["logger"] == "django.request")
    assert not_found["request_id"] == given


@pytest.mark.django_db
def test_a_request_without_a_usable_id_gets_a_new_one(json_log):
    first = Client().get("/health/", HTTP_X_REQUEST_ID="not a uuid")
    second = Client().get("/health/")

    ids = [first["X-Request-ID"], second["X-Request-ID"]]
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids) and ids[0] != ids[1]
    assert [line["request_id"] for line in json_log() if line["logger"] == "boardgames.access"] == ids


# --- error reporting ----------------------------------------------------------------------------------


def _sentry_client_in_a_fresh_process(**environment: str) -> dict:
    """Django set up from the environment as a web process would be, and what its Sentry client is."""
    script = (
        "import json, django, sentry_sdk; django.setup(); client = sentry_sdk.get_client();"
        "print(json.dumps({'active': client.is_active(), 'dsn': client.options.get('dsn'),"
        " 'environment': client.options.get('environment'), 'pii': client.options.get('send_default_pii'),"
        " 'integrations': sorted(client.integrations)}))"
    )
    env = {key: value for key, value in os.environ.items() if not key.startswith("SENTRY_")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT), **environment)
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_error_reporting_stays_off_without_a_dsn():
    client = _sentry_client_in_a_fresh_process()

    assert client["active"] is False


def test_error_reporting_starts_with_a_dsn_from_the_environment():
    dsn = "https://public@errors.invalid/42"

    client = _sentry_client_in_a_fresh_process(SENTRY_DSN=dsn, SENTRY_ENVIRONMENT="staging")

    assert client["active"] is True
    assert client["dsn"] == dsn
    assert client["environment"] == "staging"
    assert client["pii"] is False
    assert {"django", "celery"} <= set(client["integrations"])


# --- Content-Security-Policy ---------------------------------------------------------------------------


def _policy(response) -> dict[str, list[str]]:
    directives = [part.split() for part in response["Content-Security-Policy"].split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/rankings/", "/api/catalog/", "/api/schema/", "/health/"])
def test_pages_and_the_api_send_the_policy(path):
    response = Client().get(path)

    assert response.status_code == 200
    policy = _policy(response)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]  # covers the WebSockets of the same host
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]


@pytest.mark.django_db
def test_the_policy_is_sent_to_signed_in_players_on_the_game_page():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    client = Client()
    client.force_login(alice)

    response = client.get(f"/games/{game.pk}/")

    assert response.status_code == 200
    assert _policy(response)["script-src"] == ["'self'"]


@pytest.mark.django_db
def test_the_browsable_api_styles_its_code_with_the_nonce_of_its_own_answer():
    response = Client().get("/api/catalog/", HTTP_ACCEPT="text/html")

    nonces = [source for source in _policy(response)["style-src"] if source.startswith("'nonce-")]
    assert _policy(response)["script-src"] == ["'self'"]
    # The tests install pygments (see the lock), so DRF highlights the code.
    assert len(nonces) == 1
    assert f'<style nonce="{nonces[0][7:-1]}">'.encode() in response.content


INLINE_CODE = re.compile(
    r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+\s*=|\sstyle\s*=|<style(?![^>]*\bnonce=)|javascript:", re.I
)


def test_no_page_template_has_inline_script_or_style():
    # The policy allows neither (but a style with this request's nonce); emails are not pages and keep theirs.
    offenders = []
    for folder in ("templates", "accounts", "games", "notifications", "rankings"):
        for path in (ROOT / folder).rglob("*.html"):
            if "/email/" in path.as_posix():
                continue
            offenders += [f"{path.relative_to(ROOT)}: {found}" for found in INLINE_CODE.findall(path.read_text())]
    assert offenders == []


# --- read-only admin ----------------------------------------------------------------------------------


@pytest.fixture
def admin_client(db):
    User.objects.create_superuser("root", "root@example.org", "pw-For-tests-123")
    client = Client()
    client.login(username="root", password="pw-For-tests-123")
    return client


@pytest.fixture
def records(db):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    now = timezone.now()
    rating = Rating.objects.create(user=alice, game_slug="toy", rating=1516.0, games=1, wins=1, last_played=now)
    change = RatingChange.objects.create(
        game=game, user=alice, game_slug="toy", before=1500.0, after=1516.0, rank=1, opponents=1, played_at=now
    )
    tournament = Tournament.objects.create(
        name="Herbstpokal", organiser=bob, game_slug="toy", registration_opens=now, starts_at=now + timedelta(days=2)
    )
    notice = Notice.objects.create(user=bob, kind=Notice.Kind.TURN, key=f"turn:{game.pk}", game=game)
    return {
        "games/game": game,
        "games/table": game.table,
        "rankings/rating": rating,
        "rankings/ratingchange": change,
        "rankings/tournament": tournament,
        "notifications/notice": notice,
        "plumbing/outboxentry": OutboxEntry.objects.filter(kind="games.follow_up").first(),
    }


MODELS = [
    "games/game",
    "games/table",
    "rankings/tournament",
    "rankings/rating",
    "rankings/ratingchange",
    "notifications/notice",
    "plumbing/outboxentry",
]


@pytest.mark.parametrize("model", MODELS)
def test_the_admin_lists_the_records_and_shows_each(admin_client, records, model):
    record = records[model]

    listing = admin_client.get(f"/admin/{model}/")
    detail = admin_client.get(f"/admin/{model}/{record.pk}/change/")

    assert listing.status_code == 200
    assert f"/admin/{model}/{record.pk}/change/" in listing.content.decode()
    assert detail.status_code == 200
    assert b'name="_save"' not in detail.content
    assert _policy(listing)["script-src"] == ["'self'"]


@pytest.mark.parametrize("model", MODELS)
def test_the_admin_refuses_to_add_change_or_delete(admin_client, records, model):
    record = records[model]
    counts = {label: type(r).objects.count() for label, r in records.items()}

    add = admin_client.post(f"/admin/{model}/add/", {})
    change = admin_client.post(f"/admin/{model}/{record.pk}/change/", {})
    delete = admin_client.post(f"/admin/{model}/{record.pk}/delete/", {"post": "yes"})
    bulk_delete = admin_client.post(
        f"/admin/{model}/", {"action": "delete_selected", "_selected_action": [record.pk], "post": "yes"}
    )

    assert (add.status_code, change.status_code, delete.status_code) == (403, 403, 403)
    assert bulk_delete.status_code in (200, 302)  # the list again, with "no action selected"
    assert {label: type(r).objects.count() for label, r in records.items()} == counts
    assert type(record).objects.filter(pk=record.pk).exists()


def test_the_read_only_models_cover_games_tables_tournaments_ratings_and_notices():
    from django.contrib import admin

    for model in (Game, Table, Tournament, Rating, RatingChange, Notice, OutboxEntry):
        model_admin = admin.site._registry[model]
        request = type("Request", (), {"user": None})()
        assert not model_admin.has_add_permission(request)
        assert not model_admin.has_change_permission(request)
        assert not model_admin.has_delete_permission(request)
