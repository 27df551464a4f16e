"""Engine contract: options and their reasons, set-up, whole games, JSON, replay, hidden information."""

import copy
import json
import pathlib
import random

import pytest

from games.rules.base import IllegalMove, InvalidOptions, registry
from games.rules.sankt_petersburg.cards import ALL_IDS, compose, table
from games.rules.sankt_petersburg.engine import FIVE_PLAYERS, SP_PLUS_EDITION, SP_PLUS_EXPANSION
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    act,
    dump,
    goto,
    hand,
    lay,
    new,
    random_game,
    rows,
    set_money,
    stack,
)

OPTION_SETS = [
    {"edition": "1"},
    {"edition": "2"},
    {"edition": "1", "expansion": True},
    {"edition": "2", "expansion": True},
    {"edition": "1", "sp_plus": True},
    {"edition": "2", "market": True},
    {"edition": "2", "market": True, "expansion": True},
    {"edition": "2", "market": True, "helpers": True},
    {"edition": "2", "market": True, "assignments": True},
    {"edition": "2", "market": True, "events": True},
    {"edition": "2", "market": True, "obstacles": True},
]
GAMES = [(n, o) for n in (2, 3, 4) for o in OPTION_SETS] + [
    (5, o) for o in OPTION_SETS if o.get("expansion") or o.get("market")
]


def _id(case):
    n, o = case
    return f"{n}p-" + "-".join(f"{k}{v}" for k, v in o.items())


def test_registered_with_slug_players_and_options():
    engine = registry.get("sankt-petersburg")
    assert (engine.name, engine.min_players, engine.max_players) == ("Sankt Petersburg", 2, 5)
    assert [o.name for o in engine.options] == [
        "edition",
        "expansion",
        "sp_plus",
        "banquet",
        "module2",
        "market",
        "helpers",
        "events",
        "assignments",
        "assignment_rule",
        "obstacles",
    ]
    assert engine.normalize_options(4, {}) == {
        "edition": "1",
        "expansion": False,
        "sp_plus": False,
        "banquet": False,
        "module2": False,
        "market": False,
        "helpers": False,
        "events": False,
        "assignments": False,
        "assignment_rule": "best",
        "obstacles": False,
    }


def test_listed_in_the_registry_modules():
    from games.rules.registry import ENGINE_MODULES

    assert "games.rules.sankt_petersburg" in ENGINE_MODULES


def test_package_does_not_import_django():
    for path in pathlib.Path("games/rules/sankt_petersburg").glob("*.py"):
        assert "django" not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("options", [{}, {"sp_plus": True}, {"edition": "2"}])
def test_five_players_need_the_expansion(options):
    with pytest.raises(InvalidOptions) as exc:
        E.setup(5, options, 1)
    assert str(exc.value) == FIVE_PLAYERS


def test_sp_plus_is_a_first_edition_variant():
    with pytest.raises(InvalidOptions) as exc:
        E.setup(3, {"edition": "2", "sp_plus": True}, 1)
    assert str(exc.value) == SP_PLUS_EDITION


def test_sp_plus_and_the_whole_expansion_exclude_each_other():
    with pytest.raises(InvalidOptions) as exc:
        E.setup(4, {"expansion": True, "sp_plus": True}, 1)
    assert str(exc.value) == SP_PLUS_EXPANSION


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_outside_two_to_five_is_refused(players):
    with pytest.raises(InvalidOptions):
        E.setup(players, {"expansion": True}, 1)


@pytest.mark.parametrize("options", [{"edition": "3"}, {"bazaar": True}])
def test_unknown_option_values_are_refused(options):
    with pytest.raises(InvalidOptions):
        E.setup(3, options, 1)


@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_setup(case):
    players, options = case
    st = E.setup(players, options, 7)
    opts = E.normalize_options(players, options)
    composed = compose(opts)
    assert sorted(_all_cards(st)) == sorted(c for ids in composed.values() for c in ids)
    first = {2: 4, 3: 6, 4: 8, 5: 10}[players]
    assert len(st["upper"]) == first and st["lower"] == []
    assert all(table(st)[c].deck == "worker" for c in st["upper"])
    held = sorted(st["tokens"].values())
    if options.get("market"):
        # The Market's five stones: every player one, 2 players two each, the rest at random.
        assert st["sack"] is None and len(st["tokens"]) == 5 and set(held) == set(range(players))
        assert min(held.count(s) for s in range(players)) == (2 if players == 2 else 1)
    elif players == 5:
        assert st["sack"] is not None and sorted(held + [st["sack"]]) == [0, 1, 2, 3, 4]
    else:
        assert st["sack"] is None and sorted(set(held)) == list(range(players))
        assert max(held.count(s) for s in range(players)) == {2: 2, 3: 2, 4: 1}[players]
    # 5 players: the sack holder starts with 27 rubles.
    assert [p["money"] for p in st["p"]] == [27 if s == st["sack"] else 25 for s in range(players)]
    assert E.to_act(st) == [st["tokens"]["worker"]]
    assert json.loads(json.dumps(st)) == st
    assert len(json.dumps(st)) < 12000


