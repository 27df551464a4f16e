"""Rounds, roles, privileges and the end of the game (base game)."""

import pytest

from games.rules.base import IllegalMove
from games.rules.san_juan.cards import KEY, TILES
from tests.rules.san_juan.sj_helpers import (
    E,
    all_cards,
    key_of,
    keys,
    new,
    play,
    role,
    set_city,
    set_hand,
    to_pick,
)


def _builder(players=2, hand=(), city=("indigo_plant",), other_hand=()):
    st = new(players, seed=2)
    to_pick(st, 0)
    set_hand(st, 0, list(hand))
    set_city(st, 0, list(city))
    for seat in range(1, players):
        set_hand(st, seat, list(other_hand))
    return st


# --- Baumeister -------------------------------------------------------------------


def test_builder_pays_one_card_less_others_pay_full():
    st = _builder(
        hand=["silver_smelter", "well", "tower", "statue", "smithy"], other_hand=["sugar_mill", "hero", "quarry"]
    )
    role(st, 0, "builder")
    silver = st["p"][0]["hand"][0]
    play(st, 0, {"type": "build", "card": silver})
    assert st["pend"][0]["due"] == 4
    play(st, 0, {"type": "pay", "cards": st["p"][0]["hand"][1:]})
    assert keys(st["p"][0]["city"]) == ["indigo_plant", "silver_smelter"] and st["p"][0]["hand"] == []
    assert E.to_act(st) == [1]
    sugar = st["p"][1]["hand"][0]
    play(st, 1, {"type": "build", "card": sugar})
    assert st["pend"][1]["due"] == 2


def test_hinweis_production_buildings_any_number_but_city_buildings_once():
    st = _builder(hand=["indigo_plant", "smithy", "well"], city=["indigo_plant", "smithy"])
    role(st, 0, "builder")
    built = {key_of(m["card"]) for m in E.legal_moves(st, 0) if m["type"] == "build"}
    assert "indigo_plant" in built and "smithy" not in built
    with pytest.raises(IllegalMove, match="already own"):
        play(st, 0, {"type": "build", "card": st["p"][0]["hand"][1]})
    play(st, 0, {"type": "build", "card": st["p"][0]["hand"][0]})
    assert keys(st["p"][0]["city"]) == ["indigo_plant", "indigo_plant", "smithy"]


def test_hinweis_surplus_discount_not_paid_out_builder_with_smithy_and_library():
    st = _builder(players=3, hand=["sugar_mill", "well"], city=["indigo_plant", "smithy", "library"])
    role(st, 0, "builder", library=True)
    assert st["lib"] is True
    play(st, 0, {"type": "build", "card": st["p"][0]["hand"][0]})
    assert keys(st["p"][0]["hand"]) == ["well"]
    assert "sugar_mill" in keys(st["p"][0]["city"])


def test_hinweis_builder_privilege_not_paid_when_not_building():
    st = _builder(hand=["well", "tower"])
    before = list(st["p"][0]["hand"])
    role(st, 0, "builder")
    play(st, 0, {"type": "pass"})
    assert st["p"][0]["hand"] == before


def test_hinweis_discard_pile_reshuffled_when_deck_runs_out():
    st = new(2, seed=4)
    to_pick(st, 0)
    st["disc"] += st["deck"]
    st["deck"] = []
    total = len(st["disc"])
    role(st, 0, "prospector")
    assert st["reshuffles"] == 1
    assert len(st["deck"]) == total - 1 and st["disc"] == []


def test_payment_in_steps_and_cancel_before_paying():
    st = _builder(hand=["coffee_roaster", "well", "tower", "statue"])
    role(st, 0, "builder")
    coffee = st["p"][0]["hand"][0]
    play(st, 0, {"type": "build", "card": coffee})
    assert {"type": "cancel"} in E.legal_moves(st, 0)
    play(st, 0, {"type": "cancel"})
    assert st["pend"][0] == {"k": "build"}
    play(st, 0, {"type": "build", "card": coffee})
    pays = [m for m in E.legal_moves(st, 0) if m["type"] == "pay"]
    assert len(pays) == 3
    play(st, 0, pays[0])
    assert {"type": "cancel"} not in E.legal_moves(st, 0) and st["pend"][0]["due"] == 2
    play(st, 0, E.legal_moves(st, 0)[0])
    play(st, 0, E.legal_moves(st, 0)[0])
    assert "coffee_roaster" in keys(st["p"][0]["city"]) and len(st["p"][0]["hand"]) == 0


