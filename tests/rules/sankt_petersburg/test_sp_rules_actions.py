"""The four actions, the end of an action phase, the three pass modes and the hand limit.

R = the 2004 rulebook, Y = the Yucata rules; lines in /work/wt/sp-test-plan.md.
"""

import copy

import pytest

from games.rules.base import IllegalMove
from tests.rules.sankt_petersburg.rule_fixtures import (
    E,
    act,
    goto,
    hand,
    hand_ids,
    lay,
    money,
    new,
    pass_all,
    pl,
    row_ids,
    rows,
    set_money,
    slugs,
    strings_in,
    v,
)


def _building_round(players=3, start=0, upper=("customs_house", "market", "fur_trapper"), lower=("author",), cash=30):
    st = new(players)
    goto(st, "building", start=start)
    ids = rows(st, upper=list(upper), lower=list(lower))
    for seat in range(players):
        set_money(st, seat, cash)
    return st, ids


def _refused(st, seat, move, match=None):
    """The move raises IllegalMove and leaves the state as it was."""
    before = copy.deepcopy(st)
    with pytest.raises(IllegalMove, match=match):
        E.apply(st, seat, move)
    assert st == before


# --- the four actions -------------------------------------------------------------------


def test_buy_pays_cost_and_lays_out():
    """R:242-246: the buyer pays the cost and lays the card out face up at once."""
    st, (upper, _) = _building_round()
    act(st, 0, {"type": "buy", "card": upper[0]})
    assert money(st, 0) == 30 - 8
    assert slugs(pl(st, 0)["cards"]) == ["customs_house"]
    assert upper[0] not in row_ids(st)[0]
    assert E.to_act(st) == [1]


def test_buy_needs_enough_money():
    st, (upper, _) = _building_round(cash=7)
    assert {"type": "buy", "card": upper[0]} not in E.legal_moves(st, 0)
    _refused(st, 0, {"type": "buy", "card": upper[0]})


def test_take_is_free_and_hidden_from_the_others():
    """R:256-258, Y:122-125: taking to hand costs nothing; the card is a hidden hand card."""
    st, (upper, _) = _building_round()
    act(st, 0, {"type": "take", "card": upper[0]})
    assert money(st, 0) == 30
    assert [c["id"] for c in pl(st, 0)["hand"]] == [upper[0]]
    seen_by_1 = pl(st, 0, viewer=1)
    assert seen_by_1["hand"] is None and seen_by_1["hand_count"] == 1
    assert upper[0] not in strings_in(v(st, 1)["players"][0])
    assert pl(st, 0)["cards"] == []


def test_play_from_hand_pays_then():
    """R:264-266, Y:128-130: a hand card from an earlier round is laid out, paying its cost now."""
    st, _ = _building_round()
    (held,) = hand(st, 0, "firehouse")
    act(st, 0, {"type": "play", "card": held})
    assert money(st, 0) == 30 - 11
    assert slugs(pl(st, 0)["cards"]) == ["firehouse"] and pl(st, 0)["hand"] == []


def test_take_then_play_in_the_same_round():
    st, (upper, _) = _building_round(players=2)
    act(st, 0, {"type": "take", "card": upper[1]})
    act(st, 1, {"type": "pass"})
    act(st, 0, {"type": "play", "card": upper[1]})
    assert money(st, 0) == 30 - 5 and slugs(pl(st, 0)["cards"]) == ["market"]


def test_play_needs_enough_money():
    st, _ = _building_round(cash=10)
    (held,) = hand(st, 0, "firehouse")
    _refused(st, 0, {"type": "play", "card": held})


def test_acting_out_of_turn_is_refused():
    st, (upper, _) = _building_round()
    _refused(st, 1, {"type": "buy", "card": upper[0]})
    _refused(st, 1, {"type": "pass"})
    assert E.legal_moves(st, 1) == []


def test_unknown_or_foreign_cards_are_refused():
    st, (upper, _) = _building_round()
    (other,) = hand(st, 1, "market")
    _refused(st, 0, {"type": "play", "card": other})
    _refused(st, 0, {"type": "buy", "card": "nonsense"})
    _refused(st, 0, {"type": "dance"})
    _refused(st, 0, {"type": "pass", "until": "forever"})


