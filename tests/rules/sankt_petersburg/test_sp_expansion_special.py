"""The expansion cards that act: Hochstapler, Schuldturm, Handelsgilde, Markthalle/Handelshaus.

Seed: the cards' texts in "In bester Gesellschaft" and Yucata's notes on them (the Handelsgilde's
split defaults to 4 points and then to the last split chosen; the Hochstapler may be discarded in
the aristocrat action phase and is discarded automatically when the aristocrat scoring would be
negative because of it).
"""

import pytest

from games.rules.base import IllegalMove
from tests.rules.sankt_petersburg.sp_helpers import E, act, dump, goto, hand, lay, moves_of, new, rows, set_money


def _fresh(players=2, **options):
    st = new(players, seed=13, **({"expansion": True} | options))
    for p in st["p"]:
        p["cards"], p["hand"], p["special"] = [], [], []
    goto(st, "exchange", start=0)
    return st


def _pass_until_decision_or(st, phase):
    """Pass until the phase's actions end (scoring done, or a decision pending)."""
    while st["phase"] == phase and st["step"] == "actions" and not st["queue"]:
        (seat,) = E.to_act(st)
        act(st, seat, {"type": "pass"})


def _stat(st, label, seat):
    return next(r for r in E.view(st, seat)["stats"] if r["label"] == label)["values"][seat]


# --- Hochstapler -------------------------------------------------------------------------------


def test_hochstapler_costs_1_ruble_to_lay_out():
    st = _fresh()
    goto(st, "aristocrat", start=0)
    (cid, _), _ = rows(st, ["sycophant", "author"])
    set_money(st, 0, 1)
    assert {"type": "buy", "card": cid} in E.legal_moves(st, 0)
    act(st, 0, {"type": "buy", "card": cid})
    assert st["p"][0]["money"] == 0 and st["p"][0]["cards"] == [cid]


def test_hochstapler_pays_1_ruble_at_each_aristocrat_scoring():
    st = _fresh()
    syc = lay(st, 0, "sycophant", "administrator")[0]
    set_money(st, 0, 5)
    goto(st, "aristocrat", start=0)
    rows(st, ["author"])
    _pass_until_decision_or(st, "aristocrat")
    assert st["p"][0]["money"] == 5 + 2 - 1
    assert syc in st["p"][0]["cards"]
    assert E.view(st, 0)["last_scoring"]["rows"][0]["gained"] == {"rubles": 1, "points": 0}


def test_hochstapler_discarded_automatically_when_scoring_negative():
    """Yucata: if the aristocrat scoring would be negative because of the Hochstapler, it is
    discarded instead (a lone Hochstapler costs nothing then)."""
    st = _fresh()
    (syc,) = lay(st, 0, "sycophant")
    set_money(st, 0, 7)
    goto(st, "aristocrat", start=0)
    rows(st, ["author"])
    _pass_until_decision_or(st, "aristocrat")
    assert st["p"][0]["money"] == 7
    assert syc not in st["p"][0]["cards"] and syc in st["discard"]


def test_hochstapler_two_discarded_one_by_one():
    """Two Hochstapler and one Schreiber (1 ruble): one Hochstapler goes, the other is paid for."""
    st = _fresh()
    s1, s2, _author = lay(st, 0, "sycophant", "sycophant", "author")
    set_money(st, 0, 0)
    goto(st, "aristocrat", start=0)
    rows(st, ["author"])
    _pass_until_decision_or(st, "aristocrat")
    assert st["p"][0]["money"] == 0
    assert [c in st["p"][0]["cards"] for c in (s1, s2)] == [True, False]


def test_hochstapler_discard_in_aristocrat_action_phase():
    """Yucata: the Hochstapler can be discarded during the aristocrat action phase (as the turn)."""
    st = _fresh(players=3)
    (syc,) = lay(st, 0, "sycophant")
    goto(st, "building", start=0)
    rows(st, ["market"])
    assert moves_of(st, 0, "sycophant_discard") == []
    with pytest.raises(IllegalMove):
        E.apply(st, 0, {"type": "sycophant_discard", "card": syc})
    goto(st, "aristocrat", start=1)
    act(st, 1, {"type": "pass", "until": "display"})
    act(st, 2, {"type": "pass"})
    assert moves_of(st, 0, "sycophant_discard") == [{"type": "sycophant_discard", "card": syc}]
    before = dump(st)
    for bad in ({"type": "sycophant_discard", "card": "a999"}, {"type": "sycophant_discard"}):
        with pytest.raises(IllegalMove):
            E.apply(st, 0, bad)
    assert dump(st) == before
    events = act(st, 0, {"type": "sycophant_discard", "card": syc})
    assert syc in st["discard"] and syc not in st["p"][0]["cards"]
    assert any(e["args"].get("card") == "Sycophant" for e in events)
    assert E.to_act(st) == [1]  # a card action wakes the pass until the display changes


