"""The bot plays the Market and the modules itself: it buys market cards, names goods and keeps
orange cards by their worth, triggers events, takes and plays purple cards, and aims for its
assignment and the obstacles, instead of answering those decisions with the timeout move."""

import random

from games.rules.sankt_petersburg import bot_modules
from games.rules.sankt_petersburg.cards import INFO
from tests.rules.sankt_petersburg.sp_helpers import E, goto, hand, lay, new, rows, set_money

ALL = {
    "edition": "2",
    "market": True,
    "banquet": True,
    "module2": True,
    "helpers": True,
    "events": True,
    "assignments": True,
    "obstacles": True,
}


def test_the_bot_uses_the_market_and_the_modules_in_whole_games():
    used = set()
    for seed in (3, 4):
        st = E.setup(2, ALL, seed)
        rng = random.Random(seed)
        while not E.is_over(st):
            (seat,) = E.to_act(st)
            legal = E.legal_moves(st, seat)
            if seat == 0:
                move = E.bot_move(st, seat, rng)
                assert move in legal
                tab = INFO["2"]
                if move["type"] == "buy" and tab[move["card"]].color == "market":
                    used.add("market card")
                elif move["type"] == "take" and tab[move["card"]].purple:
                    used.add("purple taken")
                else:
                    used.add(move["type"])
            else:
                move = rng.choice(legal)
            st, _ = E.apply(st, seat, move)
    assert {"market card", "event", "purple taken", "purple"} <= used


def test_the_bot_names_the_good_that_wins_the_market_place():
    st = new(2, 5, **ALL)
    goto(st, "market", start=0)
    lay(st, 1, "chick", "chick")  # seat 1 leads chicken
    lay(st, 0, "ear_of_wheat")
    (any_card,) = lay(st, 0, "czar_and_carpenter")
    st["queue"] = [{"kind": "market_good", "seat": 0, "card": any_card}]
    st["step"] = "decide"
    move = E.bot_move(st, 0, random.Random(1))
    assert move["type"] == "market_good" and move["good"] != "chicken"


def test_the_bot_triggers_the_sponsor_early():
    st = new(2, 6, **ALL)
    goto(st, "building", start=0)
    rows(st, ["market"], [])
    set_money(st, 0, 0)
    move = E.bot_move(st, 0, random.Random(1))
    assert move["type"] == "event"


def test_the_bot_plays_the_golden_donkey():
    st = new(2, 7, **ALL)
    goto(st, "building", start=0)
    rows(st, ["market"], [])
    set_money(st, 0, 0)
    st["ext"]["events"]["used"] = {k: 1 for k in ("twin", "sponsor", "ghost", "new_luck", "warehouse", "grabber")}
    hand(st, 0, "golden_donkey")
    assert E.bot_move(st, 0, random.Random(1))["type"] == "purple"


def test_the_bot_keeps_only_orange_cards_worth_their_price():
    st = new(2, 8, **ALL)
    goto(st, "market", start=0)
    (_coop, box) = lay(st, 0, "chicken_coop", "chicken_box")
    lay(st, 1, "chick")  # seat 0 leads in chicken without the box: its 4 markers add nothing
    set_money(st, 0, 20)
    st["queue"] = [{"kind": "market_confirm", "seat": 0, "cards": [box]}]
    st["step"], st["after"] = "decide", "phase"
    move = E.bot_move(st, 0, random.Random(1))
    assert move == {"type": "market_confirm", "card": box, "pay": False}
    assert bot_modules.market_on(st)
