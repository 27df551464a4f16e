"""Downloading everything kept about oneself as one JSON file (settings page and API)."""

import json
from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Vacation
from games.models import Move
from games.services import play, tables
from notifications.models import Notice
from notifications.services import notices
from rankings.services import tournaments
from tests.factories import make_user
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(django_capture_on_commit_callbacks):
    alice, bob = make_user("alice", display_name="Alice A."), make_user("bob")
    with django_capture_on_commit_callbacks(execute=True):
        finished = play_out(tables.start_seated_game("toy", [alice, bob], seed=3))
    running = tables.start_seated_game("toy", [alice, bob], seed=4)
    play.post_chat(running, alice, "my own words")
    play.post_chat(running, bob, "bob's words")
    notices.create(alice, Notice.Kind.TURN, "turn:x", game=running, url=f"/games/{running.pk}/")
    Vacation.objects.create(user=alice, starts_on=date(2030, 5, 1), ends_on=date(2030, 5, 2))
    cup = tournaments.create_tournament(
        bob, name="Spring cup", game_slug="toy", starts_at=timezone.now() + timedelta(days=1)
    )
    tournaments.register(cup.pk, alice)
    alice.finished_id, alice.running_id = finished.pk, running.pk
    return alice


def _check(data: dict, alice) -> None:
    assert data["profile"]["username"] == "alice" and data["profile"]["email"] == "alice@example.org"
    assert data["profile"]["display_name"] == "Alice A."
    assert data["settings"]["language"] == alice.language and "turn_email" in data["settings"]
    assert data["vacations"] == [{"first_day": "2030-05-01", "last_day": "2030-05-02"}]
    games = {g["id"]: g for g in data["games"]}
    assert set(games) == {alice.finished_id, alice.running_id}
    finished = games[alice.finished_id]
    seat = finished["seat"]
    assert finished["status"] == "finished" and finished["rank"] in (1, 2)
    # Her own moves, and only hers.
    assert [m["seq"] for m in finished["moves"]] == list(
        Move.objects.filter(game_id=alice.finished_id, seat=seat).order_by("seq").values_list("seq", flat=True)
    )
    assert {p["name"] for p in finished["players"]} == {"Alice A.", "bob"}
    assert [r["game"] for r in data["ratings"]] == ["toy"]
    assert [h["game_id"] for h in data["rating_history"]] == [alice.finished_id]
    assert sorted(n["kind"] for n in data["notices"]) == sorted(
        Notice.objects.filter(user=alice).values_list("kind", flat=True)
    )
    assert "turn" in [n["kind"] for n in data["notices"]] and all(n["text"] for n in data["notices"])
    assert [e["tournament"] for e in data["tournament_entries"]] == ["Spring cup"]
    assert [c["text"] for c in data["chat_messages"]] == ["my own words"]
    # A token's key is a secret: never in the download.
    assert all("key" not in t for t in data["api_tokens"])


def test_the_settings_page_offers_the_download_as_one_json_file(alice):
    browser = Client()
    browser.force_login(alice)
    response = browser.get("/accounts/settings/data/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith("attachment;")
    _check(json.loads(response.content), alice)


def test_the_api_answers_the_same_document(alice):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.get("/api/me/data/")
    assert response.status_code == 200
    _check(response.json(), alice)


def test_nobody_else_downloads_it():
    assert Client().get("/accounts/settings/data/").status_code == 302
    assert APIClient().get("/api/me/data/").status_code in (401, 403)
    bob = make_user("bob")
    api = APIClient()
    api.force_authenticate(bob)
    data = api.get("/api/me/data/").json()
    assert data["profile"]["username"] == "bob" and data["games"] == [] and data["chat_messages"] == []
