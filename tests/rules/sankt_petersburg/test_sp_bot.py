"""The computer player: always a legal move, and the play a sensible player would choose."""

import random

import pytest

from games.rules.sankt_petersburg import bot
from games.rules.sankt_petersburg.cards import table
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    act,
    deck_keep,
    goto,
    hand,
    lay,
    new,
    pull,
    rows,
    set_money,
    stack,
)

OPTION_SETS = [
    {"edition": "1"},
    {"edition": "2"},
    {"edition": "1", "sp_plus": True},
    {"edition": "1", "expansion": True},
    {"edition": "2", "expansion": True},
]
GAMES = [(n, o) for n in (2, 3, 4) for o in OPTION_SETS] + [(5, o) for o in OPTION_SETS if o.get("expansion")]


def _id(case):
    n, o = case
    return f"{n}p-" + "-".join(f"{k}{v}" for k, v in o.items())


@pytest.mark.parametrize("case", GAMES, ids=[_id(c) for c in GAMES])
def test_bot_move_is_always_legal(case):
    """Whole games where most seats are bots and some moves are random (to reach odd positions:
    full hands, no money, cards in hand at the end)."""
    players, options = case
    st = E.setup(players, options, 11 + players)
    rng = random.Random(players)
    while not E.is_over(st):
        seat = E.to_act(st)[0]
        legal = E.legal_moves(st, seat)
        if rng.random() < 0.8:
            move = E.bot_move(st, seat, rng)
            assert move in legal, (move, st["phase"], st["queue"][:1])
        else:
            move = rng.choice(legal)
        act(st, seat, move)
    assert E.result(st).ranks


def test_bot_buys_the_cheapest_worker_in_the_first_round():
    """Every worker pays 3 rubles, so the cheapest one pays for itself soonest."""
    st = new(4, seed=3)
    seat = E.to_act(st)[0]
    move = E.bot_move(st, seat, random.Random(1))
    assert move["type"] == "buy" and move in E.legal_moves(st, seat)
    tab = table(st)
    assert tab[move["card"]].cost == min(tab[c].cost for c in st["upper"])


def test_bot_lays_out_its_hand_card_in_the_last_round():
    st = new(2, seed=1)
    goto(st, "building", start=0, round=7)
    st["end"] = True
    rows(st, ["market"])
    (customs_house,) = hand(st, 0, "customs_house")
    set_money(st, 0, 10)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "play", "card": customs_house}


def test_bot_does_not_take_cards_it_cannot_pay_for_in_the_last_round():
    st = new(2, seed=1)
    goto(st, "building", start=0, round=7)
    st["end"] = True
    rows(st, ["theater", "library"])
    set_money(st, 0, 3)
    assert E.bot_move(st, 0, random.Random(1))["type"] == "pass"


def test_bot_takes_a_good_card_it_can_pay_for_after_the_next_scoring():
    st = new(2, seed=1)
    goto(st, "building", start=0, round=2)
    (theater,) = rows(st, ["theater"])[0]
    lay(st, 0, "lumberjack", "gold_miner", "shepherd", "fur_trapper", "ship_builder")
    set_money(st, 0, 6)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "take", "card": theater}


def test_bot_uses_the_lower_row_discount():
    st = new(3, seed=2)
    goto(st, "building", start=0, round=3)
    upper, lower = rows(st, ["customs_house"], ["customs_house"])
    set_money(st, 0, 9)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "buy", "card": lower[0]}


def test_bot_prefers_a_new_aristocrat_to_a_second_one():
    st = new(2, seed=4)
    goto(st, "aristocrat", start=0, round=3)
    lay(st, 0, "administrator")
    upper, _ = rows(st, ["administrator", "warehouse_manager"])
    set_money(st, 0, 10)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "buy", "card": upper[1]}


def test_bot_buys_workers_early():
    st = new(2, seed=5)
    goto(st, "worker", start=0, round=2)
    upper, _ = rows(st, ["lumberjack", "market"])
    set_money(st, 0, 5)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "buy", "card": upper[0]}


def test_bot_does_not_buy_workers_that_no_longer_pay():
    st = new(2, seed=5)
    goto(st, "exchange", start=0, round=8)
    st["end"] = True
    rows(st, ["lumberjack", "gold_miner"])
    set_money(st, 0, 20)
    assert E.bot_move(st, 0, random.Random(1))["type"] == "pass"


def _after_building_scoring(card: str, round_: int, end: bool, money: int, **options) -> dict:
    """Seat 0 owns `card` and decides right after the building scoring of Durchgang `round_`."""
    st = new(2, seed=6, **options)
    goto(st, "building", start=0, round=round_)
    st["end"] = end
    lay(st, 0, card)
    rows(st)  # an empty display: the first pass ends the actions
    set_money(st, 0, money)
    act(st, 0, {"type": "pass"})
    assert st["queue"] and st["queue"][0]["seat"] == 0
    return st


