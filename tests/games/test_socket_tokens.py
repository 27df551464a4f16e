"""API clients open a game's socket with their token, as with a session: in an Authorization header
or, from a browser, as the subprotocols "token" and the key (accounts/socket_auth.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from accounts.models import ApiToken
from config.asgi import application
from tests.factories import api_token
from tests.games.test_private_games import missing_id, private_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def _tokens() -> dict[str, str]:
    from django.contrib.auth import get_user_model

    return {u.username: api_token(u) for u in get_user_model().objects.all()}


async def _setup() -> tuple[int, dict[str, str], int]:
    def build():
        game = private_game()
        return game.pk, _tokens(), missing_id() + 1000

    return await database_sync_to_async(build)()


def _header(key: str) -> list[tuple[bytes, bytes]]:
    return [(b"authorization", f"Token {key}".encode())]


async def _open(path: str, headers=(), subprotocols=None):
    comm = WebsocketCommunicator(application, path, headers=list(headers), subprotocols=subprotocols)
    connected, detail = await comm.connect()
    return comm, connected, detail


async def test_players_and_invited_of_an_invite_only_game_listen_with_their_token_and_no_origin():
    game_id, keys, _ = await _setup()
    for reader in ("alice", "bob", "carol"):  # owner and seated, seated, invited without a seat
        comm, connected, _ = await _open(f"/ws/games/{game_id}/", _header(keys[reader]))
        assert connected, reader
        frame = await comm.receive_json_from()
        assert frame["type"] == "version" and frame["version"] == 0
        await comm.disconnect()


async def test_a_strangers_token_is_answered_as_for_a_missing_game():
    game_id, keys, missing = await _setup()
    answers = []
    for path in (f"/ws/games/{game_id}/", f"/ws/games/{missing}/"):
        comm, connected, code = await _open(path, _header(keys["dave"]))
        answers.append((connected, code))
    assert answers[0] == answers[1] == (False, 4404)


async def test_a_browser_offers_its_token_as_a_subprotocol_and_is_answered_with_token():
    game_id, keys, _ = await _setup()
    origin = [(b"origin", b"https://games.example.net")]  # another site's page: the token, not a cookie, decides
    comm, connected, chosen = await _open(f"/ws/games/{game_id}/", origin, subprotocols=["token", keys["bob"]])
    assert connected and chosen == "token"
    assert (await comm.receive_json_from())["version"] == 0
    await comm.disconnect()
    comm, connected, _ = await _open(f"/ws/games/{game_id}/", origin, subprotocols=["token", keys["dave"]])
    assert not connected


async def test_an_unknown_expired_or_missing_token_is_refused_at_the_handshake():
    game_id, keys, _ = await _setup()

    def expire_bobs():
        ApiToken.objects.filter(user__username="bob").update(expiry=timezone.now() - timedelta(seconds=1))
        from django.contrib.auth import get_user_model

        from accounts.authentication import forget_tokens_of

        forget_tokens_of(get_user_model().objects.get(username="bob").pk)

    await database_sync_to_async(expire_bobs)()
    public_origin = [(b"origin", b"http://localhost")]
    for headers, subprotocols in (
        (_header("0" * 64), None),
        (_header(keys["bob"]), None),
        (public_origin, ["token", "f" * 64]),
        (public_origin, ["token"]),
    ):
        comm, connected, code = await _open(f"/ws/games/{game_id}/", [*public_origin, *headers], subprotocols)
        assert not connected and code == 1000, (headers, subprotocols)  # denied before it was accepted (HTTP 403)


async def test_without_a_token_the_origin_rule_of_the_session_stays():
    game_id, keys, _ = await _setup()

    def public_game_id() -> int:
        from tests.factories import make_user, start_toy_game

        return start_toy_game(make_user("erin"), make_user("finn")).pk

    public = await database_sync_to_async(public_game_id)()
    _comm, connected, _ = await _open(f"/ws/games/{public}/")  # no Origin, no token
    assert not connected
    _comm, connected, _ = await _open(f"/ws/games/{public}/", [(b"origin", b"https://evil.example")])
    assert not connected
    comm, connected, _ = await _open(f"/ws/games/{public}/", [(b"origin", b"http://localhost")])
    assert connected
    await comm.disconnect()
    # A proxy's Basic credentials are no token: the session stack answers as before.
    basic = [(b"origin", b"http://localhost"), (b"authorization", b"Basic dXNlcjpwYXNz")]
    comm, connected, _ = await _open(f"/ws/games/{public}/", basic)
    assert connected
    await comm.disconnect()


async def test_a_token_revoked_while_its_socket_is_open_ends_the_socket_at_the_next_ping():
    game_id, keys, _ = await _setup()
    header_socket, connected, _ = await _open(f"/ws/games/{game_id}/", _header(keys["bob"]))
    assert connected
    await header_socket.receive_json_from()
    stream, connected, _ = await _open("/ws/me/", subprotocols=["token", keys["bob"]])
    assert connected
    await stream.receive_json_from()
    await header_socket.send_json_to({"type": "ping"})
    assert (await header_socket.receive_json_from())["type"] == "pong"  # still signed in

    def revoke():
        from django.contrib.auth import get_user_model

        from accounts import tokens

        tokens.revoke_all(get_user_model().objects.get(username="bob").pk)

    await database_sync_to_async(revoke)()
    for comm in (header_socket, stream):
        await comm.send_json_to({"type": "ping"})
        assert await comm.receive_output(timeout=3) == {"type": "websocket.close", "code": 4401}
