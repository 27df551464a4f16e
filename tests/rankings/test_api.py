from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from rankings.services.ratings import process_pending
from tests.factories import make_user
from tests.rankings.helpers import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def test_leaderboards_and_player_ratings(api):
    ann, ben = make_user("ann"), make_user("ben")
    finished_game("toy", [(ann, 1), (ben, 2)])
    process_pending()
    api.force_authenticate(ben)
    body = api.get("/api/rankings/leaderboard/toy/?period=all&min_games=1").json()
    assert body["count"] == 2
    assert [(r["username"], r["rating"], r["me"], r["provisional"]) for r in body["results"]] == [
        ("ann", 1520.0, False, True),
        ("ben", 1480.0, True, True),
    ]
    overall = api.get("/api/rankings/leaderboard/").json()["results"]
    assert overall[0]["username"] == "ann" and overall[0]["rating"] == pytest.approx((1520 + 3000) / 3)
    player = api.get("/api/rankings/players/ann/").json()
    assert player["games"][0]["history"][0]["after"] == 1520.0
    assert player["opponents"] == [{"username": "ben", "name": "ben", "games": 1, "wins": 1, "draws": 0, "losses": 0}]
    assert api.get("/api/rankings/leaderboard/nothing/").status_code == 404


def test_tournaments_over_the_api(api):
    org, ann = make_user("org"), make_user("ann")
    starts = (timezone.now() + timedelta(days=1)).isoformat()
    assert api.post(
        "/api/rankings/tournaments/", {"name": "X", "game_slug": "toy", "starts_at": starts}, format="json"
    ).status_code in (401, 403)
    api.force_authenticate(org)
    bad = api.post(
        "/api/rankings/tournaments/",
        {"name": "X", "game_slug": "toy", "starts_at": starts, "table_size": 3, "options": {"sudden_death": True}},
        format="json",
    )
    assert bad.status_code == 400 and "Sudden death" in bad.json()["detail"]
    made = api.post("/api/rankings/tournaments/", {"name": "X", "game_slug": "toy", "starts_at": starts}, format="json")
    assert made.status_code == 201
    tid = made.json()["id"]
    assert api.post(f"/api/rankings/tournaments/{tid}/register/").json()["players"] == 1
    api.force_authenticate(ann)
    api.post(f"/api/rankings/tournaments/{tid}/register/")
    denied = api.post(f"/api/rankings/tournaments/{tid}/start/")
    assert denied.status_code == 403
    api.force_authenticate(org)
    started = api.post(f"/api/rankings/tournaments/{tid}/start/").json()
    assert started["status"] == "running" and started["current_round"] == 1
    standings = api.get(f"/api/rankings/tournaments/{tid}/standings/").json()
    assert len(standings["standings"]) == 2 and standings["total_rounds"] == 3
    table = standings["rounds"][0]["tables"][0]
    assert table["game_id"] and {s["username"] for s in table["seats"]} == {"org", "ann"}


def test_schema_lists_the_rankings_api(api):
    schema = api.get("/api/schema/").content.decode()
    for path in (
        "/api/rankings/leaderboard/{slug}/",
        "/api/rankings/players/{username}/",
        "/api/rankings/tournaments/{id}/standings/",
        "/api/rankings/tournaments/{id}/register/",
    ):
        assert path in schema