# --- passing and the end of the action phase -----------------------------------------


def test_hinweis_passed_player_acts_again():
    """R:274, Y:131-133: a player who passed must make an action again on his next turn; he may
    pass once more or buy."""
    st, (upper, _) = _building_round(players=3)
    events = act(st, 0, {"type": "pass"})
    assert [e["seat"] for e in events] == [0]  # "Passe!" is said out loud
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "buy", "card": upper[1]})
    assert E.to_act(st) == [0]
    moves = E.legal_moves(st, 0)
    assert {"type": "pass"} in moves and {"type": "buy", "card": upper[0]} in moves
    act(st, 0, {"type": "pass"})  # the second pass
    act(st, 1, {"type": "pass"})
    assert v(st)["phase"] == "building" and E.to_act(st) == [2]
    act(st, 2, {"type": "pass"})
    assert v(st)["phase"] == "aristocrat"


def test_forget_buy_after_having_passed():
    """R:293: a player may buy, take or play after having passed."""
    st, (upper, _) = _building_round(players=2)
    act(st, 0, {"type": "pass"})
    act(st, 1, {"type": "buy", "card": upper[1]})
    act(st, 0, {"type": "buy", "card": upper[0]})
    assert slugs(pl(st, 0)["cards"]) == ["customs_house"]


def test_example_complete_action_phase():
    """R:285-289: aristocrat round, A starts. A buys an Administrator, B passes, C buys the other
    Administrator, D takes the Secretary, A takes the Ship Builder, B takes St. Isaac's Cathedral,
    C plays a Warehouse Manager from his hand; D, A, B and C pass: the actions are over."""
    st = new(4)
    goto(st, "aristocrat", start=0)
    upper, lower = rows(
        st,
        upper=["administrator", "administrator", "secretary", "ship_builder"],
        lower=["st_isaacs_cathedral", "market", "author", "lumberjack"],
    )
    for seat in range(4):
        set_money(st, seat, 20)
    set_money(st, 1, 3)
    (manager,) = hand(st, 2, "warehouse_manager")
    a, b, c, d = 0, 1, 2, 3
    act(st, a, {"type": "buy", "card": upper[0]})
    act(st, b, {"type": "pass"})
    act(st, c, {"type": "buy", "card": upper[1]})
    act(st, d, {"type": "take", "card": upper[2]})
    act(st, a, {"type": "take", "card": upper[3]})
    act(st, b, {"type": "take", "card": lower[0]})
    act(st, c, {"type": "play", "card": manager})
    act(st, d, {"type": "pass"})
    act(st, a, {"type": "pass"})
    act(st, b, {"type": "pass"})
    assert v(st)["phase"] == "aristocrat" and E.to_act(st) == [c]
    act(st, c, {"type": "pass"})
    assert v(st)["phase"] == "exchange"
    # aristocrat scoring: Administrator 2 rubles, Warehouse Manager 3
    assert money(st, a) == 20 - 7 + 2
    assert money(st, b) == 3
    assert money(st, c) == 20 - 7 - 10 + 2 + 3
    assert money(st, d) == 20
    assert [pl(st, s)["hand_count"] for s in range(4)] == [1, 1, 0, 1]


@pytest.mark.parametrize("how", ["buy", "take"])
def test_action_phase_ends_when_display_empty(how):
    """Y:108, 141: the actions also end as soon as no card is left in the display, even though
    players still hold cards they could play."""
    st, (upper, _) = _building_round(players=3, upper=["customs_house"], lower=[])
    hand(st, 1, "market")
    lay(st, 2, "market")
    act(st, 0, {"type": how, "card": upper[0]})
    view = v(st)
    assert view["phase"] == "aristocrat"
    assert pl(st, 2)["points"] == 1  # the building round was scored
    assert pl(st, 0)["points"] == (2 if how == "buy" else 0)


