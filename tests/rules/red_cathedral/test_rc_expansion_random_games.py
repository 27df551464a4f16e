"""Seeded games with the Jewelers' or the Artisans' guild and with the special workshop tiles, for every
player count (the solo game included): they end without an error and replay byte for byte."""

import pytest

from tests.rules.red_cathedral.rc_helpers import dump, play_game, replay

EXPANSION_OPTIONS = (
    {"special_tiles": True},
    {"guild": "jewelers"},
    {"guild": "artisans"},
    {"guild": "jewelers", "clergy": "3", "contractors": True, "special_tiles": True},
    {"guild": "artisans", "special_tiles": True, "side": "extended"},
    # The influence group tile may take the other guilds' actions too.
    {"guild": "archivists", "special_tiles": True},
    {"guild": "master_builders", "special_tiles": True, "contractors": True},
    {"guild": "brickmakers", "special_tiles": True},
    {"guild": "thieves", "special_tiles": True, "side": "extended"},
)


def _cases():
    return [
        (players, options, 300 + 10 * players + k)
        for players in (1, 2, 3, 4)
        for k, options in enumerate(EXPANSION_OPTIONS)
    ]


@pytest.mark.parametrize("players,options,seed", _cases(), ids=lambda x: x if isinstance(x, int) else None)
def test_games_with_the_expansion_finish_and_replay_identically(players, options, seed):
    st, log = play_game(players, options, seed)
    assert st["over"] and not st["ended_by_limit"]
    assert dump(replay(players, options, seed, log)) == dump(st)
    if options.get("special_tiles"):
        assert sum(1 for _seat, move in log if move["type"] == "draft") == (1 if players == 1 else players)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_only_games_with_the_expansion_finish(players):
    options = {"guild": "jewelers" if players % 2 else "artisans", "special_tiles": True}
    st, _log = play_game(players, options, 700 + players, bot_share=1.0)
    assert st["over"] and not st["ended_by_limit"]
    diamonds = st["supply"]["diamond"] + sum(pl["inv"]["diamond"] for pl in st["pl"])
    on_sections = sum(sum(s.get("dia", {}).values()) for t in st["towers"] for s in t)
    assert diamonds + on_sections == 15
