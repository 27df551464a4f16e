"""Find a move of a kind in bot games, with the states around it, for the engines' take-back tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.rules.base import Engine, Move, State


@dataclass
class Step:
    before: State
    seat: int
    move: Move
    after: State

    def refusal(self, engine: Engine) -> str | None:
        return engine.undo_refusal(self.before, self.seat, self.move, self.after)


def find_step(
    engine: Engine,
    players: int,
    options: dict[str, Any],
    wanted: Callable[[Step], bool],
    seeds: range = range(12),
    limit: int = 3000,
) -> Step:
    """The first step of the bots' games (seeded) that ``wanted`` accepts."""
    for seed in seeds:
        state = engine.setup(players, options, seed)
        rng = random.Random(seed)
        for _ in range(limit):
            if engine.is_over(state):
                break
            seat = engine.to_act(state)[0]
            move = engine.bot_move(state, seat, rng)
            before = json.loads(json.dumps(state))
            state, _events = engine.apply(state, seat, move)
            step = Step(before, seat, move, json.loads(json.dumps(state)))
            if wanted(step):
                return step
    raise AssertionError("no such step in the bots' games")