def test_forget_buy_worker_in_building_round():
    """R:294: any card may be bought in any round, e.g. a Fur Trapper in the building round."""
    st, (upper, _) = _building_round()
    act(st, 0, {"type": "buy", "card": upper[2]})
    assert money(st, 0) == 30 - 6 and pl(st, 0)["workers"] == 1
    pass_all(st)
    assert money(st, 0) == 30 - 6  # workers are not paid at the building scoring


def test_forget_play_worker_from_hand_in_aristocrat_round():
    """R:295: any hand card may be played in any round, e.g. a worker in the aristocrat round."""
    st = new(3)
    goto(st, "aristocrat", start=0)
    rows(st, upper=["author"], lower=["market"])
    set_money(st, 0, 10)
    (worker,) = hand(st, 0, "shepherd")
    act(st, 0, {"type": "play", "card": worker})
    assert money(st, 0) == 5 and pl(st, 0)["workers"] == 1


# --- the three pass modes (Y:1154-1162) ----------------------------------------------


def test_pass_this_turn_only():
    """Y:1156: 'Passe diesen Zug' passes this turn only."""
    st, (upper, _) = _building_round(players=3)
    act(st, 0, {"type": "pass"})
    assert pl(st, 0)["auto_pass"] is None
    act(st, 1, {"type": "buy", "card": upper[1]})
    act(st, 2, {"type": "pass"})
    assert E.to_act(st) == [0]


def test_pass_until_display_changes():
    """Y:1157-1159: pass until another player takes or buys a card from the display; playing a
    card from hand does not change the display."""
    st, (upper, _) = _building_round(players=3)
    (held,) = hand(st, 2, "market")
    act(st, 0, {"type": "pass", "until": "display"})
    assert pl(st, 0)["auto_pass"] == "display"
    assert pl(st, 0, viewer=1)["auto_pass"] is None  # only the passer sees his standing pass
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "play", "card": held})
    assert E.to_act(st) == [1]  # seat 0 passed automatically
    act(st, 1, {"type": "buy", "card": upper[0]})
    act(st, 2, {"type": "pass"})
    assert E.to_act(st) == [0]  # the display changed: seat 0 decides
    assert pl(st, 0)["auto_pass"] is None


def test_pass_until_display_changes_counts_as_passing():
    st, _ = _building_round(players=3)
    act(st, 0, {"type": "pass", "until": "display"})
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "pass"})
    assert v(st)["phase"] == "aristocrat"


def test_pass_for_the_phase():
    """Y:1160-1162: 'Passe diese Phase' passes to the end of the action phase; the player's next
    turn is in the next action phase."""
    st, (upper, _) = _building_round(players=3)
    act(st, 0, {"type": "pass", "until": "phase"})
    assert pl(st, 0)["auto_pass"] == "phase"
    act(st, 1, {"type": "buy", "card": upper[0]})
    act(st, 2, {"type": "buy", "card": upper[1]})
    assert E.to_act(st) == [1]
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "pass"})
    view = v(st)
    assert view["phase"] == "aristocrat"
    assert pl(st, 0)["auto_pass"] is None
    for _ in range(3):  # seat 0 gets its turn in the aristocrat round
        if 0 in E.to_act(st):
            break
        act(st, E.to_act(st)[0], {"type": "pass"})
    assert E.to_act(st) == [0]


@pytest.mark.parametrize("until", ["display", "phase"])
def test_standing_passes_end_with_the_action_phase(until):
    """Y:1157-1162: a standing pass lasts at most to the end of the action phase."""
    st, _ = _building_round(players=2, start=0)
    act(st, 0, {"type": "pass", "until": until})
    act(st, 1, {"type": "pass"})
    view = v(st)
    assert view["phase"] == "aristocrat"
    assert pl(st, 0)["auto_pass"] is None
    if E.to_act(st) == [1]:
        act(st, 1, {"type": "pass"})
    assert E.to_act(st) == [0]


def test_standing_pass_player_never_in_to_act():
    st, _ = _building_round(players=2)
    act(st, 0, {"type": "pass", "until": "phase"})
    assert 0 not in E.to_act(st) and v(st)["to_act"] == [1]
    assert E.legal_moves(st, 0) == []


