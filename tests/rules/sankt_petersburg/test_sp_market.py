"""The Market of the 2nd edition (option "market"): the seed's section "Der Markt" — Aufbau, Ablauf,
the market round, the market place and its scoring (Beispiel, Gleichstand), the orange cards and
their Hinweise, exchange cards moving markers back, 5 players, the ∑ table and the view."""

import json
import random
from collections import Counter

import pytest

from games.rules.base import InvalidOptions
from games.rules.sankt_petersburg.abilities_market.market import markers, place_points
from games.rules.sankt_petersburg.cards import RULES, compose, table
from games.rules.sankt_petersburg.engine import FIVE_PLAYERS, MARKET_EDITION, SP_PLUS_EDITION
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    act,
    all_cards,
    assert_replays,
    assert_sum_table_adds_up,
    goto,
    lay,
    moves_of,
    new,
    play_through,
    rows,
    set_money,
    stack,
)

MARKET = {"edition": "2", "market": True}
GOODS = ["chicken", "grain", "apple", "fish", "cabbage"]


def mnew(players=4, seed=1, **extra):
    return new(players, seed, **MARKET, **extra)


def pull_good(st, key, good):
    """One card of `key` showing `good` out of the supply (Ship Builders, Markets differ per copy)."""
    tab = table(st)
    for pile in list(st["decks"].values()) + [st["discard"]]:
        for i, cid in enumerate(pile):
            if tab[cid].key == key and tab[cid].good == good:
                return pile.pop(i)
    raise LookupError((key, good))


def lay_good(st, seat, key, good):
    cid = pull_good(st, key, good)
    st["p"][seat]["cards"].append(cid)
    return cid


def answer_all(st, choose=None):
    """Answer every pending decision (with `choose(seat, decision, legal)` or the timeout move)."""
    while st["queue"]:
        (seat,) = E.to_act(st)
        legal = E.legal_moves(st, seat)
        move = choose(seat, st["queue"][0], legal) if choose else E.timeout_move(st, seat)
        act(st, seat, move)


def pass_round(st):
    """Everyone passes until the phase changes (decisions answered by their timeout moves)."""
    phase, rnd = st["phase"], st["round"]
    while st["phase"] == phase and st["round"] == rnd and not E.is_over(st):
        (seat,) = E.to_act(st)
        act(st, seat, E.timeout_move(st, seat) if st["queue"] else {"type": "pass"})


# --- options -------------------------------------------------------------------------------------


def test_market_only_with_the_2nd_edition():
    """Das neue Sankt Petersburg = the 2nd edition with the Market: refused with the 1st edition."""
    with pytest.raises(InvalidOptions) as err:
        E.setup(4, {"market": True}, 1)
    assert str(err.value) == MARKET_EDITION
    with pytest.raises(InvalidOptions) as err:
        E.setup(4, {"market": True, "edition": "1", "sp_plus": True}, 1)
    assert str(err.value) in (MARKET_EDITION, SP_PLUS_EDITION)
    assert E.setup(4, MARKET, 1)["opts"]["market"] is True


def test_five_players_with_the_market_need_no_expansion():
    """Seed: "Für ein 5-Personen zusammen mit dem Markt gelten die Regeln des Marktes für 5 Spieler."."""
    st = mnew(5, 2)
    assert st["sack"] is None
    assert [p["money"] for p in st["p"]] == [25] * 5
    with pytest.raises(InvalidOptions) as err:
        E.setup(5, {"edition": "2"}, 1)
    assert str(err.value) == FIVE_PLAYERS


def test_expansion_may_be_combined_with_the_market():
    """Corrected sentence: "Diese Erweiterung kann zusammen mit dem Markt und allen 6 Modulen gespielt
    werden"; with 5 players the Market's rules apply (no sack money, no sack points)."""
    st = mnew(5, 3, expansion=True)
    assert st["sack"] is None and [p["money"] for p in st["p"]] == [25] * 5
    keys = Counter(table(st)[c].key for ids in compose(st["opts"]).values() for c in ids)
    assert keys["sycophant"] == 2 and keys["chick"] == 3
    finish = st["p"][0]["points"]
    assert finish == 0


# --- Material und Aufbau --------------------------------------------------------------------------


