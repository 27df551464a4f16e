import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.services.moves import submit_move
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.asyncio
async def test_a_move_pushes_the_new_version_and_nothing_hidden():
    game = await database_sync_to_async(lambda: start_toy_game(make_user("alice"), make_user("bob")))()
    comm = WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await comm.connect()
    assert connected
    assert await comm.receive_json_from() == {"type": "version", "version": 0}

    def move():
        user = game.players.get(seat=0).user
        submit_move(game.pk, user, {"type": "pass"}, version=0)

    await database_sync_to_async(move)()
    message = await comm.receive_json_from(timeout=3)
    assert message == {"type": "version", "version": 1, "status": "active"}
    await comm.disconnect()


@pytest.mark.asyncio
async def test_unknown_game_socket_is_closed():
    comm = WebsocketCommunicator(application, "/ws/games/999999/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await comm.connect()
    assert not connected
