"""docs/asyncapi.yaml (served at /api/asyncapi.yaml) lists every frame the sockets send, and the
frames of a real game and account stream match what it says of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from config.asgi import application
from games.models import Game
from games.services import play
from games.services.moves import submit_move
from tests.factories import api_token, make_user, start_toy_game

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "asyncapi.yaml"
SENDERS = ["games/consumers.py", "notifications/consumers.py", "notifications/services/account_stream.py"]


def _document() -> dict:
    return yaml.safe_load(DOCUMENT.read_text())


def _type_of(message: dict) -> str:
    return message["payload"]["properties"]["type"]["const"]


def test_the_document_is_served_as_it_is_in_the_tree():
    answer = Client().get("/api/asyncapi.yaml")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/yaml")
    assert answer.content == DOCUMENT.read_bytes()
    assert yaml.safe_load(answer.content)["asyncapi"].startswith("3.")


def test_every_frame_type_sent_is_documented_and_every_documented_one_is_sent():
    sent = set()
    for path in SENDERS:
        sent |= set(re.findall(r'\{"type": "([a-z_]+)"', (ROOT / path).read_text()))
    documented = {_type_of(m) for m in _document()["components"]["messages"].values()}
    assert sent == documented - {"ping"}  # ping is the client's


def _validators() -> dict[str, list[tuple[str, Draft202012Validator]]]:
    """Per channel address, the (frame type, validator) of each message it may carry."""
    document = _document()
    registry = Registry().with_resource("urn:asyncapi", DRAFT202012.create_resource(document))
    by_name = {name: message for name, message in document["components"]["messages"].items()}
    out: dict[str, list[tuple[str, Draft202012Validator]]] = {}
    for channel in document["channels"].values():
        for reference in channel["messages"].values():
            name = reference["$ref"].rsplit("/", 1)[1]
            schema = {"$ref": f"urn:asyncapi#/components/messages/{name}/payload"}
            validator = Draft202012Validator(
                schema, registry=registry, format_checker=Draft202012Validator.FORMAT_CHECKER
            )
            out.setdefault(channel["address"], []).append((_type_of(by_name[name]), validator))
    return out


def _check(validators, address: str, frame: dict) -> None:
    fitting = [v for kind, v in validators[address] if kind == frame["type"]]
    assert fitting, (address, frame)
    assert any(v.is_valid(frame) for v in fitting), (
        address,
        frame,
        [e.message for v in fitting for e in v.iter_errors(frame)],
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_frames_of_a_game_and_an_account_stream_match_the_document():
    validators = _validators()

    def setup():
        ann, ben = make_user("ann"), make_user("ben")
        game = start_toy_game(ann, ben)
        return game, {"ann": api_token(ann), "ben": api_token(ben)}

    game, keys = await database_sync_to_async(setup)()
    token = [(b"authorization", f"Token {keys['ann']}".encode())]
    board = WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=token)
    stream = WebsocketCommunicator(application, "/ws/me/", subprotocols=["token", keys["ann"]])
    assert (await board.connect())[0] and (await stream.connect())[0]
    frames: dict[str, list[dict]] = {"/ws/games/{gameId}/": [], "/ws/me/": []}

    async def drain() -> None:
        for comm, address in ((board, "/ws/games/{gameId}/"), (stream, "/ws/me/")):
            while not await comm.receive_nothing(timeout=0.3):
                frames[address].append(await comm.receive_json_from())

    def move(chat: bool = False) -> None:
        fresh = Game.objects.get(pk=game.pk)
        mover = fresh.players.get(must_act=True).user
        if chat:
            play.post_chat(fresh, mover, "gut gespielt")
        submit_move(game.pk, mover, {"type": "pass"}, version=fresh.version)

    await database_sync_to_async(move)(chat=True)
    await database_sync_to_async(move)()  # both passed: the game is over
    for comm in (board, stream):
        await comm.send_json_to({"type": "ping"})
    await drain()
    for address, received in frames.items():
        for frame in received:
            _check(validators, address, frame)
    kinds = {address: {f["type"] for f in received} for address, received in frames.items()}
    assert kinds["/ws/games/{gameId}/"] == {"version", "chat", "pong"}
    assert {"waiting", "turn_over", "finished", "pong"} <= kinds["/ws/me/"]
    await board.disconnect()
    await stream.disconnect()