def _all_cards(st):
    out = list(st["upper"]) + list(st["lower"]) + list(st["discard"])
    for pile in st["decks"].values():
        out += pile
    for p in st["p"]:
        out += p["cards"] + p["hand"]
    out += [d["card"] for d in st["queue"] if "card" in d and d["kind"] == "observatory"]
    return out


def _check_state(st, total):
    cards = _all_cards(st)
    assert len(cards) == len(set(cards)) == total
    assert len(st["upper"]) + len(st["lower"]) <= 10
    for p in st["p"]:
        assert p["money"] >= 0
        assert set(p["flipped"]) <= set(p["cards"])


@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_random_games_end_with_legal_states(case):
    players, options = case
    for seed in range(3):
        rng = random.Random(seed)
        st = E.setup(players, options, seed * 31 + players)
        total = len(_all_cards(st))
        steps = 0
        while not E.is_over(st):
            (seat,) = E.to_act(st)
            legal = E.legal_moves(st, seat)
            assert legal
            for other in range(players):
                if other != seat:
                    assert E.legal_moves(st, other) == []
            st, _ = E.apply(st, seat, rng.choice(legal))
            steps += 1
            if steps % 97 == 0:
                _check_state(st, total)
            assert steps < 5000
        _check_state(st, total)
        assert E.to_act(st) == [] and E.legal_moves(st, 0) == []
        res = E.result(st)
        assert len(res.scores) == players and min(res.ranks) == 1
        assert res.scores == [p["points"] for p in st["p"]]
        assert json.loads(json.dumps(st)) == st


@pytest.mark.parametrize("case", [(2, {}), (4, {"edition": "2"}), (5, {"expansion": True})], ids=_id)
def test_replay_is_byte_identical(case):
    players, options = case
    st, log = random_game(players, 5, options)
    again = E.setup(players, options, 5)
    for seat, move in log:
        again, _ = E.apply(again, seat, copy.deepcopy(move))
    assert dump(again) == dump(st)
    assert json.dumps(again) == json.dumps(st)


def test_json_round_trip_mid_game_and_play_on():
    rng = random.Random(2)
    st = E.setup(4, {}, 4)
    for _ in range(300):
        if E.is_over(st):
            break
        (seat,) = E.to_act(st)
        st, _ = E.apply(st, seat, rng.choice(E.legal_moves(st, seat)))
        copied = json.loads(json.dumps(st))
        assert copied == st
        st = copied


def test_illegal_moves_leave_the_state_untouched():
    st = new(3, seed=8)
    seat = E.to_act(st)[0]
    other = (seat + 1) % 3
    before = dump(st)
    for bad in (
        {},
        {"type": "fly"},
        {"type": "pass"},
        {"type": "take", "card": st["upper"][0]},
        {"type": "buy", "card": "w999"},
        {"type": "buy", "card": 3},
        {"type": "play", "card": "w1"},
        {"type": "pub", "points": 2},
    ):
        with pytest.raises(IllegalMove):
            E.apply(st, seat, bad)
    with pytest.raises(IllegalMove):
        E.apply(st, other, {"type": "buy", "card": st["upper"][0]})
    assert dump(st) == before


def test_first_worker_phase_only_offers_purchases_and_ends_with_two_workers_each():
    for players in (2, 3, 4):
        st = new(players, seed=players)
        while st["first"]:
            (seat,) = E.to_act(st)
            legal = E.legal_moves(st, seat)
            assert legal and all(m["type"] == "buy" for m in legal)
            act(st, seat, legal[-1])
        assert [len(p["cards"]) for p in st["p"]] == [2] * players
        assert st["phase"] == "building" and len(st["upper"]) == 8


