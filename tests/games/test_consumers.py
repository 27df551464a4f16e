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
    second = await database_sync_to_async(lambda: game.players.get(seat=1).user)()
    assert message == {
        "type": "version",
        "version": 1,
        "status": "active",
        "to_act": [
            {
                "seat": 1,
                "username": second.username,
                "name": second.shown_name,
                "bot": False,
                "deadline": message["to_act"][0]["deadline"],
            }
        ],
    }
    await comm.disconnect()


@pytest.mark.asyncio
async def test_unknown_game_socket_is_closed():
    comm = WebsocketCommunicator(application, "/ws/games/999999/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await comm.connect()
    assert not connected


async def _socket(game_id: int) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/games/{game_id}/", headers=[(b"origin", b"http://localhost")])
    connected, _ = await comm.connect()
    assert connected
    return comm


def _first_pass(game) -> None:
    submit_move(game.pk, game.players.get(seat=0).user, {"type": "pass"}, version=0)


@pytest.mark.asyncio
async def test_a_socket_that_connects_after_a_move_is_told_the_stored_version():
    game = await database_sync_to_async(lambda: start_toy_game(make_user("alice"), make_user("bob")))()
    await database_sync_to_async(_first_pass)(game)
    comm = await _socket(game.pk)
    assert await comm.receive_json_from() == {"type": "version", "version": 1}
    await comm.disconnect()


@pytest.mark.asyncio
async def test_a_ping_after_a_lost_announcement_answers_the_stored_version(monkeypatch):
    game = await database_sync_to_async(lambda: start_toy_game(make_user("alice"), make_user("bob")))()
    comm = await _socket(game.pk)
    assert await comm.receive_json_from() == {"type": "version", "version": 0}
    monkeypatch.setattr("games.services.after_commit.send_all", lambda messages: None)
    await database_sync_to_async(_first_pass)(game)
    assert await comm.receive_nothing(timeout=0.3)
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=3) == {"type": "pong", "version": 1}
    await comm.disconnect()


@pytest.mark.asyncio
async def test_an_announced_version_reaches_the_socket_without_a_query(monkeypatch):
    from channels.layers import get_channel_layer
    from django.db.backends import utils

    from games.services import broadcast

    game = await database_sync_to_async(lambda: start_toy_game(make_user("alice"), make_user("bob")))()
    comm = await _socket(game.pk)
    assert await comm.receive_json_from() == {"type": "version", "version": 0}
    statements: list[str] = []
    original = utils.CursorWrapper.execute

    def counted(self, sql, params=None):
        statements.append(sql)
        return original(self, sql, params)

    # Every thread's statements are counted: the consumer's database work would run in a thread pool.
    monkeypatch.setattr(utils.CursorWrapper, "execute", counted)
    await get_channel_layer().group_send(*broadcast.game_message(game.pk, 1, "active"))
    assert await comm.receive_json_from(timeout=3) == {
        "type": "version",
        "version": 1,
        "status": "active",
        "to_act": [],
    }
    assert statements == []
    await comm.disconnect()


@pytest.mark.django_db
def test_the_sockets_version_read_leaves_the_state_unread():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.services import audience

    alice = make_user("alice")
    game = start_toy_game(alice, make_user("bob"))
    with CaptureQueriesContext(connection) as queries:
        assert audience.version_for(game.pk, alice) == 0
    assert len(queries.captured_queries) == 1
    assert '"state"' not in queries.captured_queries[0]["sql"]
    type(game).objects.filter(pk=game.pk).update(private=True)
    assert audience.version_for(game.pk, alice) == 0
    assert audience.version_for(game.pk, make_user("dave")) is None
    assert audience.version_for(game.pk + 1000, alice) is None


@pytest.mark.asyncio
async def test_every_frame_names_who_must_act_as_the_games_view_does_until_nobody_does():
    from django.contrib.auth.models import AnonymousUser

    from games.models import Game
    from games.services import play

    game = await database_sync_to_async(lambda: start_toy_game(make_user("alice"), make_user("bob")))()
    comm = await _socket(game.pk)
    assert (await comm.receive_json_from())["version"] == 0

    def pass_and_view():
        fresh = Game.objects.get(pk=game.pk)
        mover = fresh.players.get(seat=fresh.state["turn"]).user
        submit_move(game.pk, mover, {"type": "pass"}, version=fresh.version)
        return play.game_view(Game.objects.get(pk=game.pk), AnonymousUser())

    for _ in range(2):  # every player passes in a row: the game ends
        view = await database_sync_to_async(pass_and_view)()
        frame = await comm.receive_json_from(timeout=3)
        assert (frame["version"], frame["status"]) == (view["version"], view["status"])
        assert [entry["seat"] for entry in frame["to_act"]] == view["to_act"]
        for entry in frame["to_act"]:
            shown = view["players"][entry["seat"]]
            assert (entry["username"], entry["name"], entry["bot"]) == (shown["username"], shown["name"], False)
            assert entry["deadline"] == shown["deadline"].isoformat()
    assert frame["status"] == "finished" and frame["to_act"] == []
    await comm.disconnect()