def test_hochstapler_counts_as_a_different_aristocrat():
    st = _fresh()
    lay(st, 0, "sycophant", "author")
    view = E.view(st, 0)
    assert view["players"][0]["different_aristocrats"] == 2
    assert _stat(st, "Points for different aristocrats", 0) == 3


# --- Schuldturm -----------------------------------------------------------------------------------


def _prison(players=2, discard=("theater", "market", "market"), money=40):
    st = _fresh(players)
    (prison,) = lay(st, 0, "debtors_prison")
    from tests.rules.sankt_petersburg.sp_helpers import pull

    st["discard"] = [pull(st, k) for k in discard]
    set_money(st, 0, money)
    goto(st, "building", start=0)
    rows(st, ["customs_house", "university"])
    return st, prison


def test_schuldturm_unused_scores_1_point():
    st, _ = _prison()
    _pass_until_decision_or(st, "building")
    assert st["p"][0]["points"] == 1


def test_schuldturm_search_the_discard_pile_and_buy():
    """Schuldturm: search the discard pile and choose a card; pay for it at once and lay it out
    (no lower-row discount). The Schuldturm is turned over: no point at this scoring."""
    st, prison = _prison()
    theater = st["discard"][0]
    assert {"type": "debtors_prison", "card": prison} in E.legal_moves(st, 0)
    act(st, 0, {"type": "debtors_prison", "card": prison})
    view = E.view(st, 1)
    assert view["step"] == "debtors_prison" and view["to_act"] == [0]
    listed = {c["key"]: c["count"] for c in view["decision"]["discards"]}
    assert listed == {"theater": 1, "market": 2}
    legal = E.legal_moves(st, 0)
    assert {"type": "debtors_prison_take", "card": theater, "choice": "buy"} in legal
    assert {"type": "debtors_prison_take", "choice": "back"} in legal
    act(st, 0, {"type": "debtors_prison_take", "card": theater, "choice": "buy"})
    assert st["p"][0]["money"] == 40 - 20
    assert theater in st["p"][0]["cards"] and theater not in st["discard"]
    assert E.to_act(st) == [1] and E.view(st, 0)["step"] == "actions"
    _pass_until_decision_or(st, "building")
    assert st["p"][0]["points"] == 6  # the theater; the used Schuldturm scores nothing


def test_schuldturm_take_into_hand():
    st, prison = _prison()
    market = st["discard"][1]
    act(st, 0, {"type": "debtors_prison", "card": prison})
    act(st, 0, {"type": "debtors_prison_take", "card": market, "choice": "hand"})
    assert st["p"][0]["hand"] == [market] and st["p"][0]["money"] == 40
    assert len(st["discard"]) == 2


def test_schuldturm_put_back():
    st, prison = _prison()
    pile = list(st["discard"])
    act(st, 0, {"type": "debtors_prison", "card": prison})
    act(st, 0, {"type": "debtors_prison_take", "choice": "back"})
    assert st["discard"] == pile and st["p"][0]["hand"] == []
    assert prison in st["p"][0]["flipped"]


def test_schuldturm_full_hand_or_no_money_limit_the_choice():
    st, prison = _prison(money=3)
    hand(st, 0, "lumberjack", "lumberjack", "lumberjack")
    act(st, 0, {"type": "debtors_prison", "card": prison})
    assert E.legal_moves(st, 0) == [{"type": "debtors_prison_take", "choice": "back"}]
    with pytest.raises(IllegalMove):
        E.apply(st, 0, {"type": "debtors_prison_take", "card": st["discard"][0], "choice": "buy"})
    with pytest.raises(IllegalMove):
        E.apply(st, 0, {"type": "debtors_prison_take", "card": st["discard"][1], "choice": "hand"})


def test_schuldturm_used_cannot_be_replaced_and_turns_back_next_round():
    """A turned Schuldturm cannot be replaced; at the start of the next round (phase) it is turned
    face up again."""
    st, prison = _prison(players=2)
    university = st["upper"][1]
    act(st, 0, {"type": "debtors_prison", "card": prison})
    act(st, 0, {"type": "debtors_prison_take", "choice": "back"})
    act(st, 1, {"type": "pass"})
    assert not [m for m in E.legal_moves(st, 0) if m.get("replace") == prison and m["card"] == university]
    assert moves_of(st, 0, "debtors_prison") == []  # once per phase
    act(st, 0, {"type": "pass"})
    act(st, 1, {"type": "pass"})
    assert st["phase"] == "aristocrat"
    assert prison not in st["p"][0]["flipped"]
    assert not E.view(st, 0)["players"][0]["cards"][0]["flipped"]