def test_unaffordable_building_is_not_offered():
    st = _builder(hand=["palace", "well"])
    role(st, 0, "builder")
    assert [m for m in E.legal_moves(st, 0) if m["type"] == "build"] == [
        {"type": "build", "card": st["p"][0]["hand"][1]}
    ]


# --- Aufseher -------------------------------------------------------------------------


def _producer(players=2, city=("indigo_plant", "sugar_mill", "coffee_roaster")):
    st = new(players, seed=6)
    to_pick(st, 0)
    for seat in range(players):
        set_city(st, seat, list(city))
    role(st, 0, "producer")
    return st


def test_producer_produces_two_goods_everyone_else_one():
    st = _producer()
    assert max(len(m["buildings"]) for m in E.legal_moves(st, 0)) == 2
    assert max(len(m["buildings"]) for m in E.legal_moves(st, 1)) == 1
    deck = len(st["deck"])
    city0, city1 = st["p"][0]["city"], st["p"][1]["city"]
    play(st, 1, {"type": "produce", "buildings": [city1[2]]})
    play(st, 0, {"type": "produce", "buildings": [city0[1], city0[2]]})
    assert [g >= 0 for g in st["p"][0]["goods"]] == [False, True, True]
    assert [g >= 0 for g in st["p"][1]["goods"]] == [False, False, True]
    assert len(st["deck"]) == deck - 3


def test_merke_at_most_one_good_per_production_building():
    st = new(2, seed=6)
    to_pick(st, 0)
    set_city(st, 0, ["indigo_plant", "sugar_mill"], goods=[True, False])
    set_city(st, 1, ["indigo_plant"], goods=[True])
    role(st, 0, "producer")
    assert E.to_act(st) == [0]  # seat 1 has no empty production building
    offered = {b for m in E.legal_moves(st, 0) for b in m["buildings"]}
    assert offered == {st["p"][0]["city"][1]}
    with pytest.raises(IllegalMove):
        play(st, 0, {"type": "produce", "buildings": [st["p"][0]["city"][0]]})


def test_hinweis_producer_phase_played_simultaneously():
    st = _producer(players=3)
    assert sorted(E.to_act(st)) == [0, 1, 2]
    play(st, 2, E.legal_moves(st, 2)[-1])
    play(st, 0, E.legal_moves(st, 0)[-1])
    assert E.to_act(st) == [1]
    play(st, 1, E.legal_moves(st, 1)[-1])
    assert st["phase"] == "role"


# --- Händler ------------------------------------------------------------------------------


def _trader(tile, city0, goods0, city1=("indigo_plant",), goods1=(False,), players=2):
    st = new(players, seed=8)
    to_pick(st, 0)
    st["tiles"].remove(tile)
    st["tiles"].insert(0, tile)
    set_city(st, 0, list(city0), goods=list(goods0))
    set_city(st, 1, list(city1), goods=list(goods1))
    for seat in range(players):
        set_hand(st, seat, [])
    role(st, 0, "trader")
    return st


def test_trader_example_market_stand_and_trading_post_sell_three():
    tile = TILES.index([1, 1, 2, 2, 3])
    st = _trader(
        tile,
        ["indigo_plant", "tobacco_storage", "silver_smelter", "market_stand", "trading_post"],
        [True, True, True, False, False],
    )
    city = st["p"][0]["city"]
    assert max(len(m["buildings"]) for m in E.legal_moves(st, 0)) == 3
    play(st, 0, {"type": "sell", "buildings": city[:3]})
    assert len(st["p"][0]["hand"]) == 1 + 2 + 3 + 1
    assert all(g < 0 for g in st["p"][0]["goods"])


def test_trader_sells_two_others_one():
    st = _trader(0, ["indigo_plant", "sugar_mill"], [True, True], ["indigo_plant", "sugar_mill"], [True, True])
    assert max(len(m["buildings"]) for m in E.legal_moves(st, 0)) == 2
    assert max(len(m["buildings"]) for m in E.legal_moves(st, 1)) == 1
    with pytest.raises(IllegalMove):
        play(st, 1, {"type": "sell", "buildings": st["p"][1]["city"]})


