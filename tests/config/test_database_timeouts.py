"""PostgreSQL connections carry statement and lock timeouts; a request that waited too long gets a clear
503 (JSON under /api/, a plain page elsewhere) instead of a server error."""

import threading

import pytest
from django.db import OperationalError, connection, connections
from django.test import Client

from config.db_busy import waited_too_long
from tests.factories import make_user, start_toy_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="statement and lock timeouts are PostgreSQL's"),
]


def test_connections_carry_the_configured_timeouts(settings):
    options = settings.DATABASES["default"]["OPTIONS"]["options"]
    assert "statement_timeout=15000" in options and "lock_timeout=5000" in options
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone()[0] == "15s"
        cursor.execute("SHOW lock_timeout")
        assert cursor.fetchone()[0] == "5s"


def test_a_cancelled_statement_counts_as_waited_too_long():
    with pytest.raises(OperationalError) as raised, connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = 50")
        cursor.execute("SELECT pg_sleep(1)")
    assert waited_too_long(raised.value)
    connection.close()


@pytest.fixture
def short_lock_timeout():
    connection.close()
    options = connection.settings_dict["OPTIONS"]
    before = options.get("options", "")
    options["options"] = before + " -c lock_timeout=200"
    yield
    connection.close()
    options["options"] = before


@pytest.fixture
def locked_game():
    """A game whose row another connection keeps locked until the test is over."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        with connections["default"].cursor() as cursor:
            cursor.execute("BEGIN")
            cursor.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
            locked.set()
            release.wait(30)
            cursor.execute("ROLLBACK")
        connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(10)
    yield game, alice
    release.set()
    holder.join(10)


def test_an_api_request_behind_a_stuck_lock_gets_a_503_in_the_api_error_shape(short_lock_timeout, locked_game):
    game, alice = locked_game
    alice.language = "de"
    alice.save(update_fields=["language"])  # not a name: no game of hers is written
    client = Client()
    client.force_login(alice)
    response = client.post(f"/api/games/{game.pk}/resign/")
    assert response.status_code == 503
    assert response.json()["code"] == "busy"
    assert "nicht rechtzeitig" in response.json()["detail"]
    assert response["Retry-After"] == "5"


def test_a_page_request_behind_a_stuck_lock_gets_a_friendly_503_page(short_lock_timeout, locked_game):
    game, alice = locked_game
    client = Client()
    client.force_login(alice)
    page = client.post(f"/games/{game.pk}/resign/")
    assert page.status_code == 503
    assert "Too busy right now" in page.content.decode()
    assert page["Content-Type"].startswith("text/html")