def test_schuldturm_only_in_the_building_phase_with_a_discard_pile():
    st, prison = _prison()
    goto(st, "aristocrat", start=0)
    assert moves_of(st, 0, "debtors_prison") == []
    with pytest.raises(IllegalMove):
        E.apply(st, 0, {"type": "debtors_prison", "card": prison})
    goto(st, "building", start=0)
    st["discard"] = []
    assert moves_of(st, 0, "debtors_prison") == []
    with pytest.raises(IllegalMove):
        E.apply(st, 0, {"type": "debtors_prison", "card": prison})


def test_schuldturm_use_wakes_pass_until_display():
    st, prison = _prison(players=3)
    goto(st, "building", start=1)
    act(st, 1, {"type": "pass", "until": "display"})
    act(st, 2, {"type": "pass"})
    act(st, 0, {"type": "debtors_prison", "card": prison})
    act(st, 0, {"type": "debtors_prison_take", "choice": "back"})
    assert E.to_act(st) == [1]


# --- Handelsgilde ----------------------------------------------------------------------------------


def _guild(money=10, start=0):
    st = _fresh()
    (guild,) = lay(st, 0, "guild_hall")
    set_money(st, 0, money)
    goto(st, "building", start=start)
    rows(st, ["market"])
    _pass_until_decision_or(st, "building")
    return st, guild


def test_beispiel_handelsgilde_3_rubles_and_1_point():
    """Handelsgilde: up to 4 rubles or points in any combination, e.g. 3 rubles and 1 point."""
    st, _ = _guild()
    view = E.view(st, 1)
    assert view["step"] == "guild_hall" and view["to_act"] == [0]
    assert view["decision"]["total"] == 4 and view["decision"]["points"] == 4
    assert E.legal_moves(st, 0) == [{"type": "guild_hall", "points": k} for k in range(5)]
    act(st, 0, {"type": "guild_hall", "points": 1})
    assert (st["p"][0]["money"], st["p"][0]["points"]) == (13, 1)
    assert st["phase"] == "aristocrat"
    row = next(r for r in st["last_scoring"]["rows"] if r["seat"] == 0)
    assert row["gained"] == {"rubles": 3, "points": 1} and row["after"] == {"rubles": 13, "points": 1}
    assert _stat(st, "Buildings: rubles", 0) == 3 and _stat(st, "Buildings: points", 0) == 1


def test_beispiel_handelsgilde_4_points_and_0_rubles():
    st, _ = _guild()
    act(st, 0, {"type": "guild_hall", "points": 4})
    assert (st["p"][0]["money"], st["p"][0]["points"]) == (10, 4)


def test_handelsgilde_default_4_points_then_the_last_split():
    """Yucata: the split starts at 4 points; without a new choice the last one is used."""
    st, _ = _guild()
    assert E.timeout_move(st, 0) == {"type": "guild_hall", "points": 4}
    act(st, 0, {"type": "guild_hall", "points": 2})
    goto(st, "building", start=0, round=3)
    rows(st, ["market"])
    _pass_until_decision_or(st, "building")
    assert E.timeout_move(st, 0) == {"type": "guild_hall", "points": 2}
    assert E.view(st, 0)["decision"]["points"] == 2


def test_handelsgilde_bad_split_is_refused():
    st, _ = _guild()
    before = dump(st)
    for bad in (
        {"type": "guild_hall", "points": 5},
        {"type": "guild_hall", "points": -1},
        {"type": "guild_hall", "points": True},
        {"type": "pub", "points": 1},
    ):
        with pytest.raises(IllegalMove):
            E.apply(st, 0, bad)
    assert dump(st) == before


def test_handelsgilde_rubles_can_be_spent_at_the_pub_right_after():
    """The Handelsgilde is income of the building scoring; the Pub comes after it."""
    st = _fresh()
    lay(st, 0, "pub", "guild_hall")
    set_money(st, 0, 0)
    goto(st, "building", start=0)
    rows(st, ["market"])
    _pass_until_decision_or(st, "building")
    assert [d["kind"] for d in st["queue"]] == ["guild_hall"]  # no money for the Pub yet
    act(st, 0, {"type": "guild_hall", "points": 0})
    assert [d["kind"] for d in st["queue"]] == ["pub"]
    assert E.legal_moves(st, 0)[-1] == {"type": "pub", "points": 2}


def test_handelsgilde_then_markthalle_then_pub():
    st = _fresh()
    lay(st, 0, "pub", "trading_house", "guild_hall")
    set_money(st, 0, 3)
    goto(st, "building", start=0)
    rows(st, ["market"])
    _pass_until_decision_or(st, "building")
    assert [d["kind"] for d in st["queue"]] == ["guild_hall", "trading_house", "pub"]
    act(st, 0, {"type": "guild_hall", "points": 0})
    act(st, 0, {"type": "trading_house", "use": True})
    assert E.legal_moves(st, 0)[-1] == {"type": "pub", "points": 2}


