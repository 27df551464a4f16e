"""The sustained load's checks: a 409 is only a fault when the replica surely knows the game's version."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter

import pytest

from bench.common import ROOT

sys.path.insert(0, str(ROOT / "bench"))  # the scripts import each other by module name, as when run from bench/
from sustained_load import Load, Replica  # noqa: E402


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