def test_hinweis_tile_revealed_even_if_nobody_sells_and_returned_under_stack():
    st = new(2, seed=9)
    to_pick(st, 0)
    order = list(st["tiles"])
    role(st, 0, "trader")
    assert st["tiles_seen"] == [order[0]]
    assert st["tiles"] == order[1:] + order[:1]
    current = E.view(st, 1)["trading_house"]["current"]
    assert {g["good"]: g["price"] for g in current} == dict(
        zip(["indigo", "sugar", "tobacco", "coffee", "silver"], TILES[order[0]])
    )
    assert [g["name_de"] for g in current] == ["Indigo", "Zucker", "Tabak", "Kaffee", "Silber"]


def test_hinweis_trader_phase_simultaneous():
    st = _trader(1, ["indigo_plant"], [True], ["indigo_plant"], [True])
    assert sorted(E.to_act(st)) == [0, 1]
    play(st, 1, {"type": "sell", "buildings": st["p"][1]["city"]})
    assert E.to_act(st) == [0]
    play(st, 0, {"type": "sell", "buildings": []})
    assert len(st["p"][1]["hand"]) == 1 and len(st["p"][0]["hand"]) == 0


# --- Ratsherr / Goldsucher -----------------------------------------------------------------


def test_councillor_keeps_one_of_five_others_one_of_two():
    st = new(3, seed=10)
    to_pick(st, 0)
    hands = [len(p["hand"]) for p in st["p"]]
    disc = len(st["disc"])
    role(st, 0, "councillor")
    assert [len(st["pend"][s]["drawn"]) for s in range(3)] == [5, 2, 2]
    for seat in (2, 0, 1):
        play(st, seat, {"type": "keep", "card": st["pend"][seat]["drawn"][0]})
    assert [len(p["hand"]) for p in st["p"]] == [h + 1 for h in hands]
    assert len(st["disc"]) == disc + 4 + 1 + 1


def test_hinweis_councillor_phase_simultaneous():
    st = new(2, seed=10)
    to_pick(st, 0)
    role(st, 0, "councillor")
    play(st, 1, E.legal_moves(st, 1)[1])
    assert E.to_act(st) == [0]


def test_prospector_draws_one_card_nobody_else_acts():
    st = new(3, seed=11)
    to_pick(st, 0)
    hands = [len(p["hand"]) for p in st["p"]]
    role(st, 0, "prospector")
    assert [len(p["hand"]) for p in st["p"]] == [hands[0] + 1] + hands[1:]
    assert E.to_act(st) == [1] and st["phase"] == "role"


# --- Runden ------------------------------------------------------------------------------------


def test_each_player_picks_one_role_then_governor_passes_left():
    st = new(3, seed=12)
    to_pick(st, 0)
    role(st, 0, "prospector")
    with pytest.raises(IllegalMove, match="already been taken"):
        role(st, 1, "prospector")
    role(st, 1, "councillor")
    for seat in (0, 1, 2):
        if st["pend"][seat] and st["pend"][seat]["k"] == "keep":
            play(st, seat, E.legal_moves(st, seat)[0])
    role(st, 2, "producer")
    for seat in E.to_act(st):
        play(st, seat, E.legal_moves(st, seat)[0])
    assert st["gov"] == 1 and st["round"] == 2
    assert st["taken"] == [-1] * 5
    assert E.to_act(st) == [1] or st["phase"] == "limit"


def test_two_players_governor_other_governor():
    st = new(2, seed=13)
    to_pick(st, 1)
    role(st, 1, "prospector")
    assert E.to_act(st) == [0]
    role(st, 0, "councillor")
    for seat in list(E.to_act(st)):
        play(st, seat, E.legal_moves(st, seat)[0])
    assert E.to_act(st) == [1] and st["round"] == 1
    role(st, 1, "trader")
    if st["phase"] == "trader":
        for seat in list(E.to_act(st)):
            play(st, seat, E.legal_moves(st, seat)[0])
    assert st["round"] == 2 and st["gov"] == 0
    assert sum(1 for t in st["taken"] if t >= 0) == 0


