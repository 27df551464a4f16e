"""Tokens on sockets through the production web server (scripts/web.sh, uvicorn): a browser's token
subprotocol is answered with "token", as browsers require; a header works without an Origin; a
stranger's token is refused as for a missing game, and an unknown one at the handshake."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from games.models import Game
from games.services import tables
from tests.factories import api_token, make_user
from tests.support.stack import Stack, needs_services

pytestmark = [needs_services, pytest.mark.django_db(transaction=True)]


def test_token_sockets_through_uvicorn(tmp_path):
    alice, bob, eve = make_user("alice"), make_user("bob"), make_user("eve")
    table = tables.create_table(alice, "toy", 2, invited_only=True)
    tables.invite(table.pk, alice, "bob")
    tables.join_table(table.pk, bob)
    game = Game.objects.get(table=table)
    keys = {"bob": api_token(bob), "eve": api_token(eve)}
    stack = Stack(tmp_path)
    try:
        port = stack.web("web")
        url = f"ws://127.0.0.1:{port}/ws/games/{game.pk}/"
        with connect(url, subprotocols=["token", keys["bob"]], origin="https://app.example.net", open_timeout=10) as ws:
            assert ws.subprotocol == "token"
            assert json.loads(ws.recv(timeout=10)) == {"type": "version", "version": 0}
        with connect(url, additional_headers={"Authorization": f"Token {keys['bob']}"}, open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "version"
        with connect(f"ws://127.0.0.1:{port}/ws/me/", subprotocols=["token", keys["bob"]], open_timeout=10) as ws:
            assert ws.subprotocol == "token"
            assert json.loads(ws.recv(timeout=10))["type"] == "waiting"
        for refused in ({"subprotocols": ["token", "0" * 64]}, {"origin": None}):
            with pytest.raises(InvalidStatus) as denied, connect(url, open_timeout=10, **refused):
                pass
            assert denied.value.response.status_code == 403
        # A stranger's token is answered as for a game that does not exist: refused at the handshake.
        missing = f"ws://127.0.0.1:{port}/ws/games/{game.pk + 1000}/"
        for where in (url, missing):
            with (
                pytest.raises(InvalidStatus) as denied,
                connect(where, subprotocols=["token", keys["eve"]], open_timeout=10),
            ):
                pass
            assert denied.value.response.status_code == 403, where
    finally:
        stack.close()
