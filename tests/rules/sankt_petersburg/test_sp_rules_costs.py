"""Cost reductions and exchange cards.

R = the 2004 rulebook, Y = the Yucata rules; lines in /work/wt/sp-test-plan.md.
"""

import copy

import pytest

from games.rules.base import IllegalMove
from tests.rules.sankt_petersburg.rule_fixtures import (
    E,
    act,
    card_ids,
    card_in_display,
    goto,
    hand,
    lay,
    money,
    new,
    pl,
    rows,
    set_money,
    slugs,
    v,
)


def _round(phase="building", upper=(), lower=(), cash=50, players=2):
    st = new(players)
    goto(st, phase, start=0)
    ids = rows(st, upper=list(upper), lower=list(lower))
    for seat in range(players):
        set_money(st, seat, cash)
    return st, ids


def _pays(st, seat, move):
    """Apply the move and return what it cost the player."""
    before = money(st, seat)
    act(st, seat, move)
    return before - money(st, seat)


def _refused(st, seat, move):
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove):
        E.apply(st, seat, move)
    assert st == before


def _price(st, seat, card_id):
    return card_in_display(st, card_id, viewer=seat)["price"]


def _replace_targets(st, seat, card_id):
    return {m["replace"] for m in E.legal_moves(st, seat) if m.get("card") == card_id and "replace" in m}


# --- printed costs and reductions -----------------------------------------------------


def test_example_fur_trapper_costs_six():
    """R:254: the Pelzhändler costs 6 rubles (cost printed top left)."""
    st, (upper, _) = _round(upper=["fur_trapper"])
    assert card_in_display(st, upper[0])["cost"] == 6
    assert _price(st, 0, upper[0]) == 6
    assert _pays(st, 0, {"type": "buy", "card": upper[0]}) == 6


def test_example_third_market_costs_three():
    """R:458-464: 1 ruble less per identical card already laid out: the 3rd Market costs 3."""
    st, (upper, _) = _round(upper=["market"])
    lay(st, 0, "market", "market")
    assert _price(st, 0, upper[0]) == 3
    assert _price(st, 1, upper[0]) == 5
    assert _pays(st, 0, {"type": "buy", "card": upper[0]}) == 3


def test_example_theater_lower_row_costs_19():
    """R:466-472, Y:226: buying from the lower row costs 1 ruble less: the Theater costs 19."""
    st, (upper, lower) = _round(upper=["theater"], lower=["theater"])
    assert _price(st, 0, upper[0]) == 20
    assert _price(st, 0, lower[0]) == 19
    assert _pays(st, 0, {"type": "buy", "card": lower[0]}) == 19


def test_example_warehouse_manager_nine_with_gold_smelter():
    """R:474-479: with the Gold Smelter every red card costs 1 ruble less: the Kontorist costs 9."""
    st, (upper, _) = _round(upper=["warehouse_manager", "customs_house"])
    lay(st, 0, "gold_smelter")
    assert _price(st, 0, upper[0]) == 9
    assert _price(st, 0, upper[1]) == 8  # blue cards are not cheaper
    assert _pays(st, 0, {"type": "buy", "card": upper[0]}) == 9


def test_example_firehouse_ten_with_carpenter_workshop():
    """R:475-483: with the Carpenter Workshop every blue card costs 1 ruble less: the Firehouse
    costs 10."""
    st, (upper, _) = _round(upper=["firehouse", "warehouse_manager"])
    lay(st, 0, "carpenter_workshop")
    assert _price(st, 0, upper[0]) == 10
    assert _price(st, 0, upper[1]) == 10  # red cards are not cheaper
    assert _pays(st, 0, {"type": "buy", "card": upper[0]}) == 10


def test_example_theater_reductions_add_up_to_17():
    """R:485-493, Y:243-246: lower row, a Theater already laid out and the Carpenter Workshop:
    20 - 3 = 17."""
    st, (_, lower) = _round(upper=["market"], lower=["theater"])
    lay(st, 0, "theater", "carpenter_workshop")
    assert _price(st, 0, lower[0]) == 17
    assert _pays(st, 0, {"type": "buy", "card": lower[0]}) == 17