def test_material_35_market_cards_per_good_3_2_1_and_an_orange_card():
    st = mnew(4, 1)
    pile = st["decks"]["market"]
    assert len(pile) == 35
    tab = table(st)
    for good in GOODS:
        mine = [tab[c] for c in pile if tab[c].good == good]
        assert sorted((c.good_count, c.cost, c.rubles, c.orange) for c in mine) == (
            [(1, 5, 2, False)] * 3 + [(2, 4, 1, False)] * 2 + [(3, 3, 0, False), (4, 1, 0, True)]
        )
        assert all(c.color == "market" and c.deck == "market" and c.points == 0 for c in mine)
    assert "market" not in new(4, 1, edition="2")["decks"]


def test_aufbau_lowest_market_value_tile_on_top():
    st = mnew(3, 1)
    v = E.view(st, 0)["market"]
    assert v["tile"] == {"number": 1, "first": RULES["market_tiles"][0][0], "second": RULES["market_tiles"][0][1]}
    firsts = [t["first"] for t in v["tiles"]]
    assert firsts == sorted(firsts) and len(v["tiles"]) == 6


@pytest.mark.parametrize("players, counts", [(5, [1] * 5), (4, [1, 1, 1, 1]), (3, [1, 1, 1]), (2, [2, 2])])
def test_aufbau_symbol_cards(players, counts):
    """5 players one each; 4: one each + the 5th to a random player; 3: one each + the other two
    "je einem Spieler zugelost" (to two different players); 2: two each + the 5th to one of them."""
    for seed in range(6):
        st = mnew(players, seed)
        assert sorted(st["tokens"]) == sorted(["worker", "market", "building", "aristocrat", "exchange"])
        held = Counter(st["tokens"].values())
        assert all(held[s] >= counts[s] for s in range(players)) and sum(held.values()) == 5
        # The remaining stones go to different players.
        assert max(held.values()) <= (3 if players == 2 else 2)


# --- Ablauf --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, first", [(2, 4), (3, 6), (4, 8), (5, 10)])
def test_ablauf_first_worker_round_then_refill_to_10(players, first):
    """5 players: 10 workers in the very first worker round; 2-4 players as in the base game.
    Afterwards the display is refilled to 10, whatever the number of players."""
    st = mnew(players, 4)
    assert len(st["upper"]) == first
    while st["first"]:
        (seat,) = E.to_act(st)
        act(st, seat, E.timeout_move(st, seat))
    assert st["phase"] == "market"
    assert len(st["upper"]) + len(st["lower"]) == 10
    assert all(table(st)[c].deck == "market" for c in st["upper"])


def test_ablauf_market_round_between_worker_and_building_round():
    st = mnew(3, 5)
    seen = []
    while st["round"] == 1 and not E.is_over(st):
        if st["phase"] not in seen:
            seen.append(st["phase"])
        (seat,) = E.to_act(st)
        act(st, seat, E.timeout_move(st, seat))
    assert seen == ["worker", "market", "building", "aristocrat", "exchange"]


def test_ablauf_market_round_starts_with_the_market_stone_and_buildings_refill_after_it():
    st = mnew(4, 6)
    goto(st, "market", start=2)
    rows(st, ["chick", "hen"], [])
    assert E.to_act(st) == [2]
    pass_round(st)
    assert st["phase"] == "building"
    tab = table(st)
    assert [tab[c].key for c in st["upper"][:2]] == ["chick", "hen"]
    assert all(tab[c].deck == "building" for c in st["upper"][2:]) and len(st["upper"]) == 10


def test_market_cards_may_be_bought_in_any_round():
    st = mnew(4, 7)
    goto(st, "building", start=0)
    (cid,), _ = rows(st, ["hen"], [])
    set_money(st, 0, 10)
    act(st, 0, {"type": "buy", "card": cid})
    assert cid in st["p"][0]["cards"] and st["p"][0]["money"] == 6


# --- the market place ------------------------------------------------------------------------------


