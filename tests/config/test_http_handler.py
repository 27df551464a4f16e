"""HTTP through config.asgi: one worker-thread call per request, answered from the event loop."""

import asyncio
import json
import threading

import pytest
from asgiref.testing import ApplicationCommunicator
from django.conf import settings
from django.core import signals
from knox.crypto import hash_token

from accounts.models import ApiToken
from config.asgi import application
from tests.factories import make_user
from tests.support.asgi import close_connections_of_async_orm_calls, http_scope  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_connections_of_async_orm_calls")]


async def _request(method: str, path: str, body: bytes = b"", headers=()) -> dict:
    scope = http_scope(method, path, [(b"content-length", str(len(body)).encode()), *headers])
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request", "body": body})
    start = await communicator.receive_output(10)
    assert start["type"] == "http.response.start"
    received = b""
    while True:
        # The last message of a streamed answer may leave "body" out (it defaults to empty).
        message = await communicator.receive_output(10)
        received += message.get("body", b"")
        if not message.get("more_body"):
            break
    await communicator.wait(10)
    return {"status": start["status"], "body": received}


@pytest.mark.asyncio
async def test_a_view_answers_through_the_asgi_application():
    response = await _request("GET", "/api/catalog/")
    assert response["status"] == 200
    assert "sankt-petersburg" in {game["slug"] for game in json.loads(response["body"])}


@pytest.mark.asyncio
async def test_a_request_body_reaches_the_view_and_its_writes_are_committed():
    from asgiref.sync import sync_to_async

    await sync_to_async(make_user)("alice")
    response = await _request(
        "POST",
        "/api/auth/token/",
        json.dumps({"username": "alice", "password": "pw-For-tests-123"}).encode(),
        headers=[(b"content-type", b"application/json")],
    )
    assert response["status"] == 200, response["body"]
    key = json.loads(response["body"])["token"]
    assert await ApiToken.objects.filter(digest=hash_token(key), user__username="alice").aexists()


@pytest.mark.asyncio
async def test_a_static_file_is_sent_whole():
    expected = (settings.BASE_DIR / "static" / "css" / "sankt-petersburg.css").read_bytes()
    response = await _request("GET", "/static/css/sankt-petersburg.css")
    assert response["status"] == 200
    assert response["body"] == expected


@pytest.mark.asyncio
async def test_the_request_signals_and_the_view_share_one_thread_off_the_event_loop():
    # Django hands database connections back on request_finished, in the thread that used them.
    threads = {}

    def started(**kwargs):
        threads["started"] = threading.get_ident()

    def finished(**kwargs):
        threads["finished"] = threading.get_ident()

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    try:
        response = await _request("GET", "/api/catalog/")
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)
    assert response["status"] == 200
    assert threads["started"] == threads["finished"] != threading.get_ident()


@pytest.mark.asyncio
async def test_work_left_for_after_the_response_runs_once_the_answer_is_out(settings, caplog):
    from tests.config import deferred_urls

    settings.ROOT_URLCONF = "tests.config.deferred_urls"
    deferred_urls.gate.clear()
    deferred_urls.ran.clear()
    communicator = ApplicationCommunicator(application, http_scope("GET", "/leaves-work/"))
    await communicator.send_input({"type": "http.request", "body": b""})
    # The first task waits for the gate; the answer must arrive before it is opened.
    assert (await communicator.receive_output(2))["status"] == 200
    assert json.loads((await communicator.receive_output(2))["body"]) == {"ok": True}
    deferred_urls.gate.set()
    await communicator.wait(10)
    assert deferred_urls.ran == ["sent", "after the failure"]
    assert "Work after the response failed" in caplog.text


@pytest.mark.asyncio
async def test_work_left_for_after_the_response_runs_under_the_requests_id(settings):
    """Its log lines carry the id of the request that left it, and two requests keep their own."""
    from tests.config import deferred_urls

    settings.ROOT_URLCONF = "tests.config.deferred_urls"
    deferred_urls.ran.clear()
    answered = [json.loads((await _request("GET", "/leaves-its-request-id/"))["body"]) for _ in range(2)]
    ids = [a["request_id"] for a in answered]
    assert all(ids) and ids[0] != ids[1]
    assert deferred_urls.ran == ids


def test_outside_a_served_request_the_work_runs_at_once():
    from plumbing.deferred import after_response

    ran = []
    after_response(lambda: ran.append(1))
    assert ran == [1]


@pytest.mark.asyncio
async def test_work_left_for_after_the_response_runs_even_when_the_answer_cannot_be_sent(settings):
    from tests.config import deferred_urls

    settings.ROOT_URLCONF = "tests.config.deferred_urls"
    deferred_urls.gate.set()
    deferred_urls.ran.clear()

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        raise OSError("the client has gone")

    with pytest.raises(OSError):
        await application(http_scope("GET", "/leaves-work/"), receive, send)
    assert deferred_urls.ran == ["sent", "after the failure"]


@pytest.mark.asyncio
async def test_a_token_move_and_view_take_the_direct_road_through_the_application(monkeypatch):
    from asgiref.sync import sync_to_async

    from accounts.token_memory import memory
    from config import hot_path
    from games.models import Move
    from tests.factories import api_token, start_toy_game

    def setup():
        game = start_toy_game(make_user("alice"), make_user("bob"))
        mover = game.players.select_related("user").get(must_act=True).user
        return game.pk, api_token(mover)

    game_id, key = await sync_to_async(setup)()
    for _ in range(1000):  # with Redis, tokens are remembered once revocations can be heard
        if memory._usable():
            break
        await asyncio.sleep(0.01)
    taken = []
    original = hot_path.DirectRoad._answer
    monkeypatch.setattr(hot_path.DirectRoad, "_answer", lambda *a, **k: taken.append(1) or original(*a, **k))
    token = [(b"authorization", f"Token {key}".encode()), (b"accept", b"application/json")]
    first = await _request("GET", f"/api/games/{game_id}/", headers=token)
    body = json.dumps({"move": {"type": "pass"}, "version": 0}).encode()
    moved = await _request(
        "POST", f"/api/games/{game_id}/moves/", body, headers=[*token, (b"content-type", b"application/json")]
    )
    again = await _request("GET", f"/api/games/{game_id}/", headers=token)
    assert (first["status"], moved["status"], again["status"]) == (200, 201, 200), moved["body"]
    assert json.loads(moved["body"])["seq"] == 1 and json.loads(again["body"])["version"] == 1
    assert await Move.objects.filter(game_id=game_id).acount() == 1
    assert len(taken) == 3