def test_example_lumberjacks_never_below_one_ruble():
    """R:495-501, Y:247-248: 3, 2 and 1 ruble for the first three Lumberjacks, then still 1 ruble
    for a 4th or 5th; never 0 and never money back."""
    st, (upper, lower) = _round(upper=["lumberjack", "lumberjack", "lumberjack", "lumberjack"], lower=["lumberjack"])
    paid = []
    for card in upper:
        paid.append(_pays(st, 0, {"type": "buy", "card": card}))
        act(st, 1, {"type": "pass"})
    assert paid == [3, 2, 1, 1]
    assert _price(st, 0, lower[0]) == 1
    assert _pays(st, 0, {"type": "buy", "card": lower[0]}) == 1


def test_reductions_apply_when_playing_from_hand_but_not_the_row_discount():
    """R:474-475: the workshop reductions apply to every card laid out later, also from the hand;
    the lower-row discount is for buying from the lower row only."""
    st, (upper, lower) = _round(upper=["market"], lower=["customs_house"])
    lay(st, 0, "carpenter_workshop")
    held = hand(st, 0, "firehouse", "theater")
    assert _pays(st, 0, {"type": "play", "card": held[0]}) == 10
    act(st, 1, {"type": "pass"})
    assert _pays(st, 0, {"type": "play", "card": held[1]}) == 19


def test_hand_card_played_costs_the_same_as_buying_it():
    """Y:128-130: playing from hand costs the printed cost less the player's reductions."""
    st, _ = _round()
    lay(st, 0, "gold_smelter", "author")
    (held,) = hand(st, 0, "author")
    assert _pays(st, 0, {"type": "play", "card": held}) == 2


# --- exchange cards: what they may replace ------------------------------------------------


def test_exchange_card_needs_a_card_to_replace():
    """R:511, Y:250-251: an exchange card must replace an own card of its colour; it cannot simply
    be laid out."""
    st, (upper, _) = _round("exchange", upper=["senator", "bank"])
    (market,) = lay(st, 0, "market")
    (other_author,) = lay(st, 1, "author")
    assert not _replace_targets(st, 0, upper[0])
    assert {"type": "buy", "card": upper[0]} not in E.legal_moves(st, 0)
    _refused(st, 0, {"type": "buy", "card": upper[0]})
    _refused(st, 0, {"type": "buy", "card": upper[0], "replace": market})  # wrong colour
    _refused(st, 0, {"type": "buy", "card": upper[0], "replace": other_author})  # not his own
    _refused(st, 0, {"type": "buy", "card": upper[1]})  # no card named
    assert _replace_targets(st, 0, upper[1]) == {market}


def test_green_exchange_cards_replace_only_their_craft():
    """R:517, Y:254-255: Schreinerei only a Lumberjack, Goldschmiede only a Gold Miner, Weberei only a
    Shepherd, Kürschnerei only a Fur Trapper, Werft only a Ship Builder (same craft symbol)."""
    pairs = [
        ("carpenter_workshop", "lumberjack"),
        ("gold_smelter", "gold_miner"),
        ("weaving_mill", "shepherd"),
        ("fur_shop", "fur_trapper"),
        ("wharf", "ship_builder"),
    ]
    st, (upper, _) = _round("exchange", upper=[g for g, _ in pairs], cash=99)
    own = dict(zip([w for _, w in pairs], lay(st, 0, *[w for _, w in pairs])))
    for card, (green, worker) in zip(upper, pairs):
        assert _replace_targets(st, 0, card) == {own[worker]}, green
        for other, oid in own.items():
            if other != worker:
                _refused(st, 0, {"type": "buy", "card": card, "replace": oid})


def test_example_lumberjack_replaced_by_carpenter_workshop():
    """R:511-513: the Lumberjack is replaced by the Carpenter Workshop and goes to the discards."""
    st, (upper, _) = _round("exchange", upper=["carpenter_workshop"])
    (lumberjack,) = lay(st, 0, "lumberjack")
    discards = v(st)["discards"]
    assert _pays(st, 0, {"type": "buy", "card": upper[0], "replace": lumberjack}) == 1
    p = pl(st, 0)
    assert slugs(p["cards"]) == ["carpenter_workshop"] and p["workers"] == 1
    assert lumberjack not in card_ids(st, 0)
    assert v(st)["discards"] == discards + 1


