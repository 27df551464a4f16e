"""Generated requests against the API.

Schemathesis reads the schema the site serves at /api/schema/ and sends requests built from it
(valid and invalid) to every operation, as a seated player of a running game: no answer may be a
server error, and every documented answer must match its schema. Hypothesis then throws malformed
move submissions at the move endpoint: each is refused with a 4xx and a message, and the game
does not change.
"""

from __future__ import annotations

import json
import uuid

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from games.models import ChatMessage, Game, Move
from games.services import tables
from tests.factories import api_token, make_user, start_toy_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    """A running toy game, an open table, and the token of a seated player."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    table = tables.create_table(alice, "toy", 3)
    token = api_token(alice)
    return {"game": game, "table": table, "token": token}


@pytest.fixture
def keep_connection():
    """As Django's test client does: requests must not close the test's database connection."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


# The schema as the site serves it (building it touches no database).
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", WSGIHandler())
# Generated cases only: the schema-coverage cases number in the hundreds and cost minutes.
FUZZ_SETTINGS = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)


@schema.parametrize()
@FUZZ_SETTINGS
def test_every_operation_answers_without_server_errors_and_as_documented(case, seated, keep_connection):
    # Point most ids at real objects so that requests reach the code behind the lookups; odd ones
    # stay as generated (mostly objects that do not exist).
    generated = str((case.path_parameters or {}).get("id", ""))
    if generated.isdigit() and int(generated) % 2 == 0:
        real = seated["table"].pk if case.path.startswith("/api/tables/") else seated["game"].pk
        case.path_parameters["id"] = real
    case.call_and_validate(
        headers={"Authorization": f"Token {seated['token']}"}, checks=[not_a_server_error, response_schema_conformance]
    )


# --- malformed moves ---------------------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=20),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)

bad_moves = st.one_of(
    scalars,
    st.lists(json_values, max_size=3),
    st.fixed_dictionaries({}, optional={"card": json_values}),  # no type
    st.fixed_dictionaries(
        {
            "type": st.one_of(
                st.none(),
                st.integers(),
                st.lists(scalars, max_size=2),
                st.text(max_size=30).filter(lambda t: t not in ("pass", "play")),
            )
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("play"),
            "card": st.one_of(scalars, st.lists(scalars, max_size=2)).filter(
                lambda c: not (isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= 9)
            ),
        }
    ),
    st.fixed_dictionaries({"type": st.just("play"), "card": st.just(5), "junk": st.text(min_size=5000, max_size=5000)}),
)
bad_bodies = st.one_of(
    st.fixed_dictionaries({"move": bad_moves, "version": st.just(0)}),
    st.fixed_dictionaries({"move": st.just({"type": "pass"})}),  # no version
    st.fixed_dictionaries(
        {
            "move": st.just({"type": "pass"}),
            "version": st.one_of(
                st.none(),
                st.text(max_size=5).filter(lambda t: not t.isdigit()),
                st.integers(max_value=-1),
                st.floats(allow_nan=False),
                st.just(2**70),
                st.lists(st.integers(), max_size=2),
            ),
        }
    ),
    st.fixed_dictionaries(
        {
            "move": st.just({"type": "pass"}),
            "version": st.just(0),
            "move_id": st.one_of(st.integers(), st.text(max_size=10), st.just([])),
        }
    ),
    st.fixed_dictionaries(
        {
            "move": st.just({"type": "pass"}),
            "version": st.just(0),
            "seat": st.one_of(
                st.integers(min_value=-5, max_value=2**70).filter(bool), st.sampled_from(["", "x", "1.5", "-1", "two"])
            ),
        }
    ),
    json_values.filter(lambda v: not isinstance(v, dict)),
)


@pytest.fixture
def move_target(seated):
    game = seated["game"]
    mover = game.players.get(seat=0).user
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(mover)}")
    return client, game


@given(body=bad_bodies)
@settings(max_examples=80, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
def test_malformed_moves_are_refused_with_a_message_and_change_nothing(move_target, body):
    client, game = move_target
    before = Game.objects.values("version", "state").get(pk=game.pk)
    response = client.post(f"/api/games/{game.pk}/moves/", data=json.dumps(body), content_type="application/json")
    assert 400 <= response.status_code < 500, (body, response.status_code, response.content[:300])
    data = response.json()
    assert data and (data.get("detail") or all(isinstance(v, list) and v for v in data.values())), data
    assert Game.objects.values("version", "state").get(pk=game.pk) == before
    assert not Move.objects.filter(game=game).exists()


@pytest.mark.parametrize("game_id", [987654, 10**20])
def test_moves_and_resigning_are_refused_for_a_game_that_does_not_exist(move_target, game_id, client):
    api, _game = move_target
    response = api.post(f"/api/games/{game_id}/moves/", {"move": {"type": "pass"}, "version": 0}, format="json")
    assert response.status_code == 404 and response.json()["detail"] == "There is no such game."
    assert api.post(f"/api/games/{game_id}/resign/").status_code == 404
    client.force_login(make_user("carol"))
    assert client.post(f"/games/{game_id}/resign/", follow=True).status_code == 404


def test_chat_fuzz_leaves_no_empty_or_oversized_messages(move_target):
    client, game = move_target
    for text in ["", " ", "x" * 501, None, ["hi"]]:
        response = client.post(f"/api/games/{game.pk}/chat/", {"text": text}, format="json")
        assert response.status_code == 400
    assert not ChatMessage.objects.filter(game=game).exists()
    assert (
        client.post(
            f"/api/games/{game.pk}/moves/",
            {"move": {"type": "pass"}, "version": 0, "move_id": str(uuid.uuid4())},
            format="json",
        ).status_code
        == 201
    )


def test_ids_that_are_not_numbers_are_not_found(move_target):
    client, _game = move_target
    for url in ("/api/games/abc/", "/api/games/1e3/moves/", "/api/tables/x/join/"):
        response = (
            client.post(url, {"move": {"type": "pass"}, "version": 0}, format="json")
            if "moves" in url or "join" in url
            else client.get(url)
        )
        assert response.status_code == 404


def test_invalid_input_answers_in_the_documented_error_shape(move_target):
    client, game = move_target
    response = client.post(f"/api/games/{game.pk}/moves/", {"move": {"type": "pass"}}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "version: This field is required.",
        "code": "invalid",
        "errors": {"version": ["This field is required."]},
    }
    assert APIClient().post(f"/api/games/{game.pk}/moves/", {}, format="json").json()["code"] in (
        "not_authenticated",
        "permission_denied",
    )


@pytest.mark.parametrize("depth", [40, 900, 50_000])
def test_deeply_nested_json_is_refused_not_a_crash(move_target, depth):
    client, game = move_target
    body = '{"move": {"type": "pass", "x": ' + "[" * depth + "]" * depth + '}, "version": 0}'
    response = client.post(f"/api/games/{game.pk}/moves/", data=body, content_type="application/json")
    assert response.status_code == 400 and response.json()["detail"] == "The JSON document is nested too deeply."
    assert not Move.objects.filter(game=game).exists()
