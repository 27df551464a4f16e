"""Engine contract: set-up, JSON, replay, full games, views, simultaneity, bots."""

import copy
import json
import random

import pytest

from games.rules.base import IllegalMove, InvalidOptions, registry
from games.rules.san_juan.cards import BASE_IDS, EXPANSION_IDS, KEY, PRODUCTION
from tests.rules.san_juan.sj_helpers import (
    E,
    all_cards,
    dump,
    new,
    play,
    random_game,
    role,
    set_city,
    set_hand,
    to_pick,
)

OPTION_SETS = [
    {"edition": e, "start_variant": sv, "expansion": ex}
    for e in ("1", "2")
    for sv in (False, True)
    for ex in (False, True)
]


def test_registered_with_slug_and_player_range():
    import games.rules.san_juan  # noqa: F401

    engine = registry.get("san-juan")
    assert (engine.name, engine.min_players, engine.max_players) == ("San Juan", 2, 4)
    assert {o.name for o in engine.options} == {"edition", "start_variant", "expansion"}


def test_package_does_not_import_django():
    import pathlib

    root = pathlib.Path(E.__module__.replace(".", "/")).parent
    for path in pathlib.Path("games/rules/san_juan").glob("*.py"):
        assert "django" not in path.read_text(), path
    assert root


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_two_to_four_is_refused(players):
    with pytest.raises(InvalidOptions):
        E.setup(players, {}, 1)