def test_hinweis_czar_and_carpenter_replaced_by_any_green_exchange_card():
    """R:15-19 ("Zar Peter kann alles"), Y:62, 343-348: the Czar and Carpenter shows every craft
    symbol, so any green exchange card may replace it."""
    greens = ["carpenter_workshop", "gold_smelter", "weaving_mill", "fur_shop", "wharf"]
    st, (upper, _) = _round("exchange", upper=greens, cash=99)
    (czar,) = lay(st, 0, "czar_and_carpenter")
    for card in upper:
        assert _replace_targets(st, 0, card) == {czar}
    # the Wharf (12) over the Czar and Carpenter (8): 4 rubles
    assert _pays(st, 0, {"type": "buy", "card": upper[4], "replace": czar}) == 4
    assert slugs(pl(st, 0)["cards"]) == ["wharf"]


def test_blue_and_red_exchange_cards_replace_any_of_their_colour():
    """R:515, Y:257-259: every blue exchange card may replace any own building, every red one any
    own aristocrat."""
    st, (upper, _) = _round("exchange", upper=["bank", "senator"])
    buildings = set(lay(st, 0, "market", "customs_house", "pub"))
    aristocrats = set(lay(st, 0, "author", "secretary"))
    lay(st, 0, "lumberjack")
    assert _replace_targets(st, 0, upper[0]) == buildings
    assert _replace_targets(st, 0, upper[1]) == aristocrats


def test_exchange_card_cannot_be_replaced_again():
    """R:519, Y:261: an exchange card itself can never be replaced."""
    st, (upper, _) = _round("exchange", upper=["peterhof", "wharf", "senator"], cash=99)
    (bank,) = lay(st, 0, "bank")
    (wharf,) = lay(st, 0, "wharf")
    (pope,) = lay(st, 0, "pope")
    for card in upper:
        assert not _replace_targets(st, 0, card)
    _refused(st, 0, {"type": "buy", "card": upper[0], "replace": bank})
    _refused(st, 0, {"type": "buy", "card": upper[1], "replace": wharf})
    _refused(st, 0, {"type": "buy", "card": upper[2], "replace": pope})


# --- exchange cards: what they cost ----------------------------------------------------


def test_example_wharf_over_ship_builder_costs_five():
    """R:525-530: the Wharf costs 5 rubles (12 minus 7)."""
    st, (upper, _) = _round("exchange", upper=["wharf"])
    (ship,) = lay(st, 0, "ship_builder")
    assert _pays(st, 0, {"type": "buy", "card": upper[0], "replace": ship}) == 5


@pytest.mark.parametrize("replaced", ["secretary", "judge", "mistress_of_ceremonies"])
def test_example_senator_costs_one(replaced):
    """R:526, 534: an exchange card as expensive as or cheaper than the card it replaces costs
    1 ruble: the Senator (12) costs 1 ruble each time."""
    st, (upper, _) = _round("exchange", upper=["senator"])
    (old,) = lay(st, 0, replaced)
    assert _pays(st, 0, {"type": "buy", "card": upper[0], "replace": old}) == 1
    assert slugs(pl(st, 0)["cards"]) == ["senator"]


def test_exchange_reductions_never_below_one():
    """R:536 with R:495: reductions apply, but at least 1 ruble is paid."""
    st, (_, lower) = _round("exchange", upper=["market"], lower=["pope"])
    lay(st, 0, "gold_smelter")
    (secretary,) = lay(st, 0, "secretary")
    assert _pays(st, 0, {"type": "buy", "card": lower[0], "replace": secretary}) == 1


def test_example_exchange_st_isaacs_for_market_costs_eight():
    """R:536-542: Market replaced by St. Isaac's Cathedral: difference 10, lower row -1, Carpenter
    Workshop -1: 8 rubles; the Market goes to the discards."""
    st, (_, lower) = _round("exchange", upper=["author"], lower=["st_isaacs_cathedral"])
    (market,) = lay(st, 0, "market")
    lay(st, 0, "carpenter_workshop")
    discards = v(st)["discards"]
    assert _pays(st, 0, {"type": "buy", "card": lower[0], "replace": market}) == 8
    assert slugs(pl(st, 0)["cards"]) == ["carpenter_workshop", "st_isaacs_cathedral"]
    assert v(st)["discards"] == discards + 1