def _hidden_ids(st, viewer):
    out = set()
    for s, p in enumerate(st["p"]):
        if s != viewer:
            out |= set(p["hand"])
    for d in st["queue"]:
        if d.get("kind") == "observatory" and d["seat"] != viewer:
            out.add(d["card"])
    for pile in st["decks"].values():
        out |= set(pile)
    return out


def _ids_in(obj, found):
    if isinstance(obj, dict):
        if isinstance(obj.get("id"), str):
            found.add(obj["id"])
        for v in obj.values():
            _ids_in(v, found)
    elif isinstance(obj, list):
        for v in obj:
            _ids_in(v, found)
    elif isinstance(obj, str) and obj[:1] in "wbax" and obj[1:].isdigit():
        found.add(obj)
    return found


def test_views_never_show_other_hands_deck_order_or_rng():
    for players, options in ((2, {}), (3, {"edition": "2"}), (4, {}), (5, {"expansion": True})):
        rng = random.Random(players)
        st = E.setup(players, options, 40 + players)
        step = 0
        while not E.is_over(st):
            if step % 7 == 0:
                for viewer in list(range(players)) + [None]:
                    view = E.view(st, viewer)
                    text = json.dumps(view)
                    assert '"rng"' not in text and '"seed"' not in text
                    assert not _ids_in(view, set()) & _hidden_ids(st, viewer)
                    for s, p in enumerate(view["players"]):
                        assert (p["hand"] is None) == (s != viewer)
                        assert p["hand_count"] == len(st["p"][s]["hand"])
                    for deck in view["decks"].values():
                        assert set(deck) == {"count", "contents"}
                        names = [(c["name"], c["key"]) for c in deck["contents"]]
                        assert names == sorted(names)
            (seat,) = E.to_act(st)
            st, _ = E.apply(st, seat, rng.choice(E.legal_moves(st, seat)))
            step += 1


def test_observatory_card_is_seen_only_by_its_user():
    st = new(3, seed=4)
    goto(st, "building", start=0)
    lay(st, 0, "observatory")
    set_money(st, 0, 30)
    rows(st, ["market"], [])
    (drawn,) = stack(st, "aristocrat", "judge")
    obs = st["p"][0]["cards"][0]
    events = act(st, 0, {"type": "observatory", "card": obs, "deck": "aristocrat"})
    whole = f'"{drawn}"'  # the whole id, not "a3" inside "a31"
    assert [e for e in events if whole in json.dumps(e)] == []
    assert [e for e in events if "only" not in e and "Judge" in json.dumps(e)] == []
    assert E.view(st, 0)["decision"]["card"]["id"] == drawn
    for viewer in (1, 2, None):
        view = E.view(st, viewer)
        assert whole not in json.dumps(view)
        assert view["decision"] == {"kind": "observatory", "seat": 0, "deck": "aristocrat"}
    private = [e for e in events if "only" in e]
    assert private and all(e["only"] == 0 for e in private)
    act(st, 0, {"type": "observatory_take", "choice": "hand"})
    assert whole not in json.dumps(E.view(st, 1))
    judges = next(c for c in E.view(st, 1)["decks"]["aristocrat"]["contents"] if c["key"] == "judge")
    assert judges["count"] == 2  # the pile's other Judge plus the one in seat 0's hand


def test_view_has_the_contract_fields():
    st = new(4, seed=3)
    view = E.view(st, 0)
    for field in (
        "round",
        "phase",
        "step",
        "to_act",
        "start_player",
        "tokens",
        "sack",
        "display",
        "decks",
        "discards",
        "players",
        "last_scoring",
        "stats",
        "game_end_triggered",
        "options",
    ):
        assert field in view, field
    card = view["display"]["upper"][0]
    assert {
        "id",
        "key",
        "name",
        "name_de",
        "deck",
        "color",
        "cost",
        "price",
        "income",
        "exchange",
        "replaces",
        "craft",
        "text",
    } <= set(card)
    player = view["players"][0]
    assert {
        "seat",
        "money",
        "points",
        "cards",
        "hand_count",
        "hand",
        "hand_limit",
        "passed",
        "auto_pass",
        "workers",
        "different_aristocrats",
    } <= set(player)
    assert view["step"] == "actions" and view["phase"] == "worker" and view["round"] == 1


