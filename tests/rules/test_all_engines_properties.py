"""The engine contract, checked on random games of every registered engine.

Hypothesis picks the player count, the options, the seed and a random walk of legal moves; along
the walk every engine must keep its promises:

* a seat's view never depends on what that seat may not know: other seats' hands, the order of
  the draw piles and the random generator (checked by changing those parts and comparing views);
* the state round-trips through JSON, and the game plays on identically after a store whose JSON
  objects come back with their keys in another order (PostgreSQL's jsonb reorders them);
* replaying the move log from (players, options, seed) gives the same state, byte for byte;
* every listed legal move applies, and so do the timeout and bot moves; a bad move raises
  IllegalMove (nothing else) and leaves the state exactly as it was;
* a move the engine lets its player take back kept the turn and drew nothing.

New engines are covered as soon as they are registered.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.rules.base import Engine, IllegalMove, InvalidOptions, registry
from games.rules.registry import load_engines

load_engines()
ENGINES = [e.slug for e in registry.all()]

MAX_STEPS = 60
LEGAL_SAMPLE = 4
# The costlier checks run on every few positions only.
CHECK_EVERY = 3
# Keys under which engines keep the secret order of what is drawn later.
PILE_KEYS = ("deck", "decks", "draw_pile", "tiles", "bag", "stack")
HAND_KEYS = ("hand", "hands")

PROPERTY_SETTINGS = settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def canonical(state: Any) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def reorder_keys(value: Any) -> Any:
    """The same JSON with every object's keys in reverse order, as a jsonb column may return it."""
    if isinstance(value, dict):
        return {k: reorder_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reorder_keys(v) for v in value]
    return value


# --- hidden information ------------------------------------------------------------------------


def _hand_lists(state: dict, players: int) -> Iterator[tuple[int, list]]:
    """(seat, that seat's hand list) for every per-seat hand in the state, found by key name."""

    def walk(node: Any) -> Iterator[tuple[int, list]]:
        if isinstance(node, dict):
            for key, value in node.items():
                if (
                    key in HAND_KEYS
                    and isinstance(value, list)
                    and len(value) == players
                    and all(isinstance(h, list) for h in value)
                ):
                    yield from enumerate(value)
                elif (
                    isinstance(value, list)
                    and len(value) == players
                    and all(isinstance(p, dict) and isinstance(p.get("hand"), list) for p in value)
                ):
                    yield from ((s, p["hand"]) for s, p in enumerate(value))
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    return walk(state)


def _piles(state: dict) -> Iterator[list]:
    def walk(node: Any) -> Iterator[list]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in PILE_KEYS and isinstance(value, list):
                    yield value
                elif key in PILE_KEYS and isinstance(value, dict):
                    yield from (v for v in value.values() if isinstance(v, list))
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    return walk(state)


def hide_from(state: dict, viewer: int | None, players: int, rnd: random.Random) -> dict:
    """A copy that differs from ``state`` only in what ``viewer`` may not know.

    Other seats' hand cards are dealt anew among those seats (same sizes, same cards in all),
    every draw pile is shuffled and the generator gets another seed.
    """
    other = copy.deepcopy(state)
    hands = [h for seat, h in _hand_lists(other, players) if seat != viewer]
    pool = [c for h in hands for c in h]
    rnd.shuffle(pool)
    for h in hands:
        size = len(h)
        h[:], pool = pool[:size], pool[size:]
    for pile in _piles(other):
        if len(set(map(canonical, pile))) > 1:
            before = list(pile)
            while pile == before:
                rnd.shuffle(pile)
    if isinstance(other.get("rng"), dict):
        other["rng"] = {k: (v + 7919 if isinstance(v, int) else v) for k, v in other["rng"].items()}
    return other


