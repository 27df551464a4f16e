"""Seeded games with each of the Foremen's, Entrepreneurs', Wholesalers' and Lawyers' guilds as the
fourth group (with the Contractors module where the guild needs it), alone against Iwan and with 2, 3
and 4 players: bots and random moves play them to the end without errors, and they replay byte for byte."""

import pytest

from tests.rules.red_cathedral.rc_helpers import dump, play_game, replay

GUILDS = {"foremen": False, "entrepreneurs": True, "wholesalers": False, "lawyers": True}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("guild", sorted(GUILDS))
def test_random_games_with_the_guild_finish_and_replay_identically(guild, players):
    for k, card in enumerate(("1", "2", "3")):
        options = {"guild": guild, "clergy": card, "contractors": GUILDS[guild], "side": ("basic", "extended")[k % 2]}
        seed = 300 + 10 * players + k
        st, log = play_game(players, options, seed, bot_share=0.7)
        assert st["over"]
        assert any(c.startswith(guild) for c in st["influence"])
        assert dump(replay(players, options, seed, log)) == dump(st)
