"""Module 5 "Die Aufträge" (option "assignments", with the Market only): dealing, the 15
assignments, the best one scored in the final scoring after the aristocrats and before the rubles,
hidden from the other players until the end."""

import json

import pytest

from games.rules.base import InvalidOptions
from games.rules.sankt_petersburg.abilities_assignments import points
from games.rules.sankt_petersburg.engine import ASSIGNMENTS_MARKET
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    assert_replays,
    assert_sum_table_adds_up,
    lay,
    new,
    play_through,
    set_money,
)

OPTS = {"edition": "2", "market": True, "assignments": True}


def anew(players=4, seed=1):
    return new(players, seed, **OPTS)


def test_only_with_the_market():
    with pytest.raises(InvalidOptions) as err:
        E.setup(3, {"edition": "2", "assignments": True}, 1)
    assert str(err.value) == ASSIGNMENTS_MARKET


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_three_assignments_each_all_different_2_8_15_out_with_2_players(players):
    for seed in range(6):
        st = anew(players, seed)
        dealt = st["ext"]["assignments"]
        flat = [k for a in dealt for k in a]
        assert [len(a) for a in dealt] == [3] * players and len(set(flat)) == len(flat)
        assert set(flat) <= set(range(1, 16))
        if players == 2:
            assert not {2, 8, 15} & set(flat)


def test_assignments_hidden_from_the_others_until_the_end():
    st = anew(3, 2)
    v = E.view(st, 1)["assignments"]
    assert [a["number"] for a in v["mine"]] == st["ext"]["assignments"][1]
    assert v["counts"] == [3, 3, 3] and v["chosen"] is None and "all" not in v
    assert E.view(st, None)["assignments"]["mine"] is None
    text = json.dumps(E.view(st, 1))
    assert "Points for the assignment" not in text


def _seat_with(st, seat, *keys):
    st["p"][seat]["cards"] = []
    return lay(st, seat, *keys)


@pytest.mark.parametrize(
    "number, keys, expected",
    [
        (1, ["author", "author", "administrator", "lumberjack"], 6),
        (2, ["lumberjack", "lumberjack", "gold_miner", "market"], 13),
        (5, ["market", "customs_house", "firehouse", "firehouse", "theater"], 12),
        (7, ["lumberjack", "lumberjack", "gold_miner"], 6),
        (8, ["lumberjack", "lumberjack", "lumberjack", "market", "market", "author"], 6),
        (9, ["bank", "wharf", "market"], 4),
        (10, ["author", "administrator"], 4 * 0),
        (11, ["market", "theater", "library"], 3 * 6),
        (13, ["chick", "chick", "hen", "fish_box"], 8),
        (14, ["market", "market", "theater"], 4),
        (15, ["bank", "peterhof", "market"], 2 * 3),
    ],
)
def test_assignment_points(number, keys, expected):
    st = anew(4, 3)
    _seat_with(st, 0, *keys)
    assert points(st, 0, number) == expected


def test_assignment_10_best_red_card_four_times_its_points():
    st = anew(4, 3)
    _seat_with(st, 0, "author", "judge", "administrator")
    assert points(st, 0, 10) == 4 * 2  # the Judge: 5 rubles, 2 points


def test_assignments_3_and_4_use_the_market_markers():
    st = anew(4, 4)
    _seat_with(st, 0, "chicken_coop", "fish_basket", "apple")  # chicken 3, fish 2, apple 1
    assert points(st, 0, 3) == 2 * 3 + 3
    assert points(st, 0, 4) == 3 + 2
    _seat_with(st, 1)
    assert points(st, 1, 3) == 0 and points(st, 1, 4) == 0


def test_assignment_6_most_rubles_kept_ties_count():
    st = anew(3, 5)
    for seat, money in enumerate((30, 30, 12)):
        set_money(st, seat, money)
    assert [points(st, s, 6) for s in range(3)] == [20, 20, 10]


@pytest.mark.parametrize("players, per", [(2, 4), (3, 3), (4, 2), (5, 2)])
def test_assignment_12_by_number_of_players(players, per):
    st = anew(players, 6)
    _seat_with(st, 0, *["lumberjack"] * 4, "market", "market", "market", "author")
    assert points(st, 0, 12) == 5 + 8 // per


def test_final_scoring_best_assignment_after_nobles_before_rubles():
    """Order: different aristocrats, the assignment (Auftrag 6 first: the rubles are kept), 1 point
    per 10 rubles, hand cards."""
    st = anew(3, 7)
    st["ext"]["assignments"][0] = [6, 9, 14]
    _seat_with(st, 0, "market", "theater", "bank")
    set_money(st, 0, 45)
    set_money(st, 1, 10)
    set_money(st, 2, 10)
    st["end"] = True
    st["phase"] = "exchange"
    st["upper"], st["lower"] = [], []
    from games.rules.sankt_petersburg import flow

    events = []
    st["step"] = "actions"
    flow.finish_phase(st, events)
    assert st["step"] == "over"
    final = st["final"][0]
    assert list(final) == ["nobles", "assignment", "cards", "rubles", "hand"]
    assert final["assignment"] == 20 and final["rubles"] == 4
    v = E.view(st, 2)["assignments"]
    assert v["chosen"][0] == {"number": 6, "points": 20} and v["all"][0] == [6, 9, 14]
    stats = {r["label"]: r for r in E.result(st).stats}
    assert stats["Points for the assignment"]["values"][0] == 20
    assert stats["Points for the assignment"]["group"] == "end"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_and_replay_exactly(players):
    for seed in (1, 2):
        st, log = play_through(players, OPTS, seed)
        res = E.result(st)
        assert_sum_table_adds_up(res.stats, res.scores)
        assert_replays(players, OPTS, seed, log, st)
