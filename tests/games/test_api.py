import uuid

import pytest
from rest_framework.test import APIClient

from accounts import emails
from accounts.models import User
from games.models import Game, Move
from tests.factories import api_token, make_user, start_toy_game

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


def test_schema_is_served_and_documents_moves():
    response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/api/games/{id}/moves/" in paths and "/api/tables/" in paths and "/api/auth/token/" in paths


def test_signup_and_token_login():
    api = APIClient()
    response = api.post(
        "/api/auth/signup/",
        {"username": "zoe", "email": "zoe@example.org", "password": "correct horse 42"},
        format="json",
    )
    assert response.status_code == 201 and response.json()["username"] == "zoe"
    weak = api.post(
        "/api/auth/signup/", {"username": "max", "email": "max@example.org", "password": "123"}, format="json"
    )
    assert weak.status_code == 400 and "password" in weak.json()["errors"]
    assert weak.json()["detail"].startswith("password: ")
    ask = {"username": "zoe", "password": "correct horse 42"}
    assert api.post("/api/auth/token/", ask, format="json").status_code == 403  # the address is not confirmed yet
    emails.mark_verified(User.objects.get(username="zoe"))
    token = api.post("/api/auth/token/", ask, format="json")
    assert token.status_code == 200 and token.json()["token"]


def test_settings_through_the_api_only_for_oneself():
    alice = make_user("alice")
    api = client_for(alice)
    response = api.patch(
        "/api/me/", {"language": "de", "time_zone": "Europe/Berlin", "turn_email": "digest"}, format="json"
    )
    assert response.status_code == 200
    alice.refresh_from_db()
    assert (alice.language, alice.time_zone, alice.turn_email) == ("de", "Europe/Berlin", "digest")
    assert api.patch("/api/me/", {"time_zone": "Mars/Olympus"}, format="json").status_code == 400
    assert APIClient().get("/api/me/").status_code in (401, 403)


def test_catalog_lists_engines_with_options():
    data = APIClient().get("/api/catalog/").json()
    toy = next(e for e in data if e["slug"] == "toy")
    assert toy["min_players"] == 1 and toy["options"][0]["name"] == "target"


def test_table_lifecycle_over_the_api():
    alice, bob = make_user("alice"), make_user("bob")
    a, b = client_for(alice), client_for(bob)
    bad = a.post("/api/tables/", {"game_slug": "toy", "seats": 3, "options": {"sudden_death": True}}, format="json")
    assert bad.status_code == 400 and "Sudden death" in bad.json()["detail"]
    created = a.post("/api/tables/", {"game_slug": "toy", "seats": 2}, format="json")
    assert created.status_code == 201
    table_id = created.json()["id"]
    assert any(t["id"] == table_id for t in b.get("/api/tables/").json()["results"])
    assert b.post(f"/api/tables/{table_id}/cancel/").status_code == 403
    joined = b.post(f"/api/tables/{table_id}/join/")
    assert joined.status_code == 200 and joined.json()["status"] == "started"
    assert joined.json()["game_id"] == Game.objects.get(table_id=table_id).pk


def test_private_tables_are_hidden_from_strangers():
    alice, eve = make_user("alice"), make_user("eve")
    table = (
        client_for(alice)
        .post("/api/tables/", {"game_slug": "toy", "seats": 2, "invited_only": True}, format="json")
        .json()
    )
    eve_api = client_for(eve)
    assert all(t["id"] != table["id"] for t in eve_api.get("/api/tables/").json()["results"])
    assert eve_api.post(f"/api/tables/{table['id']}/join/").status_code == 404  # as for a table that does not exist


def test_moves_over_the_api_answer_400_403_409_and_are_idempotent():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    first = game.players.get(seat=0).user
    other = game.players.get(seat=1).user
    url = f"/api/games/{game.pk}/moves/"
    mover, waiter = client_for(first), client_for(other)

    view = mover.get(f"/api/games/{game.pk}/").json()
    assert view["seat"] == 0 and view["view"]["hand"] == game.state["hands"][0]
    assert waiter.get(f"/api/games/{game.pk}/").json()["legal_moves"] == []

    illegal = mover.post(url, {"move": {"type": "play", "card": 99}, "version": 0}, format="json")
    assert illegal.status_code == 400 and illegal.json()["detail"] == "You do not hold that card."
    forbidden = waiter.post(url, {"move": {"type": "pass"}, "version": 0}, format="json")
    assert forbidden.status_code == 403
    move_id = str(uuid.uuid4())
    ok = mover.post(url, {"move": {"type": "pass"}, "version": 0, "move_id": move_id}, format="json")
    assert ok.status_code == 201 and ok.json()["version"] == 1
    retry = mover.post(url, {"move": {"type": "pass"}, "version": 0, "move_id": move_id}, format="json")
    assert retry.status_code == 200 and retry.json()["repeated"] is True
    stale = waiter.post(url, {"move": {"type": "pass"}, "version": 0}, format="json")
    assert stale.status_code == 409 and stale.json()["version"] == 1
    assert Move.objects.filter(game=game).count() == 1
    assert APIClient().post(url, {"move": {"type": "pass"}, "version": 1}, format="json").status_code in (401, 403)
    log = mover.get(f"/api/games/{game.pk}/log/").json()
    assert log[0]["text"] == f"{first.username} passes."


def test_my_games_lists_my_turn_first():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    g1 = start_toy_game(alice, bob)
    g2 = start_toy_game(carol, alice)
    mine_first = [g for g in (g1, g2) if g.players.get(user=alice).must_act]
    listed = client_for(alice).get("/api/games/").json()["results"]
    assert {g["id"] for g in listed[: len(mine_first)]} == {g.pk for g in mine_first}
    assert [g["my_turn"] for g in listed] == sorted((g["my_turn"] for g in listed), reverse=True)
    assert listed[0]["my_turn"] == bool(mine_first)


def test_chat_and_resign_over_the_api():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    a = client_for(alice)
    assert a.post(f"/api/games/{game.pk}/chat/", {"text": "good luck!"}, format="json").status_code == 201
    assert (
        client_for(make_user("eve")).post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json").status_code
        == 403
    )
    assert [m["text"] for m in a.get(f"/api/games/{game.pk}/chat/").json()] == ["good luck!"]
    resigned = a.post(f"/api/games/{game.pk}/resign/")
    assert resigned.status_code == 200 and resigned.json()["status"] == "finished"
    assert a.post(f"/api/games/{game.pk}/resign/").status_code == 409
