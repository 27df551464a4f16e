"""The direct road of config/hot_path.py answers exactly as Django's road does, or leaves the request to it.

Each case is asked both ways: once through the test client (Django's handler, the middleware chain)
and once through ``answer_directly`` with the same request as an ASGI scope; status, body and headers
are compared.
"""

import io
import json
import time
import uuid
from datetime import timedelta

import pytest
from django.core import signals
from django.db import OperationalError, close_old_connections
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.token_memory import memory
from config import hot_path
from config.http_handler import SyncRequestASGIHandler
from games.models import Game, Move
from games.services import play
from tests.factories import api_token, make_user, start_toy_game

pytestmark = pytest.mark.django_db

VARYING = {"x-request-id", "date"}


@pytest.fixture(autouse=True)
def fresh_road(monkeypatch):
    # The road builds its middleware once, from the settings of the moment (as Django's handler does).
    monkeypatch.setattr(hot_path, "_direct", None)
    deadline = time.monotonic() + 10
    while not memory._usable() and time.monotonic() < deadline:  # hearing revoked tokens (with Redis)
        time.sleep(0.01)
    memory.clear()
    yield
    memory.clear()


@pytest.fixture
def game():
    return start_toy_game(make_user("alice"), make_user("bob"))


def _mover(game):
    return game.players.select_related("user").get(must_act=True).user


def _headers(response) -> dict:
    return {k.lower(): v for k, v in response.items() if k.lower() not in VARYING}


def _content(response) -> object:
    return json.loads(response.content) if response.content else None


def _scope(
    method: str, path: str, headers: dict[str, str], query: bytes = b"", scheme: str = "http", repeated=None
) -> dict:
    pairs = [(name.lower().encode("latin1"), value.encode("latin1")) for name, value in headers.items()]
    if repeated:
        pairs.append((repeated[0].encode("latin1"), repeated[1].encode("latin1")))
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": scheme,
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query,
        "headers": pairs,
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }


def _direct(method: str, path: str, headers: dict[str, str], body: bytes = b"", **scope_kwargs):
    scope = _scope(method, path, {"host": "testserver", **headers}, **scope_kwargs)
    # As the test client does: the test's transaction keeps its connection through the request signals.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        return hot_path.answer_directly(SyncRequestASGIHandler(), scope, io.BytesIO(body))
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def _django(method: str, path: str, headers: dict[str, str], body: bytes = b""):
    client = APIClient()
    extra = {"HTTP_" + name.upper().replace("-", "_"): value for name, value in headers.items()}
    content_type = extra.pop("HTTP_CONTENT_TYPE", "application/octet-stream")
    return client.generic(method, path, data=body, content_type=content_type, **extra)


def _both(method: str, path: str, headers: dict[str, str], body: bytes = b""):
    direct = _direct(method, path, headers, body)
    assert direct is not None, "the direct road did not take the request"
    django = _django(method, path, headers, body)
    return (direct.status_code, _content(direct), _headers(direct)), (
        django.status_code,
        _content(django),
        _headers(django),
    )


def _token(user) -> dict[str, str]:
    return {"authorization": f"Token {api_token(user)}", "accept": "application/json"}


def _move_body(version: int, move_type: str = "pass", move_id: str | None = None) -> bytes:
    return json.dumps(
        {"move": {"type": move_type}, "version": version, "move_id": move_id or str(uuid.uuid4())}
    ).encode()


@pytest.mark.parametrize("who", ["player", "other"])
def test_a_view_is_answered_alike_on_both_roads(game, who):
    user = _mover(game) if who == "player" else make_user("carol")
    direct, django = _both("GET", f"/api/games/{game.pk}/", _token(user))
    assert direct == django and direct[0] == 200


def test_a_missing_game_is_answered_alike(game):
    direct, django = _both("GET", "/api/games/99999999/", _token(_mover(game)))
    assert direct == django and direct[0] == 404 and direct[1]["code"] == "not_found"


def test_a_german_player_gets_german_headers_and_messages(game):
    player = _mover(game)
    player.language = "de"
    player.save()
    direct, django = _both("GET", "/api/games/99999999/", _token(player))
    assert direct == django and direct[2]["content-language"] == "de"
    assert direct[1]["detail"] != "Not found." and "nicht" in direct[1]["detail"].lower()


def test_a_move_is_stored_once_and_its_retry_answered_alike():
    answers = []
    for road in ("direct", "django"):
        game = start_toy_game(make_user(f"a-{road}"), make_user(f"b-{road}"))
        headers = {**_token(_mover(game)), "content-type": "application/json"}
        path, body = f"/api/games/{game.pk}/moves/", _move_body(0)
        ask = _direct if road == "direct" else _django
        first, again = (ask("POST", path, headers, body) for _ in range(2))
        assert first is not None and again is not None
        answers.append([(r.status_code, _content(r), _headers(r)) for r in (first, again)])
        assert Move.objects.filter(game=game).count() == 1
    assert answers[0] == answers[1]
    assert [a[0] for a in answers[0]] == [201, 200]


@pytest.mark.parametrize("case", ["stale", "illegal", "waiting player"])
def test_a_refused_move_is_answered_alike_and_changes_nothing(game, case):
    mover = game.players.get(must_act=case != "waiting player").user
    body = _move_body(7) if case == "stale" else _move_body(0, "fly" if case == "illegal" else "pass")
    headers = {**_token(mover), "content-type": "application/json"}
    direct, django = _both("POST", f"/api/games/{game.pk}/moves/", headers, body)
    assert direct == django and direct[0] == {"stale": 409, "illegal": 400, "waiting player": 403}[case]
    assert Game.objects.get(pk=game.pk).version == 0 and not Move.objects.exists()