# --- Markthalle / Handelshaus ----------------------------------------------------------------------


def _trading(money=10, cards=("trading_house",)):
    st = _fresh()
    lay(st, 0, *cards)
    set_money(st, 0, money)
    goto(st, "building", start=0)
    rows(st, ["market"])
    _pass_until_decision_or(st, "building")
    return st


def test_markthalle_3_rubles_for_2_points_after_the_building_scoring():
    """Markthalle: right after each building scoring pay 3 rubles back for 2 points."""
    st = _trading()
    view = E.view(st, 1)
    assert view["step"] == "trading_house" and view["decision"] == {
        "kind": "trading_house",
        "seat": 0,
        "rubles": 3,
        "points": 2,
    }
    act(st, 0, {"type": "trading_house", "use": True})
    assert (st["p"][0]["money"], st["p"][0]["points"]) == (7, 2)
    assert _stat(st, "Points bought at the Trading House", 0) == 2
    assert st["phase"] == "aristocrat"


def test_markthalle_only_once_unlike_the_pub():
    """Unlike the Pub, the Markthalle is used at most once per round."""
    st = _trading(money=30)
    assert E.legal_moves(st, 0) == [{"type": "trading_house", "use": True}, {"type": "trading_house", "use": False}]
    act(st, 0, {"type": "trading_house", "use": True})
    assert not st["queue"] and (st["p"][0]["money"], st["p"][0]["points"]) == (27, 2)


def test_markthalle_declined_or_timed_out_changes_nothing():
    st = _trading()
    assert E.timeout_move(st, 0) == {"type": "trading_house", "use": False}
    act(st, 0, {"type": "trading_house", "use": False})
    assert (st["p"][0]["money"], st["p"][0]["points"]) == (10, 0)


def test_markthalle_not_offered_without_3_rubles():
    st = _trading(money=2)
    assert not st["queue"] and st["phase"] == "aristocrat"


def test_markthalle_comes_before_the_pub():
    st = _trading(money=5, cards=("pub", "trading_house"))
    assert [d["kind"] for d in st["queue"]] == ["trading_house", "pub"]
    act(st, 0, {"type": "trading_house", "use": True})
    assert [m["points"] for m in E.legal_moves(st, 0)] == [0, 1]


def test_schuldturm_exchange_card_from_the_discard_pile_replaces_an_own_card():
    st, prison = _prison(discard=("bank",))
    market = lay(st, 0, "market")[0]
    bank = st["discard"][0]
    act(st, 0, {"type": "debtors_prison", "card": prison})
    legal = E.legal_moves(st, 0)
    assert {"type": "debtors_prison_take", "card": bank, "choice": "buy", "replace": market} in legal
    assert {"type": "debtors_prison_take", "card": bank, "choice": "buy"} not in legal
    with pytest.raises(IllegalMove):
        E.apply(st, 0, {"type": "debtors_prison_take", "card": bank, "choice": "buy"})
    act(st, 0, {"type": "debtors_prison_take", "card": bank, "choice": "buy", "replace": market})
    assert st["p"][0]["money"] == 40 - (13 - 5)
    assert bank in st["p"][0]["cards"] and market in st["discard"]


def test_schuldturm_bad_answers_leave_the_state_untouched():
    st, prison = _prison()
    act(st, 0, {"type": "debtors_prison", "card": prison})
    before = dump(st)
    for bad in (
        {"type": "debtors_prison_take", "card": "b999", "choice": "buy"},
        {"type": "debtors_prison_take", "card": st["discard"][0], "choice": "steal"},
        {"type": "debtors_prison_take", "choice": "hand"},
        {"type": "pass"},
    ):
        with pytest.raises(IllegalMove):
            E.apply(st, 0, bad)
    with pytest.raises(IllegalMove):
        E.apply(st, 1, {"type": "debtors_prison_take", "choice": "back"})
    assert dump(st) == before


def test_markthalle_bad_answer_is_refused():
    st = _trading()
    before = dump(st)
    for bad in ({"type": "trading_house", "use": "yes"}, {"type": "trading_house"}, {"type": "pub", "points": 0}):
        with pytest.raises(IllegalMove):
            E.apply(st, 0, bad)
    assert dump(st) == before


def test_handelshaus_is_the_2nd_edition_name():
    """Markthalle (1st edition), Handelshaus in Module 2 of the 2nd edition."""
    for edition, name in (("1", "Markthalle"), ("2", "Handelshaus")):
        st = _fresh(edition=edition)
        lay(st, 0, "trading_house")
        assert E.view(st, 0)["players"][0]["cards"][0]["name_de"] == name
