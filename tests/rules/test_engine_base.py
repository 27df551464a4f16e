"""What every engine gets from games/rules/base.py: the log-line helper and the methods that hand over
to the engine package's functions."""

import random

import pytest

from games.rules.base import Engine, Move, State, event, registry
from games.rules.registry import load_engines


def test_a_log_line_names_its_actor_and_its_only_reader_when_given():
    assert event("{seat} passes.", 2, seat=2) == {"msg": "{seat} passes.", "args": {"seat": 2}, "seat": 2}
    assert event("You draw: {cards}.", 1, only=1, cards=["Well"]) == {
        "msg": "You draw: {cards}.",
        "args": {"cards": ["Well"]},
        "seat": 1,
        "only": 1,
    }
    assert event("The round ends.") == {"msg": "The round ends.", "args": {}}


def _legal(state: State, seat: int) -> list[Move]:
    return [{"type": "take", "n": n} for n in state["stack"]]


def _bot(state: State, seat: int, legal: list[Move], rng: random.Random) -> Move:
    return {"type": "chosen", "of": len(legal), "seat": seat}


class Named(
    Engine,
    to_act=lambda st: [st["turn"]],
    view=lambda st, seat: {"seen_by": seat},
    label=lambda st, seat, move: {"msg": "{seat} takes.", "args": {"seat": seat}},
    bot=_bot,
):
    slug = "named"

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return _legal(state, seat)


class Bare(Engine):
    slug = "bare"


def test_an_engine_names_its_functions_and_the_contract_hands_over_to_them():
    engine, state = Named(), {"turn": 1, "stack": [3, 4]}
    assert engine.to_act(state) == [1]
    assert engine.view(state, 0) == {"seen_by": 0}
    assert engine.move_label(state, 1, {"type": "take"}) == {"msg": "{seat} takes.", "args": {"seat": 1}}
    assert engine.bot_move(state, 1, random.Random(0)) == {"type": "chosen", "of": 2, "seat": 1}


def test_an_engine_without_them_must_write_the_methods():
    engine = Bare()
    with pytest.raises(NotImplementedError):
        engine.view({}, None)
    with pytest.raises(NotImplementedError):
        engine.bot_move({}, 0, random.Random(0))
    assert engine.move_label({}, 0, {"type": "take", "n": 3}) == {"msg": "take(n=3)", "args": {}}


@pytest.mark.parametrize("slug", ["san-juan", "sankt-petersburg", "red-cathedral"])
def test_the_shipped_engines_use_the_handed_over_methods(slug):
    load_engines()
    engine = type(registry.get(slug))
    for method in ("view", "move_label", "bot_move"):
        assert method not in vars(engine), f"{slug} repeats {method}; name its function in the class statement"
