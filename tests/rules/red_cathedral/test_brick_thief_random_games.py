"""Seeded games with the Brickmakers' or the Thieves' guild as the fourth group, for every player count:
they end without errors, replay identically, survive a JSON round trip, and the guild's moves come up."""

import copy
import json

import pytest

from tests.rules.red_cathedral.rc_helpers import E, dump, play_game, replay

CASES = [
    (guild, players, options, 300 + 10 * players + k)
    for k, guild in enumerate(("brickmakers", "thieves"))
    for players in (1, 2, 3, 4)
    for options in ({"side": "basic"}, {"side": "extended", "contractors": True})
]


@pytest.mark.parametrize("guild,players,options,seed", CASES)
def test_guild_game_ends_and_replays_identically(guild, players, options, seed):
    options = {**options, "guild": guild}
    st, log = play_game(players, options, seed)
    assert E.is_over(st) and not st["ended_by_limit"]
    assert st["guild"] == guild
    result = E.result(st)
    assert len(result.scores) == players
    assert dump(replay(players, options, seed, log)) == dump(st)
    half = replay(players, options, seed, log[: len(log) // 2])
    thawed = json.loads(json.dumps(half))
    for seat, move in log[len(log) // 2 :]:
        E.apply(thawed, seat, copy.deepcopy(move))
    assert dump(thawed) == dump(st)
    for seat in (None, *range(players)):
        E.view(st, seat)


def test_the_bots_take_and_use_reinforcement_tiles():
    used = 0
    for seed in range(3):
        st, log = play_game(3, {"guild": "brickmakers"}, 900 + seed, bot_share=1.0)
        used += sum(1 for _seat, m in log if m["type"] == "reinforce")
    assert used > 0
