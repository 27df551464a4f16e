"""The Market with Modules 3, 4, 5 and 6 and the expansion together: the seed allows "In bester
Gesellschaft" "zusammen mit dem Markt und allen 6 Modulen". Whole games with the bot, the timeout
moves and random moves stay legal and replay exactly."""

import pytest

from tests.rules.sankt_petersburg.sp_helpers import E, assert_replays, assert_sum_table_adds_up, play_through

ALL = {"edition": "2", "market": True, "helpers": True, "events": True, "assignments": True, "obstacles": True}


@pytest.mark.parametrize("players, expansion", [(2, False), (5, True)])
def test_bot_timeout_and_random_moves_stay_legal_with_every_module(players, expansion):
    options = {**ALL, "expansion": expansion}

    def choose(st, seat, legal, rng, moves):
        assert E.timeout_move(st, seat) in legal
        move = E.bot_move(st, seat, rng) if moves % 2 else rng.choice(legal)
        assert move in legal
        return move

    st, log = play_through(players, options, players, choose=choose)
    res = E.result(st)
    assert_sum_table_adds_up(res.stats, res.scores)
    assert_replays(players, options, players, log, st)