def test_marker_enters_and_advances_by_the_symbols_of_each_card():
    """A marker enters the first time a player gets symbols of a good and moves one space per symbol;
    Ship Builders, Markets and blue exchange cards carry symbols too."""
    st = mnew(4, 8)
    assert markers(st, 0) == {}
    goto(st, "market", start=0)
    (hen,), _ = rows(st, ["hen"], [])
    act(st, 0, {"type": "buy", "card": hen})
    assert markers(st, 0) == {"chicken": 2}
    lay(st, 0, "chick")
    lay_good(st, 0, "ship_builder", "grain")
    lay_good(st, 0, "market", "chicken")
    lay(st, 0, "bank")
    assert markers(st, 0) == {"chicken": 4, "grain": 2}
    assert E.view(st, 1)["market"]["markers"][0] == {"chicken": 4, "grain": 2}


def test_market_points_only_at_the_market_place_scoring():
    """Advancing with other (non-yellow) cards scores nothing until the end of the market round."""
    st = mnew(3, 9)
    goto(st, "building", start=0)
    lay_good(st, 0, "market", "fish")
    rows(st, ["lumberjack"], [])
    pass_round(st)
    assert st["p"][0]["points"] == 1  # the Market's printed point only
    assert st["p"][0]["inc"][7] == 0


def test_wertung_market_cards_pay_rubles_then_market_place_with_current_tile():
    st = mnew(3, 10)
    goto(st, "market", start=1, round=3)
    rows(st, ["apple"], [])
    lay(st, 0, "chick", "hen")  # chicken 3, 2 + 1 rubles
    lay(st, 1, "chick")  # chicken 1, 2 rubles
    lay(st, 2, "apple_orchard")  # apple 3, no rubles
    money = [p["money"] for p in st["p"]]
    pass_round(st)
    first, second = RULES["market_tiles"][2]
    assert [p["money"] - m for p, m in zip(st["p"], money)] == [3, 2, 0]
    assert [p["points"] for p in st["p"]] == [first, second, first]
    last = st["last_scoring"]
    assert last["phase"] == "market"
    row0 = next(r for r in last["rows"] if r["seat"] == 0)
    assert row0["gained"] == {"rubles": 3, "points": first}
    assert row0["after"] == {"rubles": row0["before"]["rubles"] + 3, "points": first}
    v = E.view(st, 0)["market"]["last_scoring"]
    assert v["goods"]["chicken"] == [first, second, 0] and v["goods"]["apple"] == [0, 0, first]
    assert v["tile"] == 3 and v["points"] == [first, second, first]


def test_markers_stay_after_the_scoring():
    st = mnew(2, 11)
    goto(st, "market", start=0)
    rows(st, ["apple"], [])
    lay(st, 0, "fish_basket")
    pass_round(st)
    assert markers(st, 0) == {"fish": 2}


def test_beispiel_market_place_with_tile_3():
    """The seed's example (tile 3 / 1): chicken yellow 3, blue and red tied second -> 3, 1, 1; grain
    red alone; apples green; fish black; cabbage blue first, black second, red nothing. Red, blue
    and black 4 points, yellow and green 3."""
    yellow, blue, red, green, black = range(5)
    st = mnew(5, 12)
    goto(st, "market", start=0, round=3)
    rows(st, ["apple"], [])
    lay(st, yellow, "chicken_coop")  # chicken 3
    lay(st, blue, "hen", "vegetable_garden")  # chicken 2, cabbage 3
    lay(st, red, "hen", "ear_of_wheat", "cabbage")  # chicken 2, grain 1, cabbage 1
    lay(st, green, "apple_crate")  # apple 2
    lay(st, black, "fish", "vegetable_basket")  # fish 1, cabbage 2
    assert RULES["market_tiles"][2] == [3, 1]
    points = [p["points"] for p in st["p"]]
    pass_round(st)
    gained = [p["points"] - q for p, q in zip(st["p"], points)]
    assert gained == [3, 4, 4, 3, 4]
    goods = st["ext"]["market"]["last"]["goods"]
    assert goods["chicken"] == [3, 1, 1, 0, 0] and goods["cabbage"] == [0, 3, 0, 0, 1]


def test_gleichstand_two_first_places_both_higher_value_no_second():
    assert place_points({0: 3, 1: 3, 2: 2}, 4, 2) == {0: 4, 1: 4}