def _pub_decision(round_: int, end: bool, money: int) -> dict:
    st = _after_building_scoring("pub", round_, end, money)
    assert st["queue"][0]["kind"] == "pub"
    return st


def test_bot_buys_points_at_the_pub_when_the_game_ends():
    st = _pub_decision(7, True, 30)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "pub", "points": 5}


def test_bot_keeps_its_money_at_the_pub_early():
    st = _pub_decision(2, False, 30)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "pub", "points": 0}


def test_rounds_left_reads_the_piles():
    st = new(4, seed=7)
    assert 4 <= bot.rounds_left(st) <= 9
    st["end"] = True
    assert bot.rounds_left(st) == 1


def test_bot_takes_rubles_from_the_guild_hall_early_and_points_late():
    early = _after_building_scoring("guild_hall", 2, False, 10, expansion=True)
    assert E.bot_move(early, 0, random.Random(1)) == {"type": "guild_hall", "points": 0}
    late = _after_building_scoring("guild_hall", 8, True, 10, expansion=True)
    assert E.bot_move(late, 0, random.Random(1)) == {"type": "guild_hall", "points": 4}


def test_bot_trades_at_the_trading_house_only_near_the_end():
    early = _after_building_scoring("trading_house", 2, False, 10, expansion=True)
    assert E.bot_move(early, 0, random.Random(1)) == {"type": "trading_house", "use": False}
    late = _after_building_scoring("trading_house", 8, True, 10, expansion=True)
    assert E.bot_move(late, 0, random.Random(1)) == {"type": "trading_house", "use": True}


def test_bot_searches_the_discards_with_the_debtors_prison_for_a_bargain():
    st = new(2, seed=8, expansion=True)
    goto(st, "building", start=0, round=3)
    (prison,) = lay(st, 0, "debtors_prison")
    rows(st, ["market"])
    st["discard"].append(pull(st, "theater"))
    set_money(st, 0, 25)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "debtors_prison", "card": prison}
    act(st, 0, {"type": "debtors_prison", "card": prison})
    move = E.bot_move(st, 0, random.Random(1))
    assert move["type"] == "debtors_prison_take" and move["choice"] == "buy"
    assert table(st)[move["card"]].key == "theater"


def test_bot_uses_the_observatory_when_the_pile_promises_more_than_its_point():
    st = new(2, seed=9)
    goto(st, "building", start=0, round=3)
    (observatory,) = lay(st, 0, "observatory")
    rows(st, ["market"])
    stack(st, "building", "theater", "theater")
    deck_keep(st, "building", 2)
    set_money(st, 0, 25)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "observatory", "card": observatory, "deck": "building"}
    act(st, 0, {"type": "observatory", "card": observatory, "deck": "building"})
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "observatory_take", "choice": "buy"}


def test_bot_keeps_the_observatorys_point_when_the_piles_promise_little():
    st = new(2, seed=9)
    goto(st, "building", start=0, round=3)
    lay(st, 0, "observatory")
    rows(st, ["market"])
    set_money(st, 0, 0)
    assert E.bot_move(st, 0, random.Random(1))["type"] != "observatory"


def test_bot_keeps_money_to_lay_out_its_hand_card_before_the_end():
    """A fourth kind of aristocrat would be worth a little more than the Library alone, but
    buying it would leave the Library in hand for the penalty."""
    st = new(2, seed=10)
    goto(st, "aristocrat", start=0, round=7)
    st["end"] = True
    lay(st, 0, "author", "administrator", "secretary")
    (library,) = hand(st, 0, "library")
    rows(st, ["controller"])
    set_money(st, 0, 20)
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "play", "card": library}


def test_bot_answers_a_decision_it_does_not_know_with_the_cautious_move(monkeypatch):
    from games.rules.sankt_petersburg.hooks import DECISIONS, Decision

    legal = [{"type": "choose", "n": 2}, {"type": "choose", "n": 0}]
    monkeypatch.setitem(
        DECISIONS,
        "unknown_card",
        Decision(
            "unknown_card",
            lambda st, seat, d: [dict(m) for m in legal],
            lambda st, seat, d, m, ev: None,
            lambda st, seat, d: {"type": "choose", "n": 0},
        ),
    )
    st = new(2, seed=11)
    goto(st, "building", start=0, round=3)
    st.update(queue=[{"kind": "unknown_card", "seat": 0}], step="decide", after="turn")
    assert E.bot_move(st, 0, random.Random(1)) == {"type": "choose", "n": 0}
