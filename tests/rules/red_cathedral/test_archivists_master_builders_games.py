"""Seeded games with the Archivists' or the Master Builders' guild for every player count: they end,
replay byte for byte, and no view shows another player's contracts or the order of a deck."""

import json

import pytest

from tests.rules.red_cathedral.rc_helpers import E, dump, play_game, replay

CASES = [(guild, players) for guild in ("archivists", "master_builders") for players in (1, 2, 3, 4)]


def _secrets_kept(st: dict) -> None:
    for seat in (None, *range(st["n"])):
        shown = json.dumps(E.view(st, seat))
        for p, pl in enumerate(st["pl"]):
            if p != seat and not st["over"]:
                assert not any(f'"{c}"' in shown for c in pl.get("contracts", [])), (seat, p)
        if "contracts" in st:
            assert not any(f'"{c}"' in shown for c in st["contracts"]), seat
        if "builders" in st:
            deck = st["builders"]["deck"]
            assert json.dumps(deck[:3]) not in shown or len(deck) < 2


@pytest.mark.parametrize("guild,players", CASES)
def test_random_games_with_the_guild_finish_and_replay_identically(guild, players):
    options = {"guild": guild}
    chosen = 0
    for card in ("1", "2", "3"):
        options["clergy"] = card
        seed = 300 + 10 * players + int(card)
        st, log = play_game(players, options, seed, bot_share=0.6, check=_secrets_kept if card == "1" else None)
        assert st["over"] and st["guild"] == guild
        assert dump(replay(players, options, seed, log)) == dump(st)
        chosen += sum(1 for _s, m in log if m["type"] == "choose")
    assert chosen, "no card was drawn from the guild's deck in three games"
