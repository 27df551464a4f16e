"""Events as stored with a move: catalogue ids, no repeated seat, compact json; the log reads the same."""

import ast
import itertools
import json
import random
from pathlib import Path

import pytest
from django.db import connection
from django.utils import translation

from games.models import Move
from games.rules.base import InvalidOptions
from games.rules.registry import load_engines
from games.services.event_codec import catalogue, decode_events, encode_events
from games.services.log import log_entries, render_event, visible
from games.services.moves import submit_move
from games.services.replay import replay_differs
from games.services.tables import start_seated_game
from tests.factories import make_user
from tests.support.toy_engine import ToyEngine

PINNED = Path(__file__).parent / "data" / "event_messages_pinned.json"


MAX_OPTION_SETS = 64


def _option_sets(engine, players: int) -> list[dict]:
    space = [[c[0] for c in o.choices] if o.kind == "choice" else [False, True] for o in engine.options]
    combos = list(itertools.product(*space))
    if len(combos) > MAX_OPTION_SETS:
        # Too many to play them all: every value of every option once, beside the others' values shifted.
        width = max(len(values) for values in space)
        combos = sorted(
            {
                tuple(values[(i + k * shift) % len(values)] for k, values in enumerate(space))
                for i in range(width)
                for shift in (0, 1)
            }
        )
    out = []
    for combo in combos:
        try:
            out.append(engine.normalize_options(players, dict(zip(engine.default_options(), combo))))
        except InvalidOptions:
            pass
    return out


def _random_games(seeds: int = 2):
    """(seat, events) of every move of seeded random games: every shipped engine, player count and option set."""
    for engine in (e for e in load_engines().all() if e.slug != ToyEngine.slug):
        for players in range(engine.min_players, engine.max_players + 1):
            for options in _option_sets(engine, players):
                for seed in range(seeds):
                    state, rnd, moves = engine.setup(players, options, seed), random.Random(seed), []
                    while not engine.is_over(state):
                        seat = rnd.choice(engine.to_act(state))
                        state, events = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
                        moves.append((seat, events))
                    yield engine.slug, players, moves


@pytest.fixture(scope="module")
def random_games():
    return list(_random_games())


def _lines(moves, names, viewer, stored: bool) -> list[str]:
    """The log as log_entries builds it, from the engine's events or from their stored form."""
    out = []
    for seat, events in moves:
        if stored:
            events = json.loads(json.dumps(encode_events(events, seat), separators=(",", ":")))
        for event in events:
            if visible(event, viewer):
                out.append(f"{event.get('seat', seat)}|{render_event(event, names)}")
    return out


def test_every_template_the_engines_emit_is_in_the_catalogue(random_games):
    emitted = {event["msg"] for _slug, _n, moves in random_games for _seat, events in moves for event in events}
    assert emitted - set(catalogue()) == set()


def test_the_platforms_own_notes_are_in_the_catalogue():
    """The notes a timeout adds to a move's events (dict literals with a "msg" under games/services)."""
    notes = set()
    for path in Path("games/services").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "msg":
                        notes |= {
                            c.value for c in ast.walk(value) if isinstance(c, ast.Constant) and isinstance(c.value, str)
                        }
    assert notes, "no notes found: the scan no longer matches how they are written"
    assert notes - set(catalogue()) == set()


def test_the_catalogue_only_grows():
    """Stored ids keep their template: the ids pinned when the catalogue was introduced mean the same."""
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))
    assert list(catalogue()[: len(pinned)]) == pinned
    assert len(set(catalogue())) == len(catalogue()), "a template listed twice"


def test_encoding_drops_the_movers_seat_and_keeps_unknown_templates_as_text():
    events = [
        {"msg": catalogue()[3], "args": {"seat": 1}, "seat": 1},
        {"msg": "{seat} does something new.", "args": {"seat": 2}, "seat": 2, "only": 2},
    ]
    stored = encode_events(events, 1)
    assert stored == [
        {"msg": 3, "args": {"seat": 1}},
        {"msg": "{seat} does something new.", "args": {"seat": 2}, "seat": 2, "only": 2},
    ]
    assert events[0]["seat"] == 1, "the engine's events are not changed"
    assert decode_events(stored, 1) == [{**events[0]}, {**events[1]}]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_log_of_random_games_reads_the_same_from_the_stored_events(random_games, language):
    names = {0: "Anna", 1: "Bert", 2: "Cleo", 3: "Dora", 4: "Emil"}
    with translation.override(language):
        for slug, players, moves in random_games[::3]:
            for viewer in [None, *range(players)]:
                assert _lines(moves, names, viewer, stored=True) == _lines(moves, names, viewer, stored=False), slug


def test_german_log_lines_stay_german():
    stored = encode_events([{"msg": "{seat} passes.", "args": {"seat": 0}, "seat": 0}], 0)
    assert isinstance(stored[0]["msg"], int)
    with translation.override("de"):
        german = render_event(stored[0], {0: "Anna"})
    assert german.startswith("Anna") and german != "Anna passes."


@pytest.mark.django_db
def test_a_stored_game_logs_like_its_engine_events_in_either_stored_form_and_replays():
    users = [make_user(f"p{i}") for i in range(3)]
    engine = load_engines().get("sankt-petersburg")
    game = start_seated_game(engine.slug, users, {}, seed=7, rated=False)
    by_seat = {p.seat: p.user for p in game.players.select_related("user")}
    names = {p.seat: p.user.shown_name for p in game.players.select_related("user")}
    state, rnd, raw = engine.setup(3, game.options, game.seed), random.Random(7), []
    for _ in range(60):
        seat = rnd.choice(engine.to_act(game.state))
        move = rnd.choice(engine.legal_moves(game.state, seat))
        state, events = engine.apply(state, seat, json.loads(json.dumps(move)))
        raw.append((seat, events))
        game = submit_move(game.pk, by_seat[seat], move, version=game.version, seat=seat).game
    stored = list(Move.objects.filter(game=game).order_by("seq"))
    assert any(isinstance(e["msg"], int) for m in stored for e in m.events)
    assert all(e.get("seat") != m.seat for m in stored for e in m.events)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT events::text FROM games_move WHERE game_id = %s ORDER BY seq", [game.pk])
            texts = [text for (text,) in cursor.fetchall()]
        assert texts == [json.dumps(json.loads(t), separators=(",", ":"), ensure_ascii=False) for t in texts]
    expected = {viewer: _lines(raw, names, viewer, stored=False) for viewer in (None, 0, 1, 2)}

    def logged(viewer):
        return [f"{line['seat']}|{line['text']}" for line in log_entries(game, viewer)]

    assert {viewer: logged(viewer) for viewer in expected} == expected
    # Rows written before the encoding: template text, every seat present.
    for move, (_seat, events) in zip(stored, raw):
        Move.objects.filter(pk=move.pk).update(events=events)
    assert {viewer: logged(viewer) for viewer in expected} == expected
    assert replay_differs(game) is None