def test_gleichstand_tie_for_second_both_lower_value():
    assert place_points({0: 5, 1: 2, 2: 2, 3: 1}, 4, 2) == {0: 4, 1: 2, 2: 2}
    assert place_points({0: 1}, 4, 2) == {0: 4}
    assert place_points({0: 0, 1: 0}, 4, 2) == {}


def test_market_value_rises_every_durchgang_and_the_last_tile_stays():
    st = mnew(2, 13)
    numbers = []
    for rnd in (1, 2, 6, 7, 9):
        st["round"] = rnd
        numbers.append(E.view(st, 0)["market"]["tile"]["number"])
    assert numbers == [1, 2, 6, 6, 6]


def test_exchange_card_replacing_a_market_symbol_moves_the_marker_back():
    """Beachte: replacing a card with a market symbol by an exchange card moves the marker back."""
    st = mnew(3, 14)
    goto(st, "exchange", start=0)
    old = lay_good(st, 0, "market", "grain")
    lay(st, 0, "chick")
    (harbor,), _ = rows(st, ["harbor"], [])
    set_money(st, 0, 30)
    assert markers(st, 0) == {"grain": 1, "chicken": 1}
    act(st, 0, {"type": "buy", "card": harbor, "replace": old})
    assert markers(st, 0) == {"fish": 1, "chicken": 1}


# --- orange cards ----------------------------------------------------------------------------------


def test_ausnahme_orange_card_costs_1_and_moves_4():
    st = mnew(4, 15)
    goto(st, "market", start=0)
    (box,), _ = rows(st, ["fish_box"], [])
    set_money(st, 0, 10)
    act(st, 0, {"type": "buy", "card": box})
    assert st["p"][0]["money"] == 9 and markers(st, 0) == {"fish": 4}


def test_ausnahme_orange_card_may_be_taken_into_hand():
    st = mnew(4, 16)
    goto(st, "market", start=0)
    (box,), _ = rows(st, ["apple_box"], [])
    act(st, 0, {"type": "take", "card": box})
    assert box in st["p"][0]["hand"] and markers(st, 0) == {}
    goto(st, "building", start=0)
    rows(st, ["lumberjack"], [])
    act(st, 0, {"type": "play", "card": box})
    assert markers(st, 0) == {"apple": 4}


def _confirm_position(round_=4):
    st = mnew(3, 17)
    goto(st, "market", start=1, round=round_)
    rows(st, ["apple"], [])
    box = lay(st, 0, "grain_box")[0]
    lay(st, 1, "field")  # grain 3
    for s in range(3):
        set_money(st, s, 20)
    return st, box


def test_bestaetigen_pay_the_higher_value_keeps_card_and_marker():
    st, box = _confirm_position()
    first, second = RULES["market_tiles"][3]
    pass_round_until_decision(st)
    d = E.view(st, 0)["decision"]
    assert d["kind"] == "market_confirm" and d["card"] == box and d["price"] == first
    assert E.legal_moves(st, 0) == [
        {"type": "market_confirm", "card": box, "pay": True},
        {"type": "market_confirm", "card": box, "pay": False},
    ]
    act(st, 0, {"type": "market_confirm", "card": box, "pay": True})
    answer_all(st)
    assert box in st["p"][0]["cards"]
    assert st["p"][0]["money"] == 20 - first and st["p"][0]["points"] == first  # grain 4 beats 3
    assert st["p"][1]["points"] == second
    assert st["ext"]["market"]["paid"][0] == first
    row = next(r for r in st["last_scoring"]["rows"] if r["seat"] == 0)
    assert row["paid"] == {"rubles": first}
    assert row["before"]["rubles"] + row["gained"]["rubles"] - row["paid"]["rubles"] == row["after"]["rubles"]


def test_bestaetigen_not_paid_card_discarded_and_marker_back_4_before_scoring():
    st, box = _confirm_position()
    first, second = RULES["market_tiles"][3]
    pass_round_until_decision(st)
    act(st, 0, {"type": "market_confirm", "card": box, "pay": False})
    answer_all(st)
    assert box in st["discard"] and box not in st["p"][0]["cards"]
    assert markers(st, 0) == {}
    assert st["p"][0]["points"] == 0 and st["p"][1]["points"] == first