def test_player_must_pick_a_role_but_may_skip_the_action():
    st = _builder(hand=["well"], other_hand=["tower"])
    assert all(m["type"] == "role" for m in E.legal_moves(st, 0))
    role(st, 0, "builder")
    assert {"type": "pass"} in E.legal_moves(st, 0)
    play(st, 0, {"type": "pass"})
    play(st, 1, {"type": "pass"})
    assert E.to_act(st) == [1] and st["phase"] == "role"


def _finish_round_2p(st):
    """Play out the remaining picks of a 2-player round with prospectors and no-ops."""
    while st["round"] == 1 or st["phase"] == "role" and st["pick"] != 0:
        seat = E.to_act(st)[0]
        moves = E.legal_moves(st, seat)
        move = next((m for m in moves if m.get("role") == "prospector"), None) or next(
            (m for m in moves if m["type"] == "role"), moves[0]
        )
        play(st, seat, move)
        if st["round"] > 1:
            break


def test_hand_limit_seven_checked_at_start_of_round_only():
    st = new(2, seed=14)
    to_pick(st, 0)
    set_hand(st, 0, ["well"] * 3 + ["tower"] * 3 + ["statue", "hero"])
    set_hand(st, 1, ["smithy"])
    role(st, 0, "prospector")
    assert len(st["p"][0]["hand"]) == 9  # more than 7 during a round is fine
    role(st, 1, "councillor")
    for seat in list(E.to_act(st)):
        play(st, seat, E.legal_moves(st, seat)[0])
    role(st, 0, "trader")
    assert st["round"] == 2 and st["phase"] == "limit"
    assert E.to_act(st) == [0] and st["pend"][0]["n"] == len(st["p"][0]["hand"]) - 7
    play(st, 0, {"type": "discard", "cards": st["p"][0]["hand"][: st["pend"][0]["n"]]})
    assert len(st["p"][0]["hand"]) == 7 and st["phase"] == "role"


def test_zur_verdeutlichung_hand_may_exceed_limit_during_round():
    st = new(2, seed=15)
    to_pick(st, 0)
    set_hand(st, 0, ["well"] * 3 + ["tower"] * 3 + ["statue"])
    role(st, 0, "councillor")
    play(st, 0, {"type": "keep", "card": st["pend"][0]["drawn"][0]})
    assert len(st["p"][0]["hand"]) == 8 and st["phase"] == "councillor"


# --- Spielende -----------------------------------------------------------------------------------


def test_game_ends_right_after_builder_phase_with_twelfth_building():
    st = new(3, seed=16)
    to_pick(st, 0)
    set_city(st, 1, ["indigo_plant"] * 2 + ["sugar_mill"] * 3 + ["tobacco_storage"] * 3 + ["chapel", "well", "tower"])
    set_hand(st, 0, ["well"])
    set_hand(st, 1, ["indigo_plant", "statue"])
    set_hand(st, 2, ["smithy", "tower"])
    role(st, 0, "builder")
    play(st, 0, {"type": "pass"})
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    play(st, 1, {"type": "pay", "card": st["p"][1]["hand"][1]})
    assert len(st["p"][1]["city"]) == 12
    assert not E.is_over(st) and E.to_act(st) == [2]  # the phase is finished first
    play(st, 2, {"type": "build", "card": st["p"][2]["hand"][0]})
    play(st, 2, {"type": "pay", "card": st["p"][2]["hand"][1]})
    assert E.is_over(st) and E.to_act(st) == []
    assert st["pick"] == 0 and st["taken"][1:] == [-1] * 4  # the round is not played out


def test_tie_broken_by_hand_cards_plus_goods():
    st = new(2, seed=17)
    set_city(st, 0, ["indigo_plant", "sugar_mill"], goods=[True, False])
    set_city(st, 1, ["indigo_plant", "sugar_mill"])
    set_hand(st, 0, ["well"])
    set_hand(st, 1, ["well"])
    st["phase"] = "over"
    res = E.result(st)
    assert res.scores == [2, 2] and res.ranks == [1, 2]
    st["p"][0]["goods"][0] = -1
    st["deck"].append(st["p"][0]["goods"][0])
    assert E.result(st).ranks == [1, 1]


def test_cards_are_conserved_through_a_round():
    st = new(4, seed=18, expansion=True)
    before = all_cards(st)
    for _ in range(60):
        seat = E.to_act(st)[0]
        play(st, seat, E.legal_moves(st, seat)[-1])
    assert all_cards(st) == before
    assert all(KEY[c] for c in before)
