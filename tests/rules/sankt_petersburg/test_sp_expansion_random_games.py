"""Seeded random games with the expansion, SP+ and 5 players run to a legal end, replay exactly,
and reach every move the expansion adds."""

import json

import pytest

from tests.rules.sankt_petersburg.sp_helpers import E, all_cards, assert_replays, play_through

CASES = [
    (5, {"expansion": True}),
    (5, {"expansion": True, "edition": "2"}),
    (2, {"expansion": True}),
    (3, {"expansion": True, "edition": "2"}),
    (4, {"sp_plus": True}),
]
EXPANSION_MOVES = {"sycophant_discard", "debtors_prison", "debtors_prison_take", "guild_hall", "trading_house"}


def _check(st, total):
    cards = all_cards(st)
    assert len(cards) == len(set(cards)) == total
    for p in st["p"]:
        assert p["money"] >= 0
        assert set(p["flipped"]) <= set(p["cards"])
    if st["n"] == 5:
        assert st["sack"] is not None and st["sack"] not in st["tokens"].values()


def _play(players, options, seed, seen=None):
    total = len(all_cards(E.setup(players, options, seed)))

    def choose(st, seat, legal, rng, _moves):
        move = rng.choice(legal)
        if seen is not None:
            seen.add(move["type"])
        return move

    return play_through(players, options, seed, choose=choose, check=lambda st: _check(st, total))


def _sum_table_adds_up(stats, players):
    """Every point a seat holds shows in a row of the ∑ table: income, the Pub, the sack, the
    Trading House, and the final scoring."""
    parts = [r for r in stats if r["group"] == "income" and not r["label"].endswith("rubles") or r["group"] == "end"]
    final = next(r for r in stats if r["label"] == "Points")["values"]
    assert [sum(r["values"][s] for r in parts) for s in range(players)] == final


@pytest.mark.parametrize("players, options", CASES, ids=lambda x: str(x))
def test_random_games_end_legally_and_replay_exactly(players, options):
    for seed in (1, 2):
        st, log = _play(players, options, seed)
        assert json.loads(json.dumps(st)) == st
        res = E.result(st)
        assert res.scores == [p["points"] for p in st["p"]] and min(res.ranks) == 1
        _sum_table_adds_up(res.stats, players)
        assert_replays(players, options, seed, log, st)


def test_random_games_reach_every_expansion_move_with_a_label():
    seen: set[str] = set()
    for seed in range(8):
        _play(4, {"expansion": True}, seed, seen)
        if EXPANSION_MOVES <= seen:
            break
    assert EXPANSION_MOVES <= seen
    examples = [
        {"type": "sycophant_discard", "card": "a1"},
        {"type": "debtors_prison", "card": "b1"},
        {"type": "debtors_prison_take", "card": "b1", "choice": "buy"},
        {"type": "debtors_prison_take", "card": "b1", "choice": "hand"},
        {"type": "debtors_prison_take", "choice": "back"},
        {"type": "guild_hall", "points": 1},
        {"type": "trading_house", "use": True},
        {"type": "trading_house", "use": False},
    ]
    labels = [E.describe_move(m) for m in examples]
    assert all("(" not in label and "_" not in label for label in labels)
    assert labels[5] == "Take 3 rubles and 1 point from the Guild Hall"
    assert labels[6] == "Pay 3 rubles for 2 points at the Trading House"