def test_example_exchange_catherine_palace_for_market_costs_twelve():
    """Y:287-293: a Marktstand (5) exchanged for the Katharinenpalast (17) costs 12 rubles; the
    Marktstand goes to the discards and the palace is laid out."""
    st, (upper, _) = _round("exchange", upper=["catherine_palace"])
    (market,) = lay(st, 0, "market")
    discards = v(st)["discards"]
    assert _pays(st, 0, {"type": "buy", "card": upper[0], "replace": market}) == 12
    assert slugs(pl(st, 0)["cards"]) == ["catherine_palace"]
    assert v(st)["discards"] == discards + 1


def test_example_exchange_price_potemkin():
    """R:560-564, Y:319-325: the Potemkin Village costs 2 rubles to lay out; when an exchange card
    replaces it, it counts 6 rubles: the Bank (13) over it costs 7."""
    st, (upper, _) = _round("exchange", upper=["potemkin_village", "bank"])
    assert _pays(st, 0, {"type": "buy", "card": upper[0]}) == 2
    (potemkin,) = card_ids(st, 0)
    act(st, 1, {"type": "pass"})
    assert _pays(st, 0, {"type": "buy", "card": upper[1], "replace": potemkin}) == 13 - 6


def test_exchange_potemkin_worth_six_against_a_cheap_exchange_card():
    """R:564: Mariinsky Theater (10) over the Potemkin Village (worth 6): 4 rubles."""
    st, (upper, _) = _round("exchange", upper=["mariinsky_theater"])
    (potemkin,) = lay(st, 0, "potemkin_village")
    assert _pays(st, 0, {"type": "buy", "card": upper[0], "replace": potemkin}) == 4


def test_exchange_card_taken_to_hand_and_played_later():
    """Y:297: an exchange card may be taken to hand first and laid out later, replacing then."""
    st, (upper, _) = _round("building", upper=["bank", "author"])
    act(st, 0, {"type": "take", "card": upper[0]})
    act(st, 1, {"type": "pass"})
    (market,) = lay(st, 0, "market")
    _refused(st, 0, {"type": "play", "card": upper[0]})
    assert {m.get("replace") for m in E.legal_moves(st, 0) if m.get("card") == upper[0]} == {market}
    assert _pays(st, 0, {"type": "play", "card": upper[0], "replace": market}) == 8
    assert slugs(pl(st, 0)["cards"]) == ["bank"] and pl(st, 0)["hand"] == []


def test_exchange_card_view_says_what_it_replaces():
    """Y:268-274: the card shows its colour and that it is an exchange card."""
    st, (upper, _) = _round("exchange", upper=["wharf", "bank", "senator", "czar_and_carpenter"])
    wharf, bank, senator, czar = (card_in_display(st, c) for c in upper)
    assert (wharf["exchange"], wharf["color"], wharf["deck"]) == (True, "worker", "exchange")
    assert (bank["color"], senator["color"]) == ("building", "aristocrat")
    assert czar["exchange"] is False and czar["deck"] == "worker"
    assert wharf["craft"] == "ship" and wharf["replaces"]


def test_gold_smelter_reduces_red_exchange_cards():
    """R:474, 536: the Gold Smelter's reduction applies to red exchange cards too."""
    st, (upper, _) = _round("exchange", upper=["czar"])
    lay(st, 0, "gold_smelter")
    (author,) = lay(st, 0, "author")
    assert _pays(st, 0, {"type": "buy", "card": upper[0], "replace": author}) == 24 - 4 - 1


def test_identical_exchange_card_reduces():
    """R:458 with R:536: an identical exchange card already laid out makes the next one cheaper."""
    st, (upper, _) = _round("exchange", upper=["wharf"])
    lay(st, 0, "wharf")
    (ship,) = lay(st, 0, "ship_builder")
    assert _pays(st, 0, {"type": "buy", "card": upper[0], "replace": ship}) == 12 - 7 - 1
