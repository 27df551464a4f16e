"""Input that used to crash a socket or lose an update."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.models import ChatMessage, Game
from games.services import play
from tests.factories import make_user, start_toy_game
from tests.support.race import race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.asyncio
async def test_a_deeply_nested_websocket_frame_is_dropped_and_the_socket_lives_on():
    game = await database_sync_to_async(lambda: start_toy_game(make_user("alice"), make_user("bob")))()
    comm = WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await comm.connect()
    assert connected
    assert (await comm.receive_json_from())["type"] == "version"
    await comm.send_to(text_data='{"type": "ping", "x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    await comm.send_to(text_data='{"type": "ping", "x": ' + "[" * 100 + "]" * 100 + "}")
    await comm.send_json_to({"type": "ping"})
    # Only the plain ping is answered; the socket was not torn down by the others.
    assert await comm.receive_json_from(timeout=3) == {"type": "pong", "version": 0}
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()


def test_the_chat_counter_counts_every_message_posted_at_the_same_time():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    stale = Game.objects.get(pk=game.pk)  # each request loads the game before posting, as the views do

    outcomes = race(lambda: play.post_chat(Game.objects.get(pk=game.pk), alice, "hello"), 6)
    play.post_chat(stale, bob, "late")
    assert not [o for o in outcomes if isinstance(o, Exception)]
    assert ChatMessage.objects.filter(game=game).count() == 7
    assert Game.objects.get(pk=game.pk).chat_count == 7
