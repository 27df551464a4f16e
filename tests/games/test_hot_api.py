"""The view and move requests answered by games/hot_api.py answer exactly as the DRF views do.

``?format=json`` sends the same request down DRF's road (games/hot_api.py hands every request
with a format over), so each case is asked both ways and the answers compared: status, body and
headers.
"""

import json
import uuid

import pytest
from rest_framework.test import APIClient

from games import hot_api
from games.models import Game, Move
from games.serializers import MoveSubmitSerializer
from tests.factories import api_token, make_user, start_toy_game

pytestmark = pytest.mark.django_db

# Headers that differ between two requests whatever road they take.
VARYING = {"x-request-id", "date"}


def _answer(response) -> tuple[int, object, dict]:
    headers = {k.lower(): v for k, v in response.items() if k.lower() not in VARYING}
    body = json.loads(response.content) if response.content else None
    return response.status_code, body, headers


def _both(client, method: str, url: str, **kwargs) -> tuple[tuple, tuple]:
    hot = getattr(client, method)(url, **kwargs)
    drf = getattr(client, method)(url + ("&" if "?" in url else "?") + "format=json", **kwargs)
    return _answer(hot), _answer(drf)


@pytest.fixture
def game():
    return start_toy_game(make_user("alice"), make_user("bob"))


def _client(user=None, **kwargs) -> APIClient:
    client = APIClient(**kwargs)
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


def _mover(game):
    return game.players.select_related("user").get(must_act=True).user


def test_the_hot_road_is_taken_for_plain_json_requests(game, monkeypatch):
    calls = []
    monkeypatch.setattr(hot_api, "_drf_retrieve", lambda *a, **k: calls.append("drf") or None)
    response = _client(_mover(game)).get(f"/api/games/{game.pk}/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and calls == []


@pytest.mark.parametrize("who", ["player", "other", "anonymous", "bad-token"])
def test_a_view_is_answered_alike_on_both_roads(game, who):
    if who == "bad-token":
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION="Token nonsense")
    else:
        client = _client({"player": _mover(game), "other": make_user("carol"), "anonymous": None}[who])
    hot, drf = _both(client, "get", f"/api/games/{game.pk}/")
    assert hot == drf
    assert hot[0] == (403 if who == "bad-token" else 200)


def test_a_missing_game_is_answered_alike(game):
    hot, drf = _both(_client(_mover(game)), "get", "/api/games/99999999/")
    assert hot == drf and hot[0] == 404 and hot[1]["code"] == "not_found"


def test_the_security_headers_and_language_are_those_of_the_rest_of_the_api(game):
    response = _client().get(f"/api/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de")
    catalog = _client().get("/api/catalog/", HTTP_ACCEPT_LANGUAGE="de")
    for header in (
        "X-Content-Type-Options",
        "Referrer-Policy",
        "Cross-Origin-Opener-Policy",
        "X-Frame-Options",
        "Content-Language",
        "Content-Security-Policy",
        "X-Request-ID",
    ):
        assert (header in response) == (header in catalog), header
    assert response["Content-Language"] == "de"


BAD_MOVES = [
    ("not json", {"data": "{nope", "content_type": "application/json"}),
    ("empty body", {"data": "", "content_type": "application/json"}),
    ("too deep", {"data": "[" * 40 + "]" * 40, "content_type": "application/json"}),
    ("no move", {"data": json.dumps({"version": 0}), "content_type": "application/json"}),
    ("no type", {"data": json.dumps({"move": {}, "version": 0}), "content_type": "application/json"}),
    (
        "bad version",
        {"data": json.dumps({"move": {"type": "pass"}, "version": "x"}), "content_type": "application/json"},
    ),
    ("stale", {"data": json.dumps({"move": {"type": "pass"}, "version": 7}), "content_type": "application/json"}),
    ("illegal", {"data": json.dumps({"move": {"type": "fly"}, "version": 0}), "content_type": "application/json"}),
    (
        "bad id",
        {
            "data": json.dumps({"move": {"type": "pass"}, "version": 0, "move_id": "x"}),
            "content_type": "application/json",
        },
    ),
]


@pytest.mark.parametrize("case", [c for c, _ in BAD_MOVES])
def test_a_refused_move_is_answered_alike_and_changes_nothing(game, case):
    kwargs = dict(BAD_MOVES)[case]
    hot, drf = _both(_client(_mover(game)), "post", f"/api/games/{game.pk}/moves/", **kwargs)
    assert hot == drf
    assert 400 <= hot[0] < 500 and hot[1]["detail"] and hot[1]["code"]
    assert Game.objects.get(pk=game.pk).version == 0 and not Move.objects.exists()


@pytest.mark.parametrize("who", ["waiting player", "stranger", "anonymous", "bad-token"])
def test_a_move_by_someone_who_may_not_move_is_answered_alike(game, who):
    waiting = game.players.get(must_act=False).user
    if who == "bad-token":
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION="Token nonsense")
    else:
        client = _client({"waiting player": waiting, "stranger": make_user("carol"), "anonymous": None}[who])
    body = {"move": {"type": "pass"}, "version": 0}
    hot, drf = _both(client, "post", f"/api/games/{game.pk}/moves/", data=body, format="json")
    assert hot == drf and hot[0] == 403
    assert not Move.objects.exists()


