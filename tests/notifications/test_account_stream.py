"""The account stream (/ws/me/): a person's socket, opened with the session or an API token, hears
when any of their games needs them, fed by the signals that write the turn notices."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.asgi import application
from games.models import Game
from games.services import tables
from games.services.moves import submit_move
from notifications.models import Reminder
from notifications.routing import websocket_urlpatterns
from notifications.services import sweeps
from tests.factories import api_token, make_user, start_toy_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def _stream(key: str, subprotocol: bool = False) -> WebsocketCommunicator:
    if subprotocol:
        comm = WebsocketCommunicator(application, "/ws/me/", subprotocols=["token", key])
    else:
        comm = WebsocketCommunicator(application, "/ws/me/", headers=[(b"authorization", f"Token {key}".encode())])
    connected, _ = await comm.connect()
    assert connected
    return comm


async def _next(comm: WebsocketCommunicator, kind: str) -> dict:
    """The next frame of ``kind``; the bell's count (which the same change moves) may come between."""
    while (frame := await comm.receive_json_from(timeout=3))["type"] != kind:
        assert frame["type"] == "unread", frame
    return frame


def _two_player_game(**table) -> tuple[Game, dict[str, str], dict[int, str]]:
    """ann and ben at a toy game; their keys, and who sits at which seat."""
    ann, ben = make_user("ann", reminder_hours=6), make_user("ben", reminder_hours=6)
    game = start_toy_game(ann, ben, **table)
    seats = {p.seat: p.user.username for p in game.players.select_related("user")}
    return game, {"ann": api_token(ann), "ben": api_token(ben)}, seats


def _pass(game_id: int) -> Game:
    game = Game.objects.get(pk=game_id)
    mover = game.players.get(must_act=True).user
    return submit_move(game_id, mover, {"type": "pass"}, version=game.version).game


async def test_connect_lists_the_games_waiting_and_a_move_tells_both_players():
    game, keys, seats = await database_sync_to_async(_two_player_game)()
    first, second = seats[0], seats[1]
    streams = {name: await _stream(keys[name]) for name in ("ann", "ben")}
    hello = {name: await streams[name].receive_json_from() for name in streams}
    deadline = hello[first]["games"][0]["deadline"]
    assert hello[first] == {
        "type": "waiting",
        "games": [{"game_id": game.pk, "version": 0, "seat": 0, "deadline": deadline}],
    }
    assert hello[second] == {"type": "waiting", "games": []}

    await database_sync_to_async(_pass)(game.pk)
    turn = await _next(streams[second], "turn")
    assert {k: turn[k] for k in ("type", "game_id", "version", "seat")} == {
        "type": "turn",
        "game_id": game.pk,
        "version": 1,
        "seat": 1,
    }
    assert turn["deadline"]
    assert await _next(streams[first], "turn_over") == {
        "type": "turn_over",
        "game_id": game.pk,
        "version": 1,
        "seat": 0,
    }
    # A ping answers with what waits now: nothing missed stays missed.
    await streams[second].send_json_to({"type": "ping"})
    frame = await _next(streams[second], "pong")
    assert [(g["game_id"], g["seat"]) for g in frame["games"]] == [(game.pk, 1)]
    for comm in streams.values():
        await comm.disconnect()


async def test_the_end_of_a_game_reaches_every_player_and_nobody_elses_stream_hears_it():
    game, keys, _seats = await database_sync_to_async(_two_player_game)()
    outsider = await database_sync_to_async(lambda: api_token(make_user("cleo")))()
    ann, cleo = await _stream(keys["ann"], subprotocol=True), await _stream(outsider)
    await ann.receive_json_from()
    await cleo.receive_json_from()
    await database_sync_to_async(_pass)(game.pk)
    await database_sync_to_async(_pass)(game.pk)  # both passed in a row: the game is over
    seen = []
    while (frame := await ann.receive_json_from(timeout=3))["type"] != "finished":
        seen.append(frame["type"])
    assert (frame["game_id"], frame["version"]) == (game.pk, 2)
    assert set(seen) <= {"unread", "turn", "turn_over"}
    assert await cleo.receive_nothing(timeout=0.3)
    await ann.disconnect()
    await cleo.disconnect()


async def test_an_invitation_and_a_near_deadline_are_told():
    game, keys, seats = await database_sync_to_async(_two_player_game)(days_per_move=2)
    mover = seats[0]
    stream = await _stream(keys[mover])
    await stream.receive_json_from()

    def remind() -> None:
        reminder = Reminder.objects.get(player__game=game, player__seat=0)
        assert sweeps.send_due_reminders(reminder.remind_at + timedelta(minutes=1)) == 1

    await database_sync_to_async(remind)()
    near = await _next(stream, "deadline")
    assert (near["game_id"], near["seat"]) == (game.pk, 0) and near["deadline"]

    def invite() -> int:
        from django.contrib.auth import get_user_model

        owner = make_user("dora")
        table = tables.create_table(owner, "toy", 3, invited_only=True)
        tables.invite(table.pk, owner, get_user_model().objects.get(username=mover).username)
        return table.pk

    table_id = await database_sync_to_async(invite)()
    assert await _next(stream, "invited") == {"type": "invited", "table_id": table_id, "game": "toy"}
    await stream.disconnect()


async def test_the_stream_needs_a_person():
    anonymous = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/me/")
    anonymous.scope["user"] = AnonymousUser()
    connected, code = await anonymous.connect()
    assert not connected and code == 4401
    refused = WebsocketCommunicator(application, "/ws/me/", headers=[(b"authorization", b"Token " + b"0" * 64)])
    connected, _ = await refused.connect()
    assert not connected


async def test_a_session_opens_the_stream_as_well():
    user = await database_sync_to_async(lambda: make_user("erin"))()
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/me/")
    comm.scope["user"] = user
    connected, _ = await comm.connect()
    assert connected and await comm.receive_json_from() == {"type": "waiting", "games": []}
    await comm.disconnect()
