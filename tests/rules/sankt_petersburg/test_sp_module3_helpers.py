"""Module 3 "Die Helfer" (option "helpers", with the Market only): the five helpers' reductions,
the distribution per number of players, passing to the right after every Durchgang."""

import json

import pytest

from games.rules.base import InvalidOptions
from games.rules.sankt_petersburg.engine import HELPERS_MARKET
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    act,
    assert_no_debt,
    assert_replays,
    goto,
    lay,
    new,
    play_through,
    rows,
    set_money,
)

OPTS = {"edition": "2", "market": True, "helpers": True}


def hnew(players=4, seed=1):
    return new(players, seed, **OPTS)


def give(st, seat, key):
    st["ext"]["helpers"][seat] = key


def price_of(st, seat, cid):
    v = E.view(st, seat)
    for card in v["display"]["upper"] + v["display"]["lower"]:
        if card["id"] == cid:
            return card["price"]
    raise LookupError(cid)


def test_only_with_the_market():
    """ "Modul 3: Die Helfer (nur mit dem neuen Sankt Petersburg - Der Markt spielbar)"."""
    for options in ({"edition": "2", "helpers": True}, {"helpers": True}):
        with pytest.raises(InvalidOptions) as err:
            E.setup(3, options, 1)
        assert str(err.value) in (
            HELPERS_MARKET,
            "The Market belongs to the 2nd edition (Das neue Sankt Petersburg): choose the 2nd edition.",
        )
    with pytest.raises(InvalidOptions) as err:
        E.setup(3, {"edition": "2", "helpers": True}, 1)
    assert str(err.value) == HELPERS_MARKET
    assert E.view(new(3, 1, edition="2", market=True), 0)["helpers"] is None


@pytest.mark.parametrize(
    "players, keys",
    [
        (2, {"architect", "lawyer"}),
        (3, {"architect", "lawyer", "czars_daughter"}),
        (4, {"architect", "lawyer", "czars_daughter", "mistress_of_the_manor"}),
        (5, {"architect", "lawyer", "czars_daughter", "mistress_of_the_manor", "master_craftsman"}),
    ],
)
def test_verteilung_one_helper_each_by_number_of_players(players, keys):
    """2 players Architekt and Anwalt; 3 + Zarentochter; 4 + Lehensherrin (Handwerksmeister back in
    the box); 5 all five. Lehensherrin to the right of the sack (market stone) holder; with 5 players
    the Handwerksmeister to the right of the hammer (worker stone) holder."""
    for seed in range(8):
        st = hnew(players, seed)
        helpers = st["ext"]["helpers"]
        assert set(helpers) == keys and len(helpers) == players
        if players >= 4:
            assert helpers[(st["tokens"]["market"] - 1) % players] == "mistress_of_the_manor"
        if players == 5:
            assert helpers[(st["tokens"]["worker"] - 1) % players] == "master_craftsman"


def test_verteilung_random_otherwise():
    seen = {tuple(hnew(3, seed)["ext"]["helpers"]) for seed in range(12)}
    assert len(seen) > 1


@pytest.mark.parametrize(
    "helper, key, cost, expected",
    [
        ("architect", "market", 5, 4),
        ("lawyer", "author", 4, 3),
        ("master_craftsman", "lumberjack", 3, 2),
        ("mistress_of_the_manor", "chick", 5, 4),
        ("czars_daughter", "lumberjack", 3, 3),
        ("architect", "lumberjack", 3, 3),
    ],
)
def test_helper_reductions(helper, key, cost, expected):
    st = hnew(5, 3)
    goto(st, "building", start=0)
    (cid,), _ = rows(st, [key], [])
    give(st, 0, helper)
    assert price_of(st, 0, cid) == expected
    set_money(st, 0, expected)
    act(st, 0, {"type": "buy", "card": cid})
    assert st["p"][0]["money"] == 0


def test_reductions_also_for_exchange_cards_of_the_colour_and_the_czars_daughter():
    """ "Dies gilt auch für blaue Austauschkarten"; the Zarentochter: exchange cards -2."""
    st = hnew(4, 4)
    goto(st, "exchange", start=0)
    market = lay(st, 0, "market")[0]
    (bank,), _ = rows(st, ["bank"], [])
    set_money(st, 0, 30)
    give(st, 0, "architect")
    # Bank 13 - Market 5 - identical 0 - Architekt 1 = 7
    assert price_of(st, 0, bank) == 7
    give(st, 0, "czars_daughter")
    assert price_of(st, 0, bank) == 6
    give(st, 0, "lawyer")
    assert price_of(st, 0, bank) == 8
    give(st, 0, "czars_daughter")
    act(st, 0, {"type": "buy", "card": bank, "replace": market})
    assert st["p"][0]["money"] == 24


def test_reductions_add_up_but_one_ruble_is_always_paid():
    st = hnew(4, 5)
    goto(st, "building", start=0)
    lay(st, 0, "market", "market", "market")
    _, (market,) = rows(st, [], ["market"])
    give(st, 0, "architect")
    # 5 - identical 3 - lower row 1 - Architekt 1 = 0 -> 1
    assert price_of(st, 0, market) == 1


def test_helpers_pass_to_the_right_after_every_durchgang():
    st = hnew(4, 6)
    before = list(st["ext"]["helpers"])
    goto(st, "exchange", start=0)
    rows(st, ["bank"], [])
    while st["phase"] == "exchange":
        (seat,) = E.to_act(st)
        act(st, seat, {"type": "pass"})
    after = st["ext"]["helpers"]
    # "gegen den Uhrzeigersinn, also an den nächsten Spieler nach rechts": seat s's helper goes to s - 1.
    assert [after[(s - 1) % 4] for s in range(4)] == before
    assert [h["key"] for h in E.view(st, 2)["helpers"]] == after


def test_helpers_do_not_pass_within_a_durchgang():
    st = hnew(3, 7)
    before = list(st["ext"]["helpers"])
    goto(st, "building", start=0)
    rows(st, ["market"], [])
    while st["phase"] == "building":
        (seat,) = E.to_act(st)
        act(st, seat, E.timeout_move(st, seat) if st["queue"] else {"type": "pass"})
    assert st["ext"]["helpers"] == before


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_and_replay_exactly(players):
    for seed in (1, 2):
        st, log = play_through(players, OPTS, seed, check=assert_no_debt)
        assert json.loads(json.dumps(st)) == st
        assert_replays(players, OPTS, seed, log, st)
