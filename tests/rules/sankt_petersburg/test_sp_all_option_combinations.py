"""Every allowed combination of the engine's options (the expansion, SP+, Modules 1 and 2, the Market
and Modules 3-6 with both assignment rules) at 2-5 players: a seeded random game ends, replays byte
for byte, and no view shows another seat's hand, a pile's order or another seat's assignments."""

import itertools
import json
import random

import pytest

from games.rules.base import InvalidOptions
from tests.rules.sankt_petersburg.sp_helpers import E, dump

VIEW_EVERY = 19


def strings(value, out: set) -> set:
    """Every string in a view (keys and values)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            strings(v, out)
    return out


def allowed(players: int) -> list[dict]:
    names = [o.name for o in E.options]
    space = [[c[0] for c in o.choices] if o.kind == "choice" else [False, True] for o in E.options]
    out = []
    for combo in itertools.product(*space):
        try:
            out.append(E.normalize_options(players, dict(zip(names, combo))))
        except InvalidOptions:
            pass
    return out


def check_views(st: dict) -> None:
    piles = {c for pile in st["decks"].values() for c in pile}
    dealt = st["ext"].get("assignments") or []
    for viewer in [None, *range(st["n"])]:
        view = E.view(st, viewer)
        hidden = set(piles)
        for seat, p in enumerate(st["p"]):
            if seat != viewer:
                hidden.update(p["hand"])
        leaked = hidden & strings(view, set())
        assert not leaked, (viewer, leaked)
        if view["assignments"] is not None and view["step"] != "over":
            mine = view["assignments"]["mine"]
            assert mine is None if viewer is None else [a["number"] for a in mine] == dealt[viewer]
            assert "all" not in view["assignments"] and "discarded" not in view["assignments"]
        decision = view["decision"] or {}
        if viewer != decision.get("seat"):
            assert "numbers" not in decision and not isinstance(decision.get("card"), dict)


def play(players: int, options: dict, seed: int) -> None:
    rng = random.Random(seed)
    st = E.setup(players, options, seed)
    log = []
    while not E.is_over(st):
        (seat,) = E.to_act(st)
        move = rng.choice(E.legal_moves(st, seat))
        log.append((seat, json.loads(json.dumps(move))))
        st, _ = E.apply(st, seat, move)
        if len(log) % VIEW_EVERY == 0:
            check_views(st)
        assert len(log) < 5000, options
    again = E.setup(players, options, seed)
    for seat, move in log:
        again, _ = E.apply(again, seat, move)
    assert dump(again) == dump(st), options
    result = E.result(st)
    assert min(result.ranks) == 1 and len(result.scores) == players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_allowed_option_combination_ends_replays_and_leaks_nothing(players):
    combos = allowed(players)
    assert any(o["banquet"] and o["module2"] for o in combos)
    assert any(o["assignment_rule"] == "printed" for o in combos)
    for i, options in enumerate(combos):
        play(players, options, seed=100 * players + i)