def _keys(node: Any) -> set[str]:
    if isinstance(node, dict):
        return set(node).union(*(_keys(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_keys(v) for v in node))
    return set()


def assert_views_hide_secrets(engine: Engine, state: dict, players: int, rnd: random.Random) -> None:
    for viewer in [None, *range(players)]:
        shown = engine.view(state, viewer)
        assert "rng" not in _keys(shown), f"{engine.slug}: the view shows the random generator"
        assert json.loads(json.dumps(shown)) == shown, "a view must be plain JSON"
        altered = engine.view(hide_from(state, viewer, players, rnd), viewer)
        assert canonical(altered) == canonical(shown), (
            f"{engine.slug}: the view of seat {viewer} depends on another seat's hand, a pile's order "
            f"or the random generator"
        )


# --- bad moves -------------------------------------------------------------------------------

JUNK_VALUES = [None, True, -1, 2**63, 10**30, 1.5, "", "x" * 300, [], {}, [None], {"a": 1}]


def bad_moves(legal: list[dict], rnd: random.Random) -> list[Any]:
    moves: list[Any] = [{}, {"type": "no-such-move"}, {"type": 7}, {"type": None}, [], "pass", None]
    for move in rnd.sample(legal, min(3, len(legal))):
        for key in [k for k in move if k != "type"] or ["card"]:
            for junk in rnd.sample(JUNK_VALUES, 4):
                moves.append({**move, key: junk})
        moves.append({**move, "type": move["type"] + "!"})
    return moves


def assert_bad_moves_change_nothing(
    engine: Engine, state: dict, seat: int, legal: list[dict], rnd: random.Random
) -> None:
    before = canonical(state)
    for move in bad_moves(legal, rnd):
        trial = copy.deepcopy(state)
        try:
            engine.apply(trial, seat, move)
        except IllegalMove as exc:
            assert str(exc), f"{engine.slug}: IllegalMove without a reason for {move!r}"
            assert canonical(trial) == before, f"{engine.slug}: the refused move {move!r} changed the state"
        except Exception as exc:  # noqa: BLE001 - anything else reaches the player as a server error
            pytest.fail(f"{engine.slug}: {move!r} raised {type(exc).__name__}: {exc} instead of IllegalMove")


def assert_wrong_seats_refused(engine: Engine, state: dict, players: int, legal: list[dict]) -> None:
    waiting = [s for s in range(players) if s not in engine.to_act(state)]
    before = canonical(state)
    for seat in waiting:
        assert engine.legal_moves(state, seat) == []
        for move in legal[:2]:
            trial = copy.deepcopy(state)
            with pytest.raises(IllegalMove):
                engine.apply(trial, seat, move)
            assert canonical(trial) == before


def assert_automatic_moves_apply(engine: Engine, state: dict, to_act: list[int], rnd: random.Random) -> None:
    """What the platform plays for a seat that timed out or is played by a bot must be legal."""
    for seat in to_act:
        for kind, move in (
            ("timeout", engine.timeout_move(state, seat)),
            ("bot", engine.bot_move(copy.deepcopy(state), seat, random.Random(rnd.random()))),
        ):
            try:
                engine.apply(copy.deepcopy(state), seat, copy.deepcopy(move))
            except IllegalMove as exc:
                pytest.fail(f"{engine.slug}: the {kind} move {move!r} for seat {seat} is refused: {exc}")


def assert_a_move_taken_back_showed_nothing(engine: Engine, before: dict, seat: int, move: dict, after: dict) -> None:
    """A move the engine lets its player take back kept the turn the seat's alone and drew nothing:
    the generator and the sizes of the draw piles are as before. Asking does not change the states."""
    kept = canonical(before), canonical(after)
    if engine.undoable(before, seat, move, after):
        assert engine.to_act(before) == engine.to_act(after) == [seat], f"{engine.slug}: {move} passed the turn"
        assert before.get("rng") == after.get("rng"), f"{engine.slug}: {move} drew at random"
        # The platform's store may reorder keys (see reorder_keys): the sizes compare sorted.
        sizes = sorted(len(pile) for pile in _piles(before)), sorted(len(pile) for pile in _piles(after))
        assert sizes[0] == sizes[1], f"{engine.slug}: {move} drew from a pile"
    assert (canonical(before), canonical(after)) == kept, f"{engine.slug}: undo_refusal changed a state"


# --- the walk -------------------------------------------------------------------------------


@st.composite
def games(draw, slug: str):
    engine = registry.get(slug)
    players = draw(st.integers(engine.min_players, engine.max_players))
    options = {}
    for opt in engine.options:
        if opt.kind == "choice":
            options[opt.name] = draw(st.sampled_from([c[0] for c in opt.choices]))
        else:
            options[opt.name] = draw(st.booleans())
    seed = draw(st.integers(0, 2**48))
    walk_seed = draw(st.integers(0, 2**32))
    return engine, players, options, seed, walk_seed


def new_game(engine: Engine, players: int, options: dict, seed: int) -> dict | None:
    try:
        return engine.setup(players, options, seed)
    except InvalidOptions:
        return None


@pytest.mark.parametrize("slug", ENGINES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_games_keep_the_engine_contract(slug, data):
    engine, players, options, seed, walk_seed = data.draw(games(slug))
    state = new_game(engine, players, options, seed)
    assume(state is not None)  # not a combination the rules refuse, with a reason (tested per engine)
    assert canonical(engine.setup(players, options, seed)) == canonical(state), "set-up is not deterministic"
    rnd = random.Random(walk_seed)
    log: list[tuple[int, dict]] = []
    for _step in range(MAX_STEPS):
        assert json.loads(json.dumps(state)) == state, f"{engine.slug}: the state does not round-trip through JSON"
        thorough = _step % CHECK_EVERY == 0
        if thorough or engine.is_over(state):
            assert_views_hide_secrets(engine, state, players, rnd)
        if engine.is_over(state):
            engine.result(state)
            break
        to_act = engine.to_act(state)
        assert to_act, f"{engine.slug}: nobody is to act in a running game"
        seat = rnd.choice(to_act)
        legal = engine.legal_moves(state, seat)
        assert legal, f"{engine.slug}: seat {seat} must act but has no legal move"
        for move in rnd.sample(legal, min(LEGAL_SAMPLE, len(legal))):
            engine.apply(copy.deepcopy(state), seat, copy.deepcopy(move))
        if thorough:
            assert_bad_moves_change_nothing(engine, state, seat, legal, rnd)
            assert_wrong_seats_refused(engine, state, players, legal)
            assert_automatic_moves_apply(engine, state, to_act, rnd)
        move = rnd.choice(legal)
        before = json.loads(json.dumps(state))
        # Stored and loaded as the platform does: through JSON, keys possibly reordered.
        state, _events = engine.apply(reorder_keys(json.loads(json.dumps(state))), seat, copy.deepcopy(move))
        assert_a_move_taken_back_showed_nothing(engine, before, seat, move, state)
        log.append((seat, move))

    replayed = engine.setup(players, options, seed)
    for seat, move in log:
        replayed, _events = engine.apply(replayed, seat, copy.deepcopy(move))
    assert canonical(replayed) == canonical(state), f"{engine.slug}: replaying the move log gives another state"