def test_bestaetigen_again_at_every_market_scoring():
    st, box = _confirm_position(round_=2)
    pass_round_until_decision(st)
    act(st, 0, {"type": "market_confirm", "card": box, "pay": True})
    answer_all(st)
    goto(st, "market", start=1, round=3)
    rows(st, ["apple"], [])
    pass_round_until_decision(st)
    assert (
        st["queue"][0]["kind"] == "market_confirm" and E.view(st, 0)["decision"]["price"] == RULES["market_tiles"][2][0]
    )


def test_hinweis_several_players_decide_clockwise_from_the_market_start_player_each_card_separately():
    st = mnew(4, 18)
    goto(st, "market", start=2, round=3)
    rows(st, ["apple"], [])
    b0 = lay(st, 0, "fish_box")[0]
    b3 = lay(st, 3, "apple_box", "cabbage_box")
    b2 = lay(st, 2, "chicken_box")[0]
    for s in range(4):
        set_money(st, s, 30)
    pass_round_until_decision(st)
    order = []
    while st["queue"]:
        (seat,) = E.to_act(st)
        d = E.view(st, seat)["decision"]
        order.append((seat, d["card"]))
        act(st, seat, {"type": "market_confirm", "card": d["card"], "pay": seat != 3 or d["card"] != b3[0]})
    assert order == [(2, b2), (3, b3[0]), (3, b3[1]), (0, b0)]
    assert b3[0] in st["discard"] and b3[1] in st["p"][3]["cards"]
    assert st["phase"] == "building"


def test_orange_card_without_money_only_discard():
    st, box = _confirm_position()
    set_money(st, 0, 0)
    st["p"][0]["cards"] = [box]
    pass_round_until_decision(st)
    assert E.legal_moves(st, 0) == [{"type": "market_confirm", "card": box, "pay": False}]
    assert E.timeout_move(st, 0) == {"type": "market_confirm", "card": box, "pay": False}


def pass_round_until_decision(st):
    while not st["queue"]:
        (seat,) = E.to_act(st)
        act(st, seat, {"type": "pass"})


# --- '?' symbol --------------------------------------------------------------------------------------


def test_question_mark_good_named_when_laid_out_and_returned_when_replaced():
    """The Czar and Carpenter's '?': its owner names a good (the good tile); replaced, the tile goes
    back to the supply and the marker with it."""
    st = mnew(4, 19)
    goto(st, "worker", start=0)
    (czar, _wood), _ = rows(st, ["czar_and_carpenter", "lumberjack"], [])
    set_money(st, 0, 20)
    act(st, 0, {"type": "buy", "card": czar})
    assert E.view(st, 1)["step"] == "market_good" and E.to_act(st) == [0]
    assert [m["good"] for m in E.legal_moves(st, 0)] == GOODS
    act(st, 0, {"type": "market_good", "card": czar, "good": "fish"})
    assert markers(st, 0) == {"fish": 1} and E.to_act(st) == [1]
    assert E.view(st, 2)["market"]["chosen"] == {czar: "fish"}
    goto(st, "exchange", start=0)
    (wharf,), _ = rows(st, ["wharf"], [])
    set_money(st, 0, 30)
    act(st, 0, {"type": "buy", "card": wharf, "replace": czar})
    assert markers(st, 0) == {} and E.view(st, 2)["market"]["chosen"] == {}


def test_question_mark_in_the_first_worker_round():
    st = mnew(2, 20)
    tab = table(st)
    czar = next((c for c in st["decks"]["worker"] if tab[c].key == "czar_and_carpenter"), None)
    if czar is None:
        pytest.skip("Czar not in the pile")
    st["decks"]["worker"].remove(czar)
    st["decks"]["worker"].insert(0, st["upper"][0])
    st["upper"][0] = czar
    seat = E.to_act(st)[0]
    set_money(st, seat, 25)
    act(st, seat, {"type": "buy", "card": czar})
    assert st["queue"][0]["kind"] == "market_good"
    act(st, seat, E.timeout_move(st, seat))
    assert not st["queue"] and st["first"] and E.to_act(st) != [seat]


# --- Observatory, ∑ table, view ------------------------------------------------------------------------


