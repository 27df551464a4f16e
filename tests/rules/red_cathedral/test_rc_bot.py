"""The bot plays legal, sensible moves: it beats a random player, bot games end by the rules (never by
the turn stop), and it finishes solo games against Iwan. Strength in figures: bench/rc_bot_strength.py."""

import random

import pytest

from tests.rules.red_cathedral.rc_helpers import E


def _play(players, options, seed, bots):
    """A game where the seats in ``bots`` use the bot and the others choose at random."""
    st = E.setup(players, options, seed)
    rng = random.Random(seed)
    while not E.is_over(st):
        seat = E.to_act(st)[0]
        legal = E.legal_moves(st, seat)
        move = E.bot_move(st, seat, rng) if seat in bots else rng.choice(legal)
        assert move in legal
        E.apply(st, seat, move)
    return st


@pytest.mark.parametrize("seed", range(6))
def test_the_bot_beats_a_random_player(seed):
    bot = seed % 2
    st = _play(2, {"side": ("basic", "extended")[seed // 3]}, 1000 + seed, {bot})
    assert E.result(st).ranks[bot] == 1


# Seeds whose bot-versus-bot games once ran into the turn stop: both bots gathered rubles and glory at the
# market instead of fetching what their sections lacked.
@pytest.mark.parametrize("seed", [5002, 5032, 5062, 5096])
def test_bot_games_end_by_the_sixth_section_not_by_the_turn_stop(seed):
    st = _play(2, {"side": "basic"}, seed, {0, 1})
    assert not st["ended_by_limit"]
    assert st["end"] is not None and max(pl["done"] for pl in st["pl"]) >= 6


@pytest.mark.parametrize("side", ["basic", "extended"])
def test_the_bot_finishes_a_solo_game_against_iwan_with_a_sensible_score(side):
    st = _play(1, {"side": side}, 7, {0})
    assert not st["ended_by_limit"]
    result = E.result(st)
    assert result.scores[0] >= 15, "the bot builds and scores, whoever wins"
    assert st["pl"][0]["done"] >= 1 and st["pl"][0]["placed"] + st["pl"][0]["done"] >= 3