def test_a_session_needs_the_csrf_token_on_both_roads(game):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(_mover(game))
    body = {"move": {"type": "pass"}, "version": 0}
    hot, drf = _both(client, "post", f"/api/games/{game.pk}/moves/", data=body, format="json")
    assert hot == drf and hot[0] == 403 and "CSRF" in hot[1]["detail"]
    assert not Move.objects.exists()


def test_a_session_with_its_csrf_token_moves_as_the_board_sends_it(game):
    """The board's script posts JSON with the page's CSRF token, as a browser does (the test client's
    usual pass on CSRF would skip the check that reads the request's form data)."""
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(_mover(game))
    browser.get(f"/games/{game.pk}/")
    body = json.dumps({"move": {"type": "pass"}, "version": 0, "move_id": str(uuid.uuid4())})
    answer = browser.post(
        f"/api/games/{game.pk}/moves/",
        data=body,
        content_type="application/json",
        HTTP_X_CSRFTOKEN=browser.cookies["csrftoken"].value,
        HTTP_ACCEPT="*/*",
    )
    assert answer.status_code == 201, answer.content
    assert Move.objects.filter(game=game).count() == 1


def test_a_move_and_its_retry_are_answered_alike():
    answers = []
    for road in ("hot", "drf"):
        game = start_toy_game(make_user(f"a-{road}"), make_user(f"b-{road}"))
        client = _client(_mover(game))
        url = f"/api/games/{game.pk}/moves/" + ("?format=json" if road == "drf" else "")
        body = {"move": {"type": "pass"}, "version": 0, "move_id": str(uuid.uuid4())}
        first, again = (_answer(client.post(url, body, format="json")) for _ in range(2))
        answers.append((first, again))
    assert answers[0] == answers[1]
    (first, again), _ = answers
    assert first[0] == 201 and again[0] == 200 and again[1]["repeated"] is True


def test_other_methods_and_html_still_go_to_drf(game):
    client = _client(_mover(game))
    assert client.put(f"/api/games/{game.pk}/", {}, format="json").status_code == 405
    assert client.get(f"/api/games/{game.pk}/moves/").status_code == 405
    page = client.get(f"/api/games/{game.pk}/", HTTP_ACCEPT="text/html")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    indented = client.get(f"/api/games/{game.pk}/", HTTP_ACCEPT="application/json; indent=2")
    assert indented.status_code == 200 and indented.content.startswith(b'{\n  "id"')


def test_the_views_throttles_apply_on_both_roads(game, monkeypatch):
    from django.core.cache import cache
    from rest_framework.throttling import AnonRateThrottle

    from games.api import GameViewSet

    # DRF reads the throttle setting when the view class is defined, so the class is given them here.
    monkeypatch.setattr(GameViewSet, "throttle_classes", [AnonRateThrottle])
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "2/min"})
    answers = []
    for query in ("", "?format=json"):
        cache.clear()
        statuses = [_client().get(f"/api/games/{game.pk}/{query}") for _ in range(3)]
        answers.append([(r.status_code, r.json().get("code")) for r in statuses])
    assert answers[0] == answers[1] == [(200, None), (200, None), (429, "throttled")]


MOVE_ID = str(uuid.uuid4())
# Move bodies as clients might send them; the plain check must take the usual ones and give what
# the serializer gives, and leave every other one to the serializer.
MOVE_BODIES = [
    ({"move": {"type": "pass"}, "version": 3}, True),
    ({"move": {"type": "pass", "cards": [1, 2], "to": None}, "version": 0, "move_id": MOVE_ID}, True),
    ({"move": {"type": "pass"}, "version": 3, "move_id": MOVE_ID.replace("-", "").upper()}, True),
    ({"move": {"type": "pass"}, "version": 3, "move_id": None, "seat": None}, True),
    ({"move": {}, "version": 3, "seat": 2}, True),
    ({"move": {"type": "pass"}, "version": 3, "seat": 0}, True),
    ({"move": {"type": "pass"}, "version": -1}, False),
    ({"move": {"type": "pass"}, "version": True}, False),
    ({"move": {"type": "pass"}, "version": 3.0}, False),
    ({"move": {"type": "pass"}, "version": "3"}, False),
    ({"move": {"type": "pass"}}, False),
    ({"version": 3}, False),
    ({"move": [], "version": 3}, False),
    ({"move": None, "version": 3}, False),
    ({"move": {"type": "pass"}, "version": 3, "move_id": "x"}, False),
    ({"move": {"type": "pass"}, "version": 3, "move_id": 12}, False),
    ({"move": {"type": "pass"}, "version": 3, "seat": -1}, False),
    ({"move": {"type": "pass"}, "version": 3, "seat": False}, False),
    ({"move": {"type": "pass"}, "version": 3, "seat": "1"}, False),
    ({"move": {"type": "pass"}, "version": 3, "other": 1}, False),
    ([{"move": {"type": "pass"}, "version": 3}], False),
    (None, False),
]


@pytest.mark.parametrize("body, plain", MOVE_BODIES)
def test_the_plain_check_of_a_move_body_gives_what_the_serializer_gives(body, plain):
    checked = hot_api.plain_move(body)
    assert (checked is not None) == plain
    if checked is not None:
        submitted = MoveSubmitSerializer(data=body)
        assert submitted.is_valid(), submitted.errors
        assert checked == dict(submitted.validated_data)