def test_the_views_throttles_apply_on_the_direct_road(game, monkeypatch):
    from rest_framework.throttling import UserRateThrottle

    from games.api import GameViewSet

    monkeypatch.setattr(GameViewSet, "throttle_classes", [UserRateThrottle])
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "3/min"})
    headers = _token(_mover(game))
    path = f"/api/games/{game.pk}/"
    statuses = [_direct("GET", path, headers).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = _direct("GET", path, headers)
    assert refused["Retry-After"] and _content(refused)["code"] == "throttled"


def test_a_busy_database_is_answered_alike(game, monkeypatch):
    def busy(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(play, "read_game_view", busy)
    direct, django = _both("GET", f"/api/games/{game.pk}/", _token(_mover(game)))
    assert direct == django and direct[0] == 503


def test_https_gets_the_same_transport_security(game, settings):
    settings.SECURE_HSTS_SECONDS = 3600
    headers = _token(_mover(game))
    direct = _direct("GET", f"/api/games/{game.pk}/", headers, scheme="https")
    django = APIClient().get(f"/api/games/{game.pk}/", secure=True, HTTP_AUTHORIZATION=headers["authorization"])
    assert direct["Strict-Transport-Security"] == django["Strict-Transport-Security"] == "max-age=3600"
    assert "Strict-Transport-Security" not in _direct("GET", f"/api/games/{game.pk}/", headers)


def test_the_request_id_given_is_sent_back_and_logged(game, caplog):
    request_id = uuid.uuid4().hex
    plain = _token(_mover(game))
    headers = {**plain, "x-request-id": request_id}
    caplog.clear()
    with caplog.at_level("INFO", logger="boardgames.access"):
        direct = _direct("GET", f"/api/games/{game.pk}/", headers)
    assert direct["X-Request-ID"] == request_id
    (line,) = [r for r in caplog.records if r.name == "boardgames.access"]
    assert (line.method, line.path, line.status, line.client) == ("GET", f"/api/games/{game.pk}/", 200, "127.0.0.1")
    made_up = _direct("GET", f"/api/games/{game.pk}/", plain)["X-Request-ID"]
    assert made_up != request_id and uuid.UUID(made_up)


def test_the_request_signals_are_sent_so_the_connection_goes_back(game):
    sent = []

    def started(**kwargs):
        sent.append("started")

    def finished(**kwargs):
        sent.append("finished")

    headers = _token(_mover(game))
    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    try:
        assert _direct("GET", f"/api/games/{game.pk}/", headers).status_code == 200
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)
    assert sent == ["started", "finished"]


@pytest.mark.parametrize(
    "case",
    [
        "unknown token",
        "cookie",
        "query string",
        "html",
        "other method",
        "form body",
        "not a plain move",
        "bad json",
        "no token",
        "ssl redirect",
        "header given twice",
        "host not allowed",
    ],
)
def test_anything_else_is_left_to_djangos_road(game, case, settings):
    mover = _mover(game)
    headers = _token(mover)
    view, moves = f"/api/games/{game.pk}/", f"/api/games/{game.pk}/moves/"
    if case == "unknown token":
        headers["authorization"] = "Token " + "0" * 64
    method, path, body, extra = "GET", view, b"", {}
    match case:
        case "cookie":
            headers["cookie"] = "sessionid=x"
        case "query string":
            extra = {"query": b"format=json"}
        case "html":
            headers["accept"] = "text/html"
        case "other method":
            method = "PUT"
        case "form body":
            method, path, body = "POST", moves, b"move=pass"
            headers["content-type"] = "application/x-www-form-urlencoded"
        case "not a plain move":
            method, path, body = "POST", moves, json.dumps({"move": "pass", "version": 0}).encode()
            headers["content-type"] = "application/json"
        case "bad json":
            method, path, body = "POST", moves, b"{nope"
            headers["content-type"] = "application/json"
        case "no token":
            del headers["authorization"]
        case "ssl redirect":
            settings.SECURE_SSL_REDIRECT = True
        case "host not allowed":
            headers["host"] = "evil.example"
        case "header given twice":
            extra = {"repeated": ("authorization", _token(make_user("carol"))["authorization"])}
    assert _direct(method, path, headers, body, **extra) is None
    assert not Move.objects.exists()


@pytest.mark.parametrize("case", ["expired", "deactivated"])
def test_a_token_that_stopped_working_is_left_to_djangos_road(game, case, monkeypatch):
    mover = _mover(game)
    headers = _token(mover)
    assert _direct("GET", f"/api/games/{game.pk}/", headers).status_code == 200  # remembered from here on
    if case == "expired":
        later = timezone.now() + timedelta(days=365)
        monkeypatch.setattr("accounts.tokens.timezone.now", lambda: later)
    else:
        mover.is_active = False
        mover.save()
    assert _direct("GET", f"/api/games/{game.pk}/", headers) is None
    assert _django("GET", f"/api/games/{game.pk}/", headers).status_code == 403


@pytest.mark.parametrize("road", ["direct", "django"])
def test_a_host_not_allowed_is_refused_on_every_road(game, road):
    headers = {**_token(_mover(game)), "host": "evil.example"}
    if road == "direct":
        assert _direct("GET", f"/api/games/{game.pk}/", headers) is None  # left to Django's road
    assert _django("GET", f"/api/games/{game.pk}/", headers).status_code == 400
