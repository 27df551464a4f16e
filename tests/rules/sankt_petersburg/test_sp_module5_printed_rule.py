"""Module 5 with the printed rule (option assignment_rule="printed") beside Yucata's ("best").

Seed 003: "Over the course of the game, players must discard 2 of their assignments. As soon as
your scoring figure reaches 20 victory points, choose and discard one of your assignments. As soon
as your scoring figure reaches 35 victory points, choose and discard another of your assignments.
You keep the remaining assignment until the end of the game. During final scoring, you score
victory points for your assignment." Seed 000 (Yucata): "Am Ende des Spiels sucht sich der Spieler
1 der 3 Auftragskarten aus."
"""

import json

import pytest

from games.rules.base import IllegalMove, InvalidOptions
from games.rules.sankt_petersburg.engine import ASSIGNMENT_RULE_MODULE
from tests.rules.sankt_petersburg.sp_helpers import E, act, assert_replays, goto, new, play_through, rows

OPTS = {"edition": "2", "market": True, "assignments": True, "assignment_rule": "printed"}


def position(seed=1):
    st = new(3, seed, **OPTS)
    goto(st, "building", start=0)
    rows(st, ["market", "theater", "library"], [])
    st["ext"]["assignments"] = [[1, 6, 9], [2, 7, 10], [3, 8, 11]]
    return st


def test_die_gedruckte_regel_gehoert_zu_modul_5():
    with pytest.raises(InvalidOptions) as err:
        E.setup(3, {"edition": "2", "market": True, "assignment_rule": "printed"}, 1)
    assert str(err.value) == ASSIGNMENT_RULE_MODULE
    assert E.setup(3, {"edition": "2", "market": True, "assignments": True}, 1)["opts"]["assignment_rule"] == "best"


def test_as_soon_as_your_scoring_figure_reaches_20_choose_and_discard_one_of_your_assignments():
    st = position()
    st["p"][1]["points"] = 20
    act(st, 0, {"type": "pass"})  # any move: the check runs after it
    assert E.to_act(st) == [1]
    mine, other = E.view(st, 1), E.view(st, 2)
    assert mine["step"] == other["step"] == "assignment_discard"
    assert mine["decision"]["numbers"] == [2, 7, 10] and "numbers" not in other["decision"]
    assert other["decision"] == {"kind": "assignment_discard", "seat": 1, "reached": 20}
    with pytest.raises(IllegalMove):
        act(st, 1, {"type": "assignment_discard", "number": 1})
    events = act(st, 1, {"type": "assignment_discard", "number": 7})
    assert st["ext"]["assignments"][1] == [2, 10]
    public = [e for e in events if "only" not in e]
    assert all("number" not in e["args"] for e in public)
    assert E.view(st, 2)["assignments"]["counts"] == [3, 2, 3]
    # The game goes on where it was: seat 1's turn in the building round.
    assert E.to_act(st) == [1] and E.view(st, 1)["step"] == "actions"


def test_as_soon_as_your_scoring_figure_reaches_35_choose_and_discard_another():
    st = position(2)
    st["p"][2]["points"] = 36
    act(st, 0, {"type": "pass"})
    act(st, 2, {"type": "assignment_discard", "number": 8})
    assert E.view(st, 2)["decision"]["reached"] == 35
    act(st, 2, {"type": "assignment_discard", "number": 3})
    assert st["ext"]["assignments"][2] == [11] and not st["queue"]
    # No third discard: "You keep the remaining assignment until the end of the game".
    st["p"][2]["points"] = 60
    act(st, 1, {"type": "pass"})
    assert not st["queue"]


def test_you_keep_the_remaining_assignment_it_scores_at_the_end():
    st = position(3)
    st["p"][0]["points"] = 40
    act(st, 0, {"type": "pass"})
    act(st, 0, E.timeout_move(st, 0))
    act(st, 0, E.timeout_move(st, 0))
    (kept,) = st["ext"]["assignments"][0]
    from games.rules.sankt_petersburg.abilities_assignments import end_parts, points

    assert end_parts(st, 0) == {"assignment": points(st, 0, kept)}


def test_yucata_regel_keine_abgabe():
    st = new(3, 1, edition="2", market=True, assignments=True)
    goto(st, "building", start=0)
    rows(st, ["market"], [])
    st["p"][1]["points"] = 50
    act(st, 0, {"type": "pass"})
    assert not st["queue"] and len(st["ext"]["assignments"][1]) == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_the_printed_rule_end_and_replay(players):
    options = {**OPTS, "obstacles": players % 2 == 0}
    seen = set()

    def choose(st, seat, legal, rng, moves):
        assert E.timeout_move(st, seat) in legal
        move = E.bot_move(st, seat, rng) if moves % 3 == 0 else rng.choice(legal)
        seen.add(move["type"])
        return move

    st, log = play_through(players, options, 7, choose=choose)
    assert json.loads(json.dumps(st)) == st
    assert_replays(players, options, 7, log, st)
    done = E.view(st, None)["assignments"]
    assert len(done["discarded"]) == players
    assert all(len(k) + len(d) == 3 for k, d in zip(done["all"], done["discarded"]))
