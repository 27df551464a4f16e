"""Module 6 "Die Hürden" (option "obstacles", with the Market only): the track, bonus and real
obstacles, blocking, choice bonuses, the final scoring with obstacles, whole games."""

import copy
import json
import random

import pytest

from games.rules.base import InvalidOptions
from games.rules.sankt_petersburg.abilities_obstacles import after_move
from games.rules.sankt_petersburg.engine import OBSTACLES_MARKET
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    act,
    assert_no_debt,
    assert_replays,
    assert_sum_table_adds_up,
    goto,
    lay,
    new,
    play_through,
    rows,
    set_money,
)

OPTS = {"edition": "2", "market": True, "obstacles": True}
TRACK = [[10, "bonus_buildings"], [20, "real_nobles"], [35, "real_workers"], [50, "bonus_market"], [70, "bonus_card"]]


def onew(players=3, seed=1, track=TRACK, **extra):
    st = new(players, seed, **OPTS, **extra)
    st["ext"]["obstacles"]["track"] = copy.deepcopy(track)
    return st


def gain(st, seat, points):
    """Points won by some scoring; the gate runs as after every move."""
    st["p"][seat]["points"] += points
    events = []
    after_move(st, events)
    return events


def lost(st, seat):
    return st["ext"]["stats"]["Points lost at obstacles"][seat]


def test_only_with_the_market():
    with pytest.raises(InvalidOptions) as err:
        E.setup(3, {"edition": "2", "obstacles": True}, 1)
    assert str(err.value) == OBSTACLES_MARKET


def test_verteilung_three_bonus_on_10_50_70_two_real_on_20_35():
    tracks = set()
    for seed in range(10):
        st = new(3, seed, **OPTS)
        track = st["ext"]["obstacles"]["track"]
        kinds = {space: key.split("_")[0] for space, key in track}
        assert kinds == {10: "bonus", 20: "real", 35: "real", 50: "bonus", 70: "bonus"}
        assert len({key for _, key in track}) == 5
        tracks.add(tuple(key for _, key in track))
    assert len(tracks) > 1


def test_bonus_obstacle_reached_or_passed_pays_once():
    st = onew()
    lay(st, 0, "market", "theater")
    gain(st, 0, 12)
    assert st["p"][0]["money"] == 27 and st["p"][0]["points"] == 12
    gain(st, 0, 3)
    assert st["p"][0]["money"] == 27


def test_real_obstacle_not_met_stops_on_the_space_before_and_points_are_lost():
    st = onew()
    gain(st, 1, 25)
    assert st["p"][1]["points"] == 19 and lost(st, 1) == -6
    assert E.view(st, 0)["obstacles"]["blocked"][1] == 20
    gain(st, 1, 4)
    assert st["p"][1]["points"] == 19 and lost(st, 1) == -10


def test_real_obstacle_met_later_the_marker_moves_on_with_the_bonus():
    """Nobles obstacle on 20 (2 red cards): bonus 1 point per red card and the rubles of one red card."""
    st = onew()
    gain(st, 1, 19)
    lay(st, 1, "author", "administrator")  # 2 red cards; the Administrator pays 2 rubles
    money = st["p"][1]["money"]
    gain(st, 1, 3)
    assert st["p"][1]["points"] == 19 + 3 + 2
    assert st["p"][1]["money"] == money + max(0, 2)
    assert 20 in st["ext"]["obstacles"]["passed"][1]


def test_erlaeuterung_lone_sycophant_gives_0_rubles_not_minus_1():
    # The nobles obstacle on space 10 asks for 1 red card (the placement of Module 6's variant).
    st = onew(3, 2, track=[[10, "real_nobles"], [50, "bonus_market"]], expansion=True)
    lay(st, 0, "sycophant")
    money = st["p"][0]["money"]
    gain(st, 0, 12)
    assert st["p"][0]["money"] == money and st["p"][0]["points"] == 13


