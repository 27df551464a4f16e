"""The fourth group of the market: the clergy, or one of the expansion's guilds in its place (rules,
"Die neuen Gilden": the clergy's influence cards are replaced by the cards of the chosen guild), and
the table options that choose it ("Hinweise zur Bedienung": a fourth guild given with a card or at
random)."""

from __future__ import annotations

import json
import random

import pytest

from games.rules.base import InvalidOptions
from games.rules.red_cathedral import data
from tests.rules.red_cathedral.rc_helpers import CARDS, E, docs, new


def fourth_card(st: dict) -> dict:
    return next(CARDS[c] for c in st["influence"] if CARDS[c]["group"] not in ("craftsmen", "teamsters", "merchants"))


def test_the_clergy_is_the_fourth_group_unless_a_guild_is_chosen():
    st = new(2, seed=3)
    assert st["guild"] == "clergy" and fourth_card(st)["group"] == "clergy"


def test_a_chosen_guild_replaces_the_clergy_cards():
    st = new(3, seed=3, guild="managers")
    assert st["guild"] == "managers"
    assert fourth_card(st)["group"] == "managers"
    assert not any(CARDS[c]["group"] == "clergy" for c in st["influence"])


def test_a_chosen_card_of_the_fourth_guild_is_played():
    for number in ("1", "2", "3"):
        st = new(2, seed=4, guild="managers", clergy=number)
        assert fourth_card(st)["id"] == f"managers-{number}"


def test_a_random_guild_is_drawn_by_the_seed_from_the_guilds_that_may_play():
    drawn = {new(2, seed=s, guild="random")["guild"] for s in range(40)}
    allowed = {g for g, f in data.figures()["guilds"].items() if not f["needs_contractors"]}
    assert drawn <= allowed and len(drawn) == len(allowed)
    assert new(2, seed=9, guild="random")["guild"] == new(2, seed=9, guild="random")["guild"]


def test_the_default_options_draw_the_same_game_as_before_the_guilds():
    """Stored games replay from their seed: choosing no guild must not change the draws."""
    a, b = new(4, seed=11), new(4, seed=11, guild="clergy")
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_a_random_guild_with_a_chosen_card_is_refused():
    with pytest.raises(InvalidOptions) as exc:
        E.normalize_options(2, {"guild": "random", "clergy": "2"})
    assert "random" in str(exc.value)


def test_an_unknown_guild_is_refused():
    with pytest.raises(InvalidOptions):
        E.normalize_options(2, {"guild": "pirates"})


def test_a_guild_that_needs_the_contractors_module_is_refused_without_it(monkeypatch):
    from games.rules.red_cathedral import state

    monkeypatch.setitem(state.GUILDS, "managers", {**state.GUILDS["managers"], "needs_contractors": True})
    with pytest.raises(InvalidOptions) as exc:
        E.normalize_options(2, {"guild": "managers"})
    assert "Contractors module" in str(exc.value) and "Managers' guild" in str(exc.value)
    assert E.normalize_options(2, {"guild": "managers", "contractors": True})["guild"] == "managers"


def test_a_card_that_needs_the_contractors_module_is_refused_without_it_and_never_dealt(monkeypatch):
    from games.rules.red_cathedral import state

    cards = [dict(c) for c in state.GUILDS["managers"]["cards"]]
    cards[1]["contractors"] = True
    monkeypatch.setitem(state.GUILDS, "managers", {**state.GUILDS["managers"], "cards": cards})
    with pytest.raises(InvalidOptions) as exc:
        E.normalize_options(2, {"guild": "managers", "clergy": "2"})
    assert "Card 2" in str(exc.value)
    dealt = {fourth_card(new(2, seed=s, guild="managers"))["id"] for s in range(30)}
    assert "managers-2" not in dealt


def test_the_table_description_names_the_fourth_guild_and_its_card():
    parts = E.describe_options({"guild": "managers", "clergy": "3", "merchants": "1"})["parts"]
    assert [p["args"].get("group") for p in parts] == ["Merchants", "Managers' guild"]
    assert parts[-1]["args"]["number"] == "3"
    assert E.describe_options({"guild": "random"})["parts"][-1]["msg"] == "a random guild"


def test_a_guild_file_with_an_unknown_action_is_refused():
    broken = docs()
    broken["guilds/managers"]["records"][0]["actions"][0]["act"] = "conjure"
    with pytest.raises(data.DataError, match="unknown action"):
        data.validate(broken)


def test_a_guild_needs_the_module_exactly_when_all_its_cards_do():
    broken = docs()
    broken["guilds/managers"]["needs_contractors"] = True
    with pytest.raises(data.DataError, match="exactly when all its cards do"):
        data.validate(broken)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_games_with_a_random_guild_finish_and_replay(players):
    options = {"guild": "random", "contractors": players % 2 == 0}
    for seed in range(2):
        st = E.setup(players, options, seed)
        log = []
        rnd = random.Random(seed)
        while not E.is_over(st):
            seat = E.to_act(st)[0]
            move = E.bot_move(st, seat, rnd)
            log.append((seat, move))
            st, _events = E.apply(st, seat, move)
        again = E.setup(players, options, seed)
        for seat, move in log:
            again, _events = E.apply(again, seat, move)
        assert json.dumps(again, sort_keys=True) == json.dumps(st, sort_keys=True)
        assert not st["ended_by_limit"]
