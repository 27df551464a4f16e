"""The sustained load's checks: a 409 is only a fault when the replica surely knows the game's version; a
request without an answer is a failure that is counted; a read's version is the one its body holds."""

from __future__ import annotations

import asyncio
import copy
import json
import sys
from collections import Counter

import pytest

from bench.common import ROOT
from games import hot_api
from games.services import play
from tests.factories import make_user, start_toy_game

sys.path.insert(0, str(ROOT / "bench"))  # the scripts import each other by module name, as when run from bench/
from http_client import HttpError  # noqa: E402
from sustained_load import _VERSION_AT_START, FAILED, Load, Replica, deep_copy, read_version  # noqa: E402


class OneSeatEngine:
    def to_act(self, state):
        return [0]

    def legal_moves(self, state, seat):
        return [{"type": "pass"}]

    def is_over(self, state):
        return False


def replica() -> Replica:
    game = Replica.__new__(Replica)
    game.engine, game.id, game.token_of_seat, game.state, game.version = OneSeatEngine(), 1, {0: "key"}, {}, 3
    game.seats = [0]
    game.acknowledged, game.seat_of_seq, game.in_flight, game.contested = [], {}, Counter(), set()
    game.uncertain = False
    return game


def run_fresh(load: Load, game: Replica, answer) -> None:
    async def post(session, game, seat, body, label):
        return await answer()

    load._post = post  # type: ignore[method-assign]
    asyncio.run(load._fresh(None, game))


def conflict():
    async def answer():
        return 409, b"{}"

    return answer


def test_a_409_at_the_known_version_is_a_problem():
    load, game = Load("", [], seed=1), replica()
    run_fresh(load, game, conflict())
    assert load.problems == ["game 1: 409 at the current version 3"]


def test_after_a_cancelled_move_a_409_is_not_counted_as_a_problem():
    load, game = Load("", [], seed=1), replica()

    async def cancelled():
        raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        run_fresh(load, game, cancelled)
    run_fresh(load, game, conflict())
    assert game.uncertain
    assert load.problems == []


class Unreachable:
    async def request(self, data):
        raise HttpError("connection lost before the answer was complete")


def test_a_move_without_an_answer_is_a_counted_failure_and_leaves_the_replica_uncertain():
    load, game = Load("", [], seed=1), replica()
    load._move_heads[1, 0] = b"POST /api/games/1/moves/ HTTP/1.1\r\n"
    asyncio.run(load._fresh(Unreachable(), game))
    assert load.statuses == Counter({("move", FAILED): 1})
    assert load.failed == 1 and load.failed_ever
    assert load.problems == ["move on game 1 failed: HttpError('connection lost before the answer was complete')"]
    assert game.uncertain and game.version == 3 and not game.in_flight[3]


def test_a_read_without_an_answer_is_a_counted_failure():
    load, game = Load("", [], seed=1), replica()
    load._reads[1, 0] = b"GET /api/games/1/ HTTP/1.1\r\n\r\n"
    asyncio.run(load.read(Unreachable(), game))
    assert load.statuses == Counter({("read", FAILED): 1})
    assert load.latency["read"] == [] and len(load.problems) == 1


@pytest.mark.django_db
def test_the_version_is_read_from_the_start_of_a_players_view_as_the_server_writes_it():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    body = hot_api._encode_view(play.game_view(game, alice))
    assert _VERSION_AT_START.match(body), body[:200]
    assert read_version(body) == json.loads(body)["version"] == game.version


@pytest.mark.parametrize(
    "body",
    [
        b'{"id":7,"game":"toy","game_name":"A \\"version\\":99, game","version":12,"status":"active"}',
        b'{"id":7,"game":"toy","game_name":"Backslash \\\\","version":12}',
        b'{"id": 7, "game": "toy", "game_name": "Toy", "version": 12}',  # not compact: parsed in full
        b'{"version":12,"id":7}',  # another order: parsed in full
    ],
)
def test_the_version_is_the_one_json_gives_for_any_body(body):
    assert read_version(body) == json.loads(body)["version"] == 12


def test_the_replicas_state_copy_is_a_deep_copy_with_shared_parts_kept():
    shared = [1, 2]
    state = {"a": shared, "b": shared, "t": (1, "x"), "n": {3: [4.5, None, True]}}
    copied = deep_copy(state)
    assert copied == state == copy.deepcopy(state)
    assert copied["a"] is copied["b"] and copied["a"] is not shared
    assert copied["n"] is not state["n"] and type(copied["t"]) is tuple