def test_choice_bonus_is_a_decision_during_the_game():
    st = onew(
        3,
        3,
        track=[
            [10, "bonus_market"],
            [20, "real_buildings"],
            [35, "real_workers"],
            [50, "bonus_nobles"],
            [70, "bonus_card"],
        ],
    )
    lay(st, 2, "chick", "fish")
    goto(st, "building", start=0)
    rows(st, ["market"], [])
    st["p"][2]["points"] = 10
    act(st, 0, {"type": "pass"})  # any move: the gate runs after it
    assert st["queue"][0] == {"kind": "obstacle_bonus", "seat": 2, "obstacle": "bonus_market"}
    v = E.view(st, 1)
    assert v["step"] == "obstacle_bonus" and v["decision"]["rubles"] == 2 and v["decision"]["points"] == 2
    assert E.to_act(st) == [2]
    act(st, 2, {"type": "obstacle_bonus", "take": "points"})
    assert st["p"][2]["points"] == 12 and E.to_act(st) == [1] and E.view(st, 0)["step"] == "actions"


def test_final_scoring_blocked_player_changes_no_rubles():
    """Hinweis: a player blocked by an obstacle changes no rubles into points; obstacles stay in
    force to the end."""
    st = onew(2, 4)
    st["p"][0]["points"] = 19
    st["ext"]["obstacles"]["seen"][0] = 19
    st["ext"]["obstacles"]["passed"][0] = [10]
    set_money(st, 0, 50)
    goto(st, "exchange", start=0)
    st["end"] = True
    rows(st, ["bank"], [])
    while not E.is_over(st):
        (seat,) = E.to_act(st)
        act(st, seat, E.timeout_move(st, seat) if st["queue"] else {"type": "pass"})
    assert st["p"][0]["points"] == 19
    assert st["final"][0]["rubles"] == 5
    stats = {r["label"]: r["values"] for r in E.result(st).stats}
    assert stats["Points lost at obstacles"][0] == -5


def test_final_scoring_choice_bonus_taken_automatically():
    st = onew(
        2,
        5,
        track=[
            [10, "bonus_card"],
            [20, "real_buildings"],
            [35, "real_workers"],
            [50, "bonus_nobles"],
            [70, "bonus_exchange"],
        ],
    )
    lay(st, 0, "author")  # 0 points on the card: rubles 1 -> no change into points either
    st["p"][0]["points"] = 8
    st["ext"]["obstacles"]["seen"][0] = 8
    set_money(st, 0, 9)
    st["final"] = [{"nobles": 3, "cards": 0, "rubles": 0, "hand": 0}, {"nobles": 0, "cards": 0, "rubles": 0, "hand": 0}]
    st["step"] = "over"
    after_move(st, [])
    # Space 10 reached with the nobles' 3 points: the Author's 1 ruble makes 10 rubles, 1 point more.
    assert st["p"][0]["money"] == 10 and st["final"][0]["rubles"] == 1 and st["p"][0]["points"] == 12


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_table_adds_up_and_replay_exactly(players):
    options = {**OPTS, "assignments": players % 2 == 0, "events": players > 3, "helpers": players == 3}
    seen = set()

    def choose(st, seat, legal, rng, moves):
        assert E.timeout_move(st, seat) in legal
        move = E.bot_move(st, seat, rng) if moves % 4 == 0 else rng.choice(legal)
        assert move in legal
        seen.add(move["type"])
        return move

    for seed in (1, 2):
        st, log = play_through(players, options, seed, choose=choose, check=assert_no_debt)
        assert json.loads(json.dumps(st)) == st
        res = E.result(st)
        assert_sum_table_adds_up(res.stats, res.scores)
        assert_replays(players, options, seed, log, st)


def test_labels():
    assert E.describe_move({"type": "obstacle_bonus", "take": "rubles"}) == "Take the bonus in rubles"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_scoring_row_adds_up_with_the_points_the_obstacles_hold_back(players):
    """The board shows each scoring as "before + gained - lost = after"."""
    held_back = 0
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        st = E.setup(players, OPTS, seed)
        while not E.is_over(st):
            (seat,) = E.to_act(st)
            st, _ = E.apply(st, seat, rng.choice(E.legal_moves(st, seat)))
            for row in (E.view(st, None)["last_scoring"] or {}).get("rows", ()):
                lost = row.get("lost", {}).get("points", 0)
                held_back += lost
                assert row["before"]["points"] + row["gained"]["points"] - lost == row["after"]["points"]
                paid = row.get("paid", {}).get("rubles", 0)
                assert row["before"]["rubles"] + row["gained"]["rubles"] - paid == row["after"]["rubles"]
    assert held_back > 0