# --- hand limit -----------------------------------------------------------------------


def test_hand_limit_three():
    """R:260, Y:125-126: at most 3 hand cards."""
    st, (upper, _) = _building_round()
    hand(st, 0, "market", "author", "lumberjack")
    assert pl(st, 0)["hand_limit"] == 3
    assert not [m for m in E.legal_moves(st, 0) if m["type"] == "take"]
    _refused(st, 0, {"type": "take", "card": upper[0]})
    assert [m for m in E.legal_moves(st, 0) if m["type"] in ("play", "buy")]


def test_hinweis_warehouse_hand_limit_four():
    """R:7, Y:312-314: with the Warehouse a player may hold up to 4 cards."""
    st, (upper, _) = _building_round()
    lay(st, 0, "warehouse")
    hand(st, 0, "market", "author", "lumberjack")
    assert pl(st, 0)["hand_limit"] == 4
    act(st, 0, {"type": "take", "card": upper[0]})
    assert pl(st, 0)["hand_count"] == 4
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "pass"})
    _refused(st, 0, {"type": "take", "card": upper[1]})


def test_hinweis_warehouse_bought_raises_limit_at_once():
    st, (upper, _) = _building_round(upper=["warehouse", "market", "customs_house"])
    hand(st, 0, "author", "lumberjack", "gold_miner")
    act(st, 0, {"type": "buy", "card": upper[0]})
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "pass"})
    act(st, 0, {"type": "take", "card": upper[1]})
    assert pl(st, 0)["hand_count"] == 4


def test_hinweis_warehouse_replaced_keeps_cards_then_limit_three():
    """Y:314-318: whoever exchanges the Warehouse keeps his 4 hand cards; to take cards again the
    ordinary limit of 3 applies."""
    st = new(3)
    goto(st, "exchange", start=0)
    upper, _ = rows(st, upper=["bank", "market", "author", "lumberjack"], lower=[])
    set_money(st, 0, 60)
    (warehouse,) = lay(st, 0, "warehouse")
    held = hand(st, 0, "pub", "pub", "author", "lumberjack")
    act(st, 0, {"type": "buy", "card": upper[0], "replace": warehouse})
    p = pl(st, 0)
    assert p["hand_count"] == 4 and p["hand_limit"] == 3
    assert slugs(p["cards"]) == ["bank"]
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "pass"})
    _refused(st, 0, {"type": "take", "card": upper[1]})
    act(st, 0, {"type": "play", "card": held[0]})
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "pass"})
    _refused(st, 0, {"type": "take", "card": upper[1]})  # 3 in hand: still full
    act(st, 0, {"type": "play", "card": held[1]})
    act(st, 1, {"type": "pass"})
    act(st, 2, {"type": "pass"})
    act(st, 0, {"type": "take", "card": upper[1]})
    assert hand_ids(st, 0)[-1] == upper[1] and pl(st, 0)["hand_count"] == 3


# --- what everyone sees (Y:1148-1153) ---------------------------------------------------


def test_view_open_money_and_deck_contents_without_order():
    """Y:1148-1153: money and laid-out cards are shown openly; the cards left in a pile can be
    shown, but not in the order they lie in."""
    st, _ = _building_round(players=3)
    set_money(st, 1, 17)
    lay(st, 1, "market")
    hand(st, 1, "theater")
    seen = v(st, 0)
    other = seen["players"][1]
    assert other["money"] == 17 and slugs(other["cards"]) == ["market"]
    assert other["hand"] is None and other["hand_count"] == 1
    for deck, pile in seen["decks"].items():
        contents = pile["contents"]
        assert [c["name"] for c in contents] == sorted(c["name"] for c in contents)
        assert pile["count"] == len(st["decks"][deck])
        assert not set(st["decks"][deck]) & strings_in(seen)  # no card id of a pile is shown
    # the Theater in seat 1's hand is unseen by seat 0, so it is listed among the building cards
    assert sum(c["count"] for c in seen["decks"]["building"]["contents"]) == len(st["decks"]["building"]) + 1
    assert "rng" not in seen