def test_unknown_edition_is_refused():
    with pytest.raises(InvalidOptions):
        E.setup(2, {"edition": "3"}, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_setup_every_count_and_option(players, options):
    st = E.setup(players, options, 7)
    deck_size = len(BASE_IDS) + (len(EXPANSION_IDS) if options["expansion"] else 0)
    assert len(all_cards(st)) == deck_size
    assert len(set(all_cards(st))) == deck_size
    for seat, p in enumerate(st["p"]):
        assert [KEY[c] for c in p["city"]] == ["indigo_plant"]
        position = (seat - st["gov"]) % players
        assert len(p["hand"]) == (5 + position if options["start_variant"] else 4)
    assert st["cathedral"] == (-1 if options["expansion"] else -2)
    assert sorted(st["tiles"]) == [0, 1, 2, 3, 4]
    if options["start_variant"]:
        assert sorted(E.to_act(st)) == list(range(players))
    else:
        assert E.to_act(st) == [st["gov"]]
    assert json.loads(json.dumps(st)) == st
    assert len(json.dumps(st)) < 8192
    assert st["rng"]["seed"] == 7


def test_start_variant_two_players_five_and_six_cards_keep_four():
    st = new(2, seed=3, start_variant=True)
    gov, other = st["gov"], 1 - st["gov"]
    assert len(st["p"][gov]["hand"]) == 5 and len(st["p"][other]["hand"]) == 6
    assert st["pend"][gov]["n"] == 1 and st["pend"][other]["n"] == 2
    play(st, other, {"type": "discard", "cards": st["p"][other]["hand"][:2]})
    assert E.to_act(st) == [gov]
    play(st, gov, {"type": "discard", "card": st["p"][gov]["hand"][0]})
    assert [len(p["hand"]) for p in st["p"]] == [4, 4]
    assert st["phase"] == "role" and E.to_act(st) == [gov]
    assert len(st["disc"]) == 3


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_full_games_finish(players, options):
    for seed in range(2):
        st, _ = random_game(players, seed * 11 + players, options)
        assert E.is_over(st) and E.to_act(st) == []
        res = E.result(st)
        assert sorted(res.ranks)[0] == 1 and len(res.scores) == players
        assert json.loads(json.dumps(st)) == st
        assert len(set(all_cards(st))) == len(all_cards(st))


def test_replay_is_deterministic():
    rng = random.Random(5)
    st = E.setup(3, {"expansion": True, "start_variant": True}, 99)
    log = []
    while not E.is_over(st):
        seat = rng.choice(E.to_act(st))
        move = rng.choice(E.legal_moves(st, seat))
        log.append((seat, copy.deepcopy(move)))
        st, _ = E.apply(st, seat, move)
    again = E.setup(3, {"expansion": True, "start_variant": True}, 99)
    for seat, move in log:
        again, _ = E.apply(again, seat, move)
    assert dump(again) == dump(st)


def test_json_round_trip_mid_game_and_play_on():
    rng = random.Random(2)
    st = E.setup(4, {"expansion": True}, 4)
    for _ in range(120):
        seat = rng.choice(E.to_act(st))
        st, _ = E.apply(st, seat, rng.choice(E.legal_moves(st, seat)))
        copy_ = json.loads(json.dumps(st))
        assert copy_ == st
        st = copy_


def test_illegal_move_leaves_state_untouched():
    st = new(2, seed=8)
    gov = st["gov"]
    before = dump(st)
    for bad in (
        {"type": "build", "card": 0},
        {"type": "role", "role": "mayor"},
        {"type": "role"},
        {"type": "pay", "card": "x"},
        {},
        {"type": "role", "role": "builder", "library": True},
    ):
        with pytest.raises(IllegalMove):
            E.apply(st, gov, bad)
    with pytest.raises(IllegalMove):
        E.apply(st, 1 - gov, {"type": "role", "role": "builder"})
    assert dump(st) == before


def test_illegal_payment_is_refused_before_any_change():
    st = new(2, seed=8)
    to_pick(st, 0)
    set_hand(st, 0, ["silver_smelter", "statue", "tower", "well", "smithy"])
    role(st, 0, "builder")
    silver = st["p"][0]["hand"][0]
    play(st, 0, {"type": "build", "card": silver})
    before = dump(st)
    with pytest.raises(IllegalMove):
        play(st, 0, {"type": "pay", "cards": st["p"][0]["hand"][:3]})  # the building itself cannot pay
    with pytest.raises(IllegalMove):
        play(st, 0, {"type": "pay", "cards": st["p"][0]["hand"][1:] + [silver]})  # more than the cost
    assert dump(st) == before


def _hidden_values(view):
    return json.dumps(view)


def test_view_hides_hands_chapel_deck_councillor_draws_and_rng():
    st = new(2, seed=12, expansion=True)
    to_pick(st, 0)
    set_city(st, 0, ["indigo_plant", "chapel"])
    st["p"][0]["chapel"] = [st["deck"].pop(0), st["deck"].pop(0)]
    role(st, 0, "councillor")
    drawn = st["pend"][0]["drawn"]
    v1 = E.view(st, 1)
    text = json.dumps(v1)
    assert "rng" not in v1 and '"deck"' not in text
    assert v1["players"][0]["hand"] is None
    assert v1["players"][0]["chapel"] is None and v1["players"][0]["chapel_count"] is None
    assert (
        v1["pending"] is None
        or "cards" not in v1["pending"]
        or {c["id"] for c in v1["pending"]["cards"]}.isdisjoint(drawn)
    )
    assert v1["players"][1]["hand"] is not None
    assert v1["players"][0]["hand_size"] == len(st["p"][0]["hand"])
    v0 = E.view(st, 0)
    assert {c["id"] for c in v0["pending"]["cards"]} == set(drawn)
    assert {c["id"] for c in v0["players"][0]["chapel"]} == set(st["p"][0]["chapel"])
    spectator = E.view(st, None)
    assert all(p["hand"] is None for p in spectator["players"])
    assert spectator["pending"] is None
    # No id of a hidden card shows up anywhere in another seat's view.
    hidden = set(st["p"][0]["hand"]) | set(drawn) | set(st["p"][0]["chapel"]) | set(st["deck"])
    shown = {c["id"] for p in v1["players"] for c in (p["hand"] or []) + p["buildings"] + p["revealed_in_hand"]}
    assert hidden.isdisjoint(shown)


def test_view_shows_goods_only_as_face_down_flags():
    st = new(2, seed=3)
    set_city(st, 0, ["indigo_plant", "silver_smelter"], goods=[False, True])
    good = st["p"][0]["goods"][1]
    for seat in (0, 1, None):
        v = E.view(st, seat)
        b = v["players"][0]["buildings"]
        assert [x["good"] for x in b] == [False, True]
        assert v["players"][0]["goods_count"] == 1
        assert f'"id": {good},' not in json.dumps(v)


def test_view_has_board_fields():
    st = new(3, seed=4, expansion=True)
    v = E.view(st, 0)
    for field in (
        "round",
        "governor",
        "phase",
        "roles",
        "players",
        "deck_size",
        "discard_size",
        "trading_house",
        "cathedral",
        "pending",
        "to_act",
        "pick_order",
    ):
        assert field in v
    card = v["players"][0]["buildings"][0]
    assert {"id", "key", "name_de", "name_en", "cost", "vp", "kind", "text"} <= set(card)
    assert (card["name_de"], card["name_en"]) == ("Indigoküperei", "Indigo plant")
    assert {"points", "expected_points", "hand_size", "building_count", "chapel_count"} <= set(v["players"][0])


def _to_producer(players=3):
    st = new(players, seed=21)
    to_pick(st, 0)
    for seat in range(players):
        set_city(st, seat, ["indigo_plant", "sugar_mill", "coffee_roaster"])
    role(st, 0, "producer")
    return st


def test_simultaneous_production_accepted_in_any_order():
    results = []
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        st = _to_producer()
        assert sorted(E.to_act(st)) == [0, 1, 2]
        for i, seat in enumerate(order):
            move = E.legal_moves(st, seat)[-1]
            play(st, seat, move)
            if i < 2:
                assert seat not in E.to_act(st) and E.legal_moves(st, seat) == []
        results.append(dump(st))
    assert results[0] == results[1] == results[2]


def test_simultaneous_selling_and_councillor_any_order():
    for order in ([0, 1], [1, 0]):
        st = new(2, seed=5)
        to_pick(st, 0)
        for seat in (0, 1):
            set_city(st, seat, ["indigo_plant", "coffee_roaster"], goods=[True, True])
        role(st, 0, "trader")
        assert sorted(E.to_act(st)) == [0, 1]
        for seat in order:
            play(st, seat, E.legal_moves(st, seat)[-1])
        assert st["phase"] == "role"
    for order in ([0, 1], [1, 0]):
        st = new(2, seed=5)
        to_pick(st, 0)
        role(st, 0, "councillor")
        assert sorted(E.to_act(st)) == [0, 1]
        for seat in order:
            play(st, seat, E.legal_moves(st, seat)[0])
        assert st["phase"] == "role"


def test_bot_and_timeout_moves_are_legal_through_whole_games():
    for players, options in ((2, {}), (3, {"expansion": True, "edition": "1"}), (4, {"start_variant": True})):
        st = E.setup(players, options, players)
        rng = random.Random(players)
        steps = 0
        while not E.is_over(st):
            seat = E.to_act(st)[0]
            legal = E.legal_moves(st, seat)
            move = E.bot_move(st, seat, rng) if steps % 3 else E.timeout_move(st, seat)
            assert move in legal, (move, legal)
            st, _ = E.apply(st, seat, move)
            steps += 1
        assert E.result(st).ranks


def test_describe_move_is_readable():
    silver = next(c for c in BASE_IDS if KEY[c] == "silver_smelter")
    assert E.describe_move({"type": "build", "card": silver}) == "Build Silver smelter"
    assert (
        E.describe_move({"type": "role", "role": "builder", "library": True})
        == "Choose the Builder and use the Library"
    )
    assert E.describe_move({"type": "pass"}) == "Do not build"


def test_events_are_templates_with_seat_args():
    st = new(2, seed=1)
    gov = st["gov"]
    _, events = E.apply(st, gov, {"type": "role", "role": "prospector"})
    assert events[0]["msg"] == "{seat} chooses the {role}." and events[0]["args"]["seat"] == gov
    _, more = E.apply(st, gov, {"type": "use", "yes": True})  # take the prospector's card
    events += more
    private = [e for e in events if "only" in e]
    assert private and all(e["only"] == gov for e in private)


def test_production_cards_counted_in_catalogue():
    assert sum(PRODUCTION[c] for c in BASE_IDS) == 42 and len(BASE_IDS) == 110
    assert sum(PRODUCTION[c] for c in EXPANSION_IDS) == 4 and len(EXPANSION_IDS) == 33


def test_every_legal_move_has_a_label():
    rng = random.Random(9)
    st = E.setup(3, {"expansion": True}, 9)
    while not E.is_over(st):
        seat = rng.choice(E.to_act(st))
        moves = E.legal_moves(st, seat)
        assert all(isinstance(E.describe_move(m), str) and E.describe_move(m) for m in moves)
        st, _ = E.apply(st, seat, rng.choice(moves))
