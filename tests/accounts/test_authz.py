"""Who may do what: every page and endpoint that changes a game or shows private parts of it
refuses other players, spectators and anonymous visitors, over HTTP and over WebSockets."""

from __future__ import annotations

import json
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from rest_framework.test import APIClient

from config.asgi import application
from games.models import ChatMessage, Game, Invitation, Move, Table, TableSeat
from games.services import tables
from games.services.engines import get_engine
from games.services.moves import submit_move
from tests.factories import api_token, make_user, start_toy_game

pytestmark = pytest.mark.django_db

SECRET = "S3CR3T-for-seat-0"


def api_as(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


def page_as(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def game_with_secret():
    """A running toy game whose log holds a line only seat 0 may read; eve sits elsewhere."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    first = game.players.get(seat=0).user
    note = {"msg": "{seat} peeks at {card}", "args": {"seat": 0, "card": SECRET}, "only": 0}
    submit_move(game.pk, first, {"type": "pass"}, version=0, note=note)
    game.refresh_from_db()
    return {"game": game, "first": first, "second": game.players.get(seat=1).user, "eve": make_user("eve")}


def _snapshot(game: Game) -> tuple:
    fresh = Game.objects.get(pk=game.pk)
    return fresh.version, json.dumps(fresh.state, sort_keys=True), Move.objects.filter(game=game).count()


# --- moves --------------------------------------------------------------------------------------


def test_nobody_moves_for_another_seat(game_with_secret):
    g = game_with_secret
    game, url = g["game"], f"/api/games/{g['game'].pk}/moves/"
    before = _snapshot(game)
    # Seat 1 is to act now; seat 0's player may not move for it, nor may strangers.
    mover_seat_one = {"move": {"type": "pass"}, "version": game.version, "seat": 1}
    assert api_as(g["first"]).post(url, mover_seat_one, format="json").status_code == 403
    assert (
        api_as(g["first"]).post(url, {"move": {"type": "pass"}, "version": game.version}, format="json").status_code
        == 403
    )
    eve = api_as(g["eve"]).post(url, {"move": {"type": "pass"}, "version": game.version}, format="json")
    assert eve.status_code == 403 and eve.json()["detail"] == "You do not hold a seat in this game."
    assert api_as().post(url, {"move": {"type": "pass"}, "version": game.version}, format="json").status_code in (
        401,
        403,
    )
    assert _snapshot(game) == before


def test_a_bad_or_foreign_token_gets_nowhere(game_with_secret):
    g = game_with_secret
    url = f"/api/games/{g['game'].pk}/moves/"
    forged = APIClient()
    forged.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    refused = forged.post(url, {"move": {"type": "pass"}, "version": 1}, format="json")
    assert refused.status_code in (401, 403) and refused.json()["detail"] == "Invalid token."
    assert forged.get("/api/me/").status_code in (401, 403)
    assert Move.objects.filter(game=g["game"]).count() == 1
    # A token identifies its owner only: with the first player's token, seat 1 stays out of reach.
    assert api_as(g["first"]).get(f"/api/games/{g['game'].pk}/").json()["seat"] == 0
    wrong = APIClient().post("/api/auth/token/", {"username": g["first"].username, "password": "guess"}, format="json")
    assert wrong.status_code == 400 and "token" not in wrong.json()


def test_settings_api_changes_only_harmless_fields_of_oneself(game_with_secret):
    eve = game_with_secret["eve"]
    response = api_as(eve).patch(
        "/api/me/", {"is_staff": True, "is_superuser": True, "username": "alice2", "display_name": "Eve"}, format="json"
    )
    assert response.status_code == 200
    eve.refresh_from_db()
    assert (eve.is_staff, eve.is_superuser, eve.username, eve.display_name) == (False, False, "eve", "Eve")


# --- what others see ------------------------------------------------------------------------------


def test_spectators_and_the_other_seat_see_only_their_own_view(game_with_secret):
    g = game_with_secret
    game = g["game"]
    engine = get_engine(game.game_slug)
    for user, seat in ((g["first"], 0), (g["second"], 1), (g["eve"], None), (None, None)):
        data = api_as(user).get(f"/api/games/{game.pk}/").json()
        assert data["seat"] == seat
        assert data["view"] == json.loads(json.dumps(engine.view(game.state, seat)))
        legal = api_as(user).get(f"/api/games/{game.pk}/legal-moves/").json()["moves"]
        assert legal == (engine.legal_moves(game.state, 1) if seat == 1 else [])
        page = page_as(user).get(f"/games/{game.pk}/")
        assert page.status_code == 200 and page.context["view"] == engine.view(game.state, seat)
        board = page_as(user).get(f"/games/{game.pk}/board/")
        assert board.context["view"] == engine.view(game.state, seat) and not (
            seat != 1 and board.context["labelled_moves"]
        )


def test_private_log_lines_reach_only_their_seat(game_with_secret):
    g = game_with_secret
    game = g["game"]
    assert SECRET in json.dumps(api_as(g["first"]).get(f"/api/games/{game.pk}/log/").json())
    assert SECRET in page_as(g["first"]).get(f"/games/{game.pk}/").content.decode()
    for user in (g["second"], g["eve"], None):
        assert SECRET not in json.dumps(api_as(user).get(f"/api/games/{game.pk}/log/").json())
        assert SECRET not in page_as(user).get(f"/games/{game.pk}/").content.decode()
        assert SECRET not in page_as(user).get(f"/games/{game.pk}/board/").content.decode()


def test_a_real_engine_shows_spectators_no_hand(game_with_secret):
    alice, bob = make_user("ann"), make_user("ben")
    table = tables.create_table(alice, "san-juan", 2)
    tables.join_table(table.pk, bob)
    game = Game.objects.get(table=table)
    for user in (game_with_secret["eve"], None):
        view = api_as(user).get(f"/api/games/{game.pk}/").json()["view"]
        assert [p["hand"] for p in view["players"]] == [None, None]
    mine = api_as(alice).get(f"/api/games/{game.pk}/").json()
    hands = [p["hand"] for p in mine["view"]["players"]]
    assert hands[mine["seat"]] and hands[1 - mine["seat"]] is None


# --- chat, resigning --------------------------------------------------------------------------


def test_only_players_post_chat(game_with_secret):
    g = game_with_secret
    game = g["game"]
    assert api_as(g["eve"]).post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json").status_code == 403
    assert api_as().post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json").status_code in (401, 403)
    page_as(g["eve"]).post(f"/games/{game.pk}/chat/", {"text": "hi"})
    page_as().post(f"/games/{game.pk}/chat/", {"text": "hi"})
    assert not ChatMessage.objects.exists()
    assert api_as(g["second"]).post(f"/api/games/{game.pk}/chat/", {"text": "gl"}, format="json").status_code == 201


def test_only_a_seated_player_resigns(game_with_secret):
    g = game_with_secret
    game = g["game"]
    before = _snapshot(game)
    assert api_as(g["eve"]).post(f"/api/games/{game.pk}/resign/").status_code == 403
    assert api_as().post(f"/api/games/{game.pk}/resign/").status_code in (401, 403)
    page_as(g["eve"]).post(f"/games/{game.pk}/resign/")
    assert page_as().post(f"/games/{game.pk}/resign/").status_code == 302
    assert _snapshot(game) == before and not game.players.filter(resigned=True).exists()


# --- tables -------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["cancel", "add-bot", "invite"])
def test_only_the_owner_changes_a_table(action):
    owner, guest, eve = make_user("owner"), make_user("guest"), make_user("eve")
    table = tables.create_table(owner, "toy", 4)
    tables.join_table(table.pk, guest)
    body = {"username": "eve"} if action == "invite" else {}
    for user in (guest, eve):
        assert api_as(user).post(f"/api/tables/{table.pk}/{action}/", body, format="json").status_code == 403
        page_as(user).post(f"/tables/{table.pk}/{action}/", body)
    page_as(eve).post(f"/tables/{table.pk}/fill-bots/")
    assert api_as().post(f"/api/tables/{table.pk}/{action}/", body, format="json").status_code in (401, 403)
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    assert TableSeat.objects.filter(table=table).count() == 2 and not Invitation.objects.exists()


def test_private_tables_stay_private():
    owner, friend, eve = make_user("owner"), make_user("friend"), make_user("eve")
    table = tables.create_table(owner, "toy", 3, invited_only=True)
    tables.invite(table.pk, owner, "friend")
    assert api_as(eve).get(f"/api/tables/{table.pk}/").status_code == 404
    assert api_as().get(f"/api/tables/{table.pk}/").status_code == 404
    assert page_as(eve).get(f"/tables/{table.pk}/").status_code == 404
    assert api_as(eve).post(f"/api/tables/{table.pk}/join/").status_code == 404
    page_as(eve).post(f"/tables/{table.pk}/join/")
    assert api_as(friend).get(f"/api/tables/{table.pk}/").status_code == 200
    assert list(TableSeat.objects.filter(table=table).values_list("user__username", flat=True)) == ["owner"]


# --- WebSockets ----------------------------------------------------------------------------------


async def _socket_as(game_id: int, user=None) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/games/{game_id}/", headers=[(b"origin", b"http://localhost")])
    if user is not None:
        comm.scope["user"] = user
    connected, _ = await comm.connect()
    assert connected
    return comm


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_sockets_carry_versions_only_whoever_listens():
    alice, bob, eve = await database_sync_to_async(lambda: (make_user("alice"), make_user("bob"), make_user("eve")))()
    game = await database_sync_to_async(lambda: start_toy_game(alice, bob))()
    listeners = [await _socket_as(game.pk), await _socket_as(game.pk, eve)]
    for comm in listeners:
        assert await comm.receive_json_from() == {"type": "version", "version": 0}

    def secret_move():
        first = game.players.get(seat=0).user
        note = {"msg": "{card}", "args": {"card": SECRET}, "only": 0}
        submit_move(
            game.pk,
            first,
            {"type": "play", "card": game.state["hands"][0][0]},
            version=0,
            note=note,
            move_id=uuid.uuid4(),
        )

    await database_sync_to_async(secret_move)()
    for comm in listeners:
        message = await comm.receive_json_from(timeout=3)
        # Who must act now, as the players list shows it to every reader; nothing of the move.
        assert {**message, "to_act": [entry["seat"] for entry in message["to_act"]]} == {
            "type": "version",
            "version": 1,
            "status": "active",
            "to_act": [1],
        }
        assert set(message["to_act"][0]) == {"seat", "username", "name", "bot", "deadline"}
        assert SECRET not in json.dumps(message)
        # Junk from the client is ignored, not a crash.
        await comm.send_to(text_data="not json")
        await comm.send_json_to(["ping"])
        await comm.send_json_to({"type": "ping"})
        assert await comm.receive_json_from(timeout=3) == {"type": "pong", "version": 1}
        assert await comm.receive_nothing(timeout=0.2)
        await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_sockets_from_other_sites_are_refused():
    game = await database_sync_to_async(lambda: start_toy_game(make_user("alice"), make_user("bob")))()
    for path in (f"/ws/games/{game.pk}/", "/ws/lobby/"):
        comm = WebsocketCommunicator(application, path, headers=[(b"origin", b"https://evil.example")])
        connected, _ = await comm.connect()
        assert not connected
        await comm.disconnect()
