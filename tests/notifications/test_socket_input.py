"""The bell's socket drops frames it cannot use instead of crashing the connection."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from notifications.consumers import NoticeConsumer
from tests.factories import make_user

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_bad_frames_on_the_bell_socket_are_dropped_and_the_socket_lives_on():
    comm = WebsocketCommunicator(NoticeConsumer.as_asgi(), "/ws/notifications/")
    comm.scope["user"] = await database_sync_to_async(make_user)("ann")
    connected, _ = await comm.connect()
    assert connected
    assert (await comm.receive_json_from())["type"] == "unread"
    deep = '{"type": "ping", "x": ' + "[" * 100 + "]" * 100 + "}"
    for frame in ("[" * 100_000 + "]" * 100_000, "not json", "[1, 2]", deep):
        await comm.send_to(text_data=frame)
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=3) == {"type": "pong"}
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()