def test_observatory_may_look_at_the_market_pile():
    """2nd edition: the Observatory may draw from the Handwerker-, Markt-, Gebäude-, ... pile."""
    st = mnew(3, 21)
    goto(st, "building", start=0)
    obs = lay(st, 0, "observatory")[0]
    rows(st, ["lumberjack"], [])
    assert {"type": "observatory", "card": obs, "deck": "market"} in moves_of(st, 0, "observatory")
    stack(st, "market", "caviar")
    act(st, 0, {"type": "observatory", "card": obs, "deck": "market"})
    set_money(st, 0, 10)
    act(st, 0, {"type": "observatory_take", "choice": "buy"})
    assert markers(st, 0) == {"fish": 3}


def test_sum_table_market_rows():
    st, box = _confirm_position()
    pass_round_until_decision(st)
    act(st, 0, {"type": "market_confirm", "card": box, "pay": True})
    answer_all(st)
    stats = {r["label"]: (r["values"], r["group"]) for r in E.result(st).stats}
    first, second = RULES["market_tiles"][3]
    assert stats["Market: rubles"] == ([0, 0, 0], "income")
    assert stats["Market: points"] == ([first, second, 0], "income")
    assert stats["Market: confirmations paid in rubles"] == ([first, 0, 0], "income")
    assert stats["Total points income"][0] == [first, second, 0]
    labels = [r["label"] for r in E.result(st).stats]
    assert labels.index("Market: rubles") == labels.index("Workers: points") + 1
    assert "Market: rubles" not in [r["label"] for r in E.result(new(3, 1, edition="2")).stats]


def test_view_market_part_and_card_symbols():
    st = mnew(3, 22)
    assert E.view(new(3, 1, edition="2"), 0)["market"] is None
    v = E.view(st, None)
    assert set(v["market"]) == {"goods", "tile", "tiles", "markers", "chosen", "paid", "last_scoring"}
    assert v["market"]["goods"] == GOODS and v["market"]["markers"] == [{}, {}, {}]
    assert "market" in v["decks"] and v["decks"]["market"]["count"] == 35
    json.dumps(v)
    lay(st, 0, "hen")
    card = E.view(st, 1)["players"][0]["cards"][0]
    assert card["color"] == "market" and card["market_symbol"] == {"good": "chicken", "count": 2}


# --- whole games ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, extra", [(2, {}), (3, {}), (4, {}), (5, {}), (4, {"expansion": True}), (5, {"expansion": True})]
)
def test_random_games_terminate_and_replay_exactly(players, extra):
    options = {**MARKET, **extra}
    seen = set()

    def choose(st, seat, legal, rng, _moves):
        move = rng.choice(legal)
        seen.add(move["type"])
        return move

    for seed in (1, 2, 3):
        total = len(all_cards(E.setup(players, options, seed)))

        def check(st, total=total):
            cards = all_cards(st)
            assert len(cards) == len(set(cards)) == total
            assert all(p["money"] >= 0 for p in st["p"])

        st, log = play_through(players, options, seed, choose=choose, check=check)
        assert json.loads(json.dumps(st)) == st
        res = E.result(st)
        assert_sum_table_adds_up(res.stats, res.scores)
        assert_replays(players, options, seed, log, st)
    assert "market_confirm" in seen


def test_bot_and_timeout_moves_stay_legal_in_market_games():
    for players, seed in ((2, 1), (5, 2)):
        rng = random.Random(seed)
        st = E.setup(players, MARKET, seed)
        steps = 0
        while not E.is_over(st):
            (seat,) = E.to_act(st)
            legal = E.legal_moves(st, seat)
            assert E.timeout_move(st, seat) in legal
            move = E.bot_move(st, seat, rng) if steps % 3 else rng.choice(legal)
            assert move in legal
            st, _ = E.apply(st, seat, move)
            steps += 1
        assert steps < 5000


def test_move_labels():
    assert (
        E.describe_move({"type": "market_good", "card": "w1", "good": "apple"}) == "Name apples for the market symbol"
    )
    assert (
        E.describe_move({"type": "market_confirm", "card": "m1", "pay": True}) == "Pay to keep the orange market card"
    )
    assert E.describe_move({"type": "market_confirm", "card": "m1", "pay": False}) == "Discard the orange market card"
