"""Simultaneous decisions commute: the stored state does not depend on who decided first.

"Diese Phase kann gleichzeitig gespielt werden; das Einhalten einer Reihenfolge ist hier
bedeutungslos." (Aufseher; likewise Händler and Ratsherr; the round start steps are decided by every
player concerned at once.)
"""

import itertools
import json
import random

import pytest

from tests.rules.san_juan.sj_helpers import E, dump


def _copy(st):
    return json.loads(json.dumps(st))


def _decisions(st, seat, rng):
    """The moves one seat makes in the current step, chosen at random, played on a copy."""
    trial, moves = _copy(st), []
    while seat in E.to_act(trial):
        move = rng.choice(E.legal_moves(trial, seat))
        moves.append(move)
        E.apply(trial, seat, move)
    return moves


def _play_commuting(players, options, seed):
    """Play a random game; at every simultaneous step apply the same decisions in every order."""
    st = E.setup(players, options, seed)
    rng = random.Random(seed)
    checked = 0
    while not E.is_over(st):
        acting = E.to_act(st)
        if len(acting) < 2:
            seat = acting[0]
            E.apply(st, seat, rng.choice(E.legal_moves(st, seat)))
            continue
        plan = {seat: _decisions(st, seat, rng) for seat in acting}
        results = set()
        for order in itertools.permutations(acting):
            trial = _copy(st)
            for seat in order:
                for move in plan[seat]:
                    E.apply(trial, seat, move)
            results.add(dump(trial))
        assert len(results) == 1, f"step {st['phase']}/{st.get('step')} depends on the order of decisions"
        st = json.loads(results.pop())
        checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"expansion": True, "start_variant": True}, {"edition": "1"}])
def test_same_decisions_in_every_order_give_the_same_state(players, options):
    checked = sum(_play_commuting(players, options, seed) for seed in range(2))
    assert checked > 10  # the games did have simultaneous steps to check