def test_bot_and_timeout_moves_are_legal_through_whole_games():
    for players, options in ((2, {}), (3, {"edition": "2"}), (4, {"sp_plus": True}), (5, {"expansion": True})):
        st = E.setup(players, options, players)
        rng = random.Random(players)
        steps = 0
        while not E.is_over(st):
            (seat,) = E.to_act(st)
            legal = E.legal_moves(st, seat)
            move = E.bot_move(st, seat, rng) if steps % 4 else E.timeout_move(st, seat)
            assert move in legal, (move, legal)
            st, _ = E.apply(st, seat, move)
            steps += 1
        assert E.result(st).ranks


def test_timeout_is_a_pass_or_the_mandatory_purchase():
    st = new(3, seed=2)
    (seat,) = E.to_act(st)
    move = E.timeout_move(st, seat)
    assert move["type"] == "buy"
    assert table(st)[move["card"]].cost == min(table(st)[c].cost for c in st["upper"])
    goto(st, "building", start=1)
    assert E.timeout_move(st, 1) == {"type": "pass"}


def test_every_legal_move_has_a_label():
    rng = random.Random(9)
    st = E.setup(3, {}, 9)
    while not E.is_over(st):
        (seat,) = E.to_act(st)
        moves = E.legal_moves(st, seat)
        labels = [E.describe_move(m) for m in moves]
        assert all(isinstance(x, str) and x for x in labels)
        st, _ = E.apply(st, seat, rng.choice(moves))
    assert E.describe_move({"type": "pass", "until": "phase"}) == "Pass for the rest of the phase"


def test_events_are_templates_with_seat_args():
    st = new(2, seed=1)
    (seat,) = E.to_act(st)
    events = act(st, seat, {"type": "buy", "card": st["upper"][0]})
    assert events[0]["msg"] == "{seat} buys the {card} for {price} rubles."
    assert events[0]["args"]["seat"] == seat and events[0]["seat"] == seat


def test_result_stats_rows_and_groups():
    st, _ = random_game(3, 11)
    res = E.result(st)
    groups = {row["group"] for row in res.stats}
    assert groups == {"income", "totals", "end", "cards", "final"}
    assert all(len(row["values"]) == 3 for row in res.stats)
    final = {row["label"]: row["values"] for row in res.stats if row["group"] == "final"}
    assert final["Points"] == res.scores
    assert E.view(st, 0)["stats"] == res.stats


def test_card_ids_are_stable_strings():
    assert all(c[0] in "wbaxm" and c[1:].isdigit() for c in ALL_IDS)
    assert len(set(ALL_IDS)) == len(ALL_IDS)
    a, b = new(2, seed=1), new(2, seed=2)
    assert sorted(_all_cards(a)) == sorted(_all_cards(b))


def test_hand_helper_keeps_cards_unique():
    st = new(2, seed=5)
    ids = hand(st, 0, "library") + lay(st, 1, "market")
    assert len(set(_all_cards(st))) == len(_all_cards(st)) and len(ids) == 2


def test_view_marks_the_seats_that_passed_since_the_last_action():
    st = new(3, seed=6)
    goto(st, "building", start=0)
    upper, _ = rows(st, ["market", "customs_house"], [])
    act(st, 0, {"type": "pass"})
    act(st, 1, {"type": "pass", "until": "phase"})
    assert [p["passed"] for p in E.view(st, 2)["players"]] == [True, True, False]
    act(st, 2, {"type": "buy", "card": upper[0]})
    assert [p["passed"] for p in E.view(st, 2)["players"]] == [False, True, False]
    assert E.to_act(st) == [0]


def test_pass_until_display_wakes_on_a_card_action_but_not_on_a_card_from_hand():
    """Yucata: 'bis ein Mitspieler eine Karte aus der Karten-Auslage nimmt/kauft oder eine
    Karten-Aktion nutzt außer dem Lagerhaus'."""
    st = new(3, seed=9)
    goto(st, "building", start=0)
    rows(st, ["market", "customs_house"], [])
    (obs,) = lay(st, 1, "observatory")
    (library,) = hand(st, 2, "library")
    for seat in range(3):
        set_money(st, seat, 40)
    act(st, 0, {"type": "pass", "until": "display"})
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "play", "card": library})
    assert E.to_act(st) == [1]  # seat 0 still stands on its pass
    assert st["p"][0]["auto"] == "display"
    act(st, 1, {"type": "observatory", "card": obs, "deck": "building"})
    act(st, 1, {"type": "observatory_take", "choice": "discard"})
    assert st["p"][0]["auto"] is None
    assert E.to_act(st) == [2]
    act(st, 2, {"type": "pass"})
    assert E.to_act(st) == [0]
