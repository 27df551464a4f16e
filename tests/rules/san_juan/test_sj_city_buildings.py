"""The base game's city buildings, one test per example and note of the rules."""

import pytest

from games.rules.base import IllegalMove
from games.rules.san_juan.cards import TILES
from tests.rules.san_juan.sj_helpers import (
    E,
    empty_hands_at_pick,
    keys,
    next_round,
    play,
    role,
    set_city,
    set_hand,
    stack,
)

_setup = empty_hands_at_pick


def _finish_phase(st):
    for seat in list(E.to_act(st)):
        if st["phase"] in ("producer", "trader"):
            play(st, seat, {"type": st["pend"][seat]["k"], "buildings": []})
        elif st["pend"][seat]["k"] == "build":
            play(st, seat, {"type": "pass"})


# --- Goldgrube ---------------------------------------------------------------------


def _gold_mine(revealed, edition="2"):
    st = _setup(edition=edition)
    set_city(st, 1, ["indigo_plant", "gold_mine"])
    stack(st, ["well"] + revealed)
    role(st, 0, "prospector")
    return st


def test_gold_mine_example_equal_costs_all_four_discarded():
    st = _gold_mine(["library", "prefecture", "smithy", "coffee_roaster"])
    assert keys(st["p"][0]["hand"]) == ["well"]  # the prospector draws before the Gold mine
    assert st["p"][1]["hand"] == []
    assert keys(st["disc"][-4:]) == sorted(["library", "prefecture", "smithy", "coffee_roaster"])


def test_gold_mine_example_all_different_keeps_cheapest_gold_mine():
    st = _gold_mine(["quarry", "gold_mine", "tobacco_storage", "hero"])
    assert keys(st["p"][1]["hand"]) == ["gold_mine"]
    assert keys(st["disc"][-3:]) == ["hero", "quarry", "tobacco_storage"]
    # The eye mark: the opponent may see this card in the owner's hand.
    seen = E.view(st, 0)["players"][1]["revealed_in_hand"]
    assert [c["key"] for c in seen] == ["gold_mine"]


def test_gold_mine_first_edition_free_choice():
    st = _gold_mine(["quarry", "gold_mine", "tobacco_storage", "hero"], edition="1")
    assert E.to_act(st) == [1] and len(E.legal_moves(st, 1)) == 4
    hero = next(m for m in E.legal_moves(st, 1) if keys([m["card"]]) == ["hero"])
    play(st, 1, hero)
    assert keys(st["p"][1]["hand"]) == ["hero"] and E.to_act(st) == [1]


def test_gold_mine_first_edition_prefecture_costs_three():
    # Library 5, Prefecture 3, Smithy 1, Coffee 4: all different in the 1st edition.
    st = _gold_mine(["library", "prefecture", "smithy", "coffee_roaster"], edition="1")
    assert st["pend"][1]["k"] == "keep" and st["pend"][1]["why"] == "gold_mine"


# --- Schmiede / Steinbruch -------------------------------------------------------------


def test_smithy_discounts_production_buildings_only():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "smithy"])
    set_hand(st, 1, ["sugar_mill", "well", "aqueduct", "tower"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    assert st["pend"][1]["due"] == 1
    play(st, 1, {"type": "cancel"})
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][2]})
    assert st["pend"][1]["due"] == 3


def test_quarry_example_builder_builds_free_crane_and_no_refund_for_one_cost():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "quarry"])
    set_hand(st, 0, ["crane", "archive"])
    role(st, 0, "builder")
    play(st, 0, {"type": "build", "card": st["p"][0]["hand"][0]})
    assert "crane" in keys(st["p"][0]["city"]) and keys(st["p"][0]["hand"]) == ["archive"]


def test_quarry_does_not_help_production_buildings():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "quarry"])
    set_hand(st, 1, ["tobacco_storage", "well", "tower", "statue"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    assert st["pend"][1]["due"] == 3


# --- Archiv / Präfektur ----------------------------------------------------------------------


def test_archive_example_councillor_with_prefecture_takes_five_discards_three():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "archive", "prefecture"])
    set_hand(st, 0, ["well", "tower"])
    role(st, 0, "councillor")
    assert len(st["p"][0]["hand"]) == 7
    assert st["pend"][0] == {"k": "discard", "n": 3, "why": "archive"}
    old = st["p"][0]["hand"][:2]
    play(st, 0, {"type": "discard", "cards": old + [st["p"][0]["hand"][2]]})
    assert len(st["p"][0]["hand"]) == 4


@pytest.mark.parametrize("chooser,library,drawn", [(False, False, 2), (True, False, 5), (True, True, 8)])
def test_prefecture_examples_keep_two(chooser, library, drawn):
    st = _setup(players=3)
    owner = 0 if chooser else 1
    city = ["indigo_plant", "prefecture"] + (["library"] if library else [])
    set_city(st, owner, city)
    role(st, 0, "councillor", library=library and chooser or None)
    if drawn == 2:
        assert st["pend"][owner] is None and len(st["p"][owner]["hand"]) == 2
        return
    assert len(st["pend"][owner]["drawn"]) == drawn and st["pend"][owner]["n"] == 2
    play(st, owner, {"type": "keep", "card": st["pend"][owner]["drawn"][0]})
    play(st, owner, {"type": "keep", "card": st["pend"][owner]["drawn"][0]})
    assert len(st["p"][owner]["hand"]) == 2 and st["pend"][owner] is None


def test_prefecture_cost_by_edition():
    from games.rules.san_juan.cards import COST, KEY

    pref = KEY.index("prefecture")
    assert (COST["1"][pref], COST["2"][pref]) == (3, 4)


# --- Armenhaus / Schreinerei ---------------------------------------------------------------------


def test_poor_house_draws_when_one_card_left_after_building():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "poor_house"])
    set_hand(st, 1, ["sugar_mill", "well", "tower", "statue"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    play(st, 1, {"type": "pay", "cards": st["p"][1]["hand"][1:3]})
    assert len(st["p"][1]["hand"]) == 2  # statue + the Poor house card


def test_poor_house_nothing_without_building():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "poor_house"])
    set_hand(st, 1, ["palace"])
    role(st, 0, "builder")
    play(st, 1, {"type": "pass"})
    assert len(st["p"][1]["hand"]) == 1


def test_poor_house_acts_only_from_next_builder_phase():
    st = _setup()
    set_hand(st, 1, ["poor_house", "well", "tower"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    play(st, 1, {"type": "pay", "cards": st["p"][1]["hand"][1:]})
    assert st["p"][1]["hand"] == []


def test_poor_house_with_carpenter_carpenter_card_first():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "poor_house", "carpenter"])
    set_hand(st, 1, ["well", "tower", "statue"])
    stack(st, ["hero", "library"])
    role(st, 0, "builder")
    events = play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    events += play(st, 1, {"type": "pay", "cards": st["p"][1]["hand"][1:3]})
    assert keys(st["p"][1]["hand"]) == ["hero", "library"]
    reasons = [e["args"].get("reason") for e in events if "reason" in e["args"]]
    assert reasons == ["Carpenter", "Poor house"]


def test_carpenter_only_for_city_buildings_and_not_for_itself():
    st = _setup()
    set_hand(st, 1, ["carpenter", "well", "tower", "statue"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    play(st, 1, {"type": "pay", "cards": st["p"][1]["hand"][1:]})
    assert st["p"][1]["hand"] == []
    st2 = _setup()
    set_city(st2, 1, ["indigo_plant", "carpenter"])
    set_hand(st2, 1, ["sugar_mill", "well", "tower"])
    role(st2, 0, "builder")
    play(st2, 1, {"type": "build", "card": st2["p"][1]["hand"][0]})
    play(st2, 1, {"type": "pay", "cards": st2["p"][1]["hand"][1:]})
    assert st2["p"][1]["hand"] == []


# --- Schwarzmarkt ---------------------------------------------------------------------------------


def test_black_market_example_library_with_two_goods_and_three_cards():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "tobacco_storage", "black_market"], goods=[True, True, False])
    set_hand(st, 1, ["library", "well", "tower", "statue"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    city = st["p"][1]["city"]
    assert {"type": "pay", "good": city[0]} in E.legal_moves(st, 1)
    play(st, 1, {"type": "pay", "goods": city[:2], "cards": st["p"][1]["hand"][1:]})
    assert "library" in keys(st["p"][1]["city"]) and st["p"][1]["hand"] == []
    assert all(g < 0 for g in st["p"][1]["goods"])


def test_black_market_at_most_two_goods():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "sugar_mill", "tobacco_storage", "black_market"], goods=[True, True, True, False])
    set_hand(st, 1, ["library", "well", "tower", "statue"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    city = st["p"][1]["city"]
    with pytest.raises(IllegalMove):
        play(st, 1, {"type": "pay", "goods": city[:3]})
    play(st, 1, {"type": "pay", "goods": city[:2]})
    assert not any(m.get("good") for m in E.legal_moves(st, 1))


# --- Handelsstation / Marktstand / Markthalle -------------------------------------------------------


@pytest.mark.parametrize("chooser,library,cap", [(False, False, 2), (True, False, 3), (True, True, 4)])
def test_trading_post_examples(chooser, library, cap):
    st = _setup(players=3)
    owner = 0 if chooser else 1
    city = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter", "trading_post"]
    set_city(st, owner, city + (["library"] if library else []), goods=[True] * 5)
    role(st, 0, "trader", library=library and chooser or None)
    assert max(len(m["buildings"]) for m in E.legal_moves(st, owner)) == cap


def test_market_stand_needs_two_sales_trader_or_not():
    tile = TILES.index([1, 1, 1, 2, 2])
    st = _setup()
    st["tiles"].remove(tile)
    st["tiles"].insert(0, tile)
    set_city(st, 1, ["indigo_plant", "sugar_mill", "market_stand", "trading_post"], goods=[True, True])
    role(st, 0, "trader")
    play(st, 1, {"type": "sell", "buildings": st["p"][1]["city"][:2]})
    assert len(st["p"][1]["hand"]) == 1 + 1 + 1


def test_market_hall_example_sugar_and_coffee_give_four():
    tile = TILES.index([1, 1, 1, 2, 2])
    st = _setup()
    st["tiles"].remove(tile)
    st["tiles"].insert(0, tile)
    set_city(st, 0, ["sugar_mill", "coffee_roaster", "market_hall"], goods=[True, True])
    role(st, 0, "trader")
    play(st, 0, {"type": "sell", "buildings": st["p"][0]["city"][:2]})
    assert len(st["p"][0]["hand"]) == 4


# --- Brunnen / Aquädukt ---------------------------------------------------------------------------------


def test_well_two_goods_draw_one_for_non_producer_with_aqueduct():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "sugar_mill", "well", "aqueduct"])
    role(st, 0, "producer")
    play(st, 1, {"type": "produce", "buildings": st["p"][1]["city"][:2]})
    play(st, 0, {"type": "produce", "buildings": []})
    assert len(st["p"][1]["hand"]) == 1


def test_well_nothing_for_one_good():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "well"])
    role(st, 0, "producer")
    play(st, 0, {"type": "produce", "buildings": st["p"][0]["city"][:1]})
    assert st["p"][0]["hand"] == []


@pytest.mark.parametrize("chooser,library,cap", [(False, False, 2), (True, False, 3), (True, True, 4)])
def test_aqueduct_examples(chooser, library, cap):
    st = _setup(players=3)
    owner = 0 if chooser else 1
    city = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter", "aqueduct"]
    set_city(st, owner, city + (["library"] if library else []))
    role(st, 0, "producer", library=library and chooser or None)
    assert max(len(m["buildings"]) for m in E.legal_moves(st, owner)) == cap


# --- Kran -------------------------------------------------------------------------------------------------


def _crane(city, hand, goods=None, builder=True, **opts):
    st = _setup(**opts)
    owner = 0 if builder else 1
    set_city(st, owner, city, goods=goods)
    set_hand(st, owner, hand)
    role(st, 0, "builder")
    if not builder:
        play(st, 0, {"type": "pass"}) if st["pend"][0] else None
    return st, owner


def test_crane_example_palace_over_chapel_pays_three_chapel_cards_kept():
    st, s = _crane(["indigo_plant", "crane", "chapel"], ["palace", "well", "tower", "statue"], builder=False)
    st["p"][s]["chapel"] = [st["deck"].pop(0), st["deck"].pop(0)]
    chapel = st["p"][s]["city"][2]
    play(st, s, {"type": "build", "card": st["p"][s]["hand"][0], "over": chapel})
    assert st["pend"][s]["due"] == 3
    play(st, s, {"type": "pay", "cards": st["p"][s]["hand"][1:]})
    assert keys(st["p"][s]["city"]) == ["crane", "indigo_plant", "palace"]
    assert len(st["p"][s]["chapel"]) == 2 and chapel in st["out"]
    st["phase"] = "over"
    assert E.result(st).details["breakdown"][s]["chapel"] == 2


def test_crane_example_statue_over_coffee_roaster_free_no_refund():
    st, s = _crane(
        ["indigo_plant", "crane", "coffee_roaster"], ["statue", "well"], goods=[False, False, True], builder=False
    )
    coffee = st["p"][s]["city"][2]
    disc = len(st["disc"])
    play(st, s, {"type": "build", "card": st["p"][s]["hand"][0], "over": coffee})
    assert keys(st["p"][s]["hand"]) == ["well"]
    assert "statue" in keys(st["p"][s]["city"]) and len(st["p"][s]["city"]) == 3
    assert len(st["disc"]) == disc + 1  # the good on the roaster is lost
    assert all(g < 0 for g in st["p"][s]["goods"])


def test_hinweis_crane_never_over_itself_nor_same_building():
    st, s = _crane(["indigo_plant", "crane", "well"], ["well", "indigo_plant", "tower", "statue"])
    overs = {(m["card"], m["over"]) for m in E.legal_moves(st, s) if "over" in m}
    crane, well = st["p"][s]["city"][1], st["p"][s]["city"][2]
    assert not any(o == crane for _, o in overs)
    hand_indigo = st["p"][s]["hand"][1]
    assert (hand_indigo, st["p"][s]["city"][0]) not in overs
    assert (hand_indigo, well) in overs
    with pytest.raises(IllegalMove, match="Crane cannot"):
        play(st, s, {"type": "build", "card": st["p"][s]["hand"][2], "over": crane})


def test_hinweis_built_over_building_cannot_help_pay():
    # Quarry built over while building a city building: no Quarry discount.
    st, s = _crane(
        ["indigo_plant", "crane", "quarry"], ["hero", "a", "b"][:1] + ["well", "tower", "statue"], builder=False
    )
    quarry = st["p"][s]["city"][2]
    play(st, s, {"type": "build", "card": st["p"][s]["hand"][0], "over": quarry})
    assert st["pend"][s]["due"] == 5 - 4


def test_hinweis_built_over_building_may_be_built_again():
    st, s = _crane(["indigo_plant", "crane", "well"], ["statue", "well", "tower", "smithy"])
    well = st["p"][s]["city"][2]
    play(st, s, {"type": "build", "card": st["p"][s]["hand"][0], "over": well})
    assert "well" not in keys(st["p"][s]["city"])
    assert "statue" in keys(st["p"][s]["city"])
    st["pend"] = [None, None]
    st["fresh"] = [-1, -1]
    from games.rules.san_juan import builder

    assert builder.build_problem(st, s, st["p"][s]["hand"][0], -1) is None


def test_hinweis_chapel_over_a_building_does_not_count_that_card():
    st, s = _crane(["indigo_plant", "crane", "well"], ["chapel", "tower", "statue"])
    play(st, s, {"type": "build", "card": st["p"][s]["hand"][0], "over": st["p"][s]["city"][2]})
    assert st["p"][s]["chapel"] == []
    st["phase"] = "over"
    assert E.result(st).details["breakdown"][s]["chapel"] == 0


def test_crane_build_does_not_add_to_building_count():
    st, s = _crane(["indigo_plant", "crane", "well"], ["statue", "tower"])
    play(st, s, {"type": "build", "card": st["p"][s]["hand"][0], "over": st["p"][s]["city"][2]})
    assert len(st["p"][s]["city"]) == 3


# --- Kapelle / Turm ------------------------------------------------------------------------------------


def test_chapel_tuck_before_hand_limit_check():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "chapel"])
    set_hand(st, 1, ["well", "tower", "statue", "hero", "smithy", "archive", "quarry", "library"])
    next_round(st)
    assert st["phase"] == "chapel" and E.to_act(st) == [1]
    hero = st["p"][1]["hand"][3]
    play(st, 1, {"type": "chapel", "card": hero})
    assert st["p"][1]["chapel"] == [hero]
    assert st["phase"] == "role"  # 7 cards left: no discard needed
    v = E.view(st, 0)["players"][1]
    assert v["chapel_count"] is None and v["chapel"] is None and v["points"] == 1 + 2  # hidden from others
    own = E.view(st, 1)["players"][1]
    assert own["chapel_count"] == 1 and own["points"] == 1 + 2 + 1


def test_chapel_only_one_card_per_round():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "chapel"])
    set_hand(st, 1, ["well", "tower"])
    next_round(st)
    play(st, 1, {"type": "chapel", "card": st["p"][1]["hand"][0]})
    assert st["phase"] == "role" and len(st["p"][1]["chapel"]) == 1


def test_tower_keeps_twelve_and_must_reduce_to_twelve():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "tower"])
    set_hand(st, 1, ["well"] * 3 + ["smithy"] * 3 + ["statue"] * 3 + ["hero"] * 3 + ["archive"])
    next_round(st)
    extra = len(st["p"][1]["hand"]) - 12
    assert st["pend"][1] == {"k": "discard", "n": extra, "why": "limit"}
    assert E.view(st, 0)["players"][1]["hand_limit"] == 12


# --- Bibliothek --------------------------------------------------------------------------------------------


def test_library_councillor_sees_eight():
    st = _setup(players=3)
    set_city(st, 0, ["indigo_plant", "library"])
    role(st, 0, "councillor", library=True)
    assert len(st["pend"][0]["drawn"]) == 8


def test_library_prospector_draws_two_and_builder_two_less():
    st = _setup(players=3)
    set_city(st, 0, ["indigo_plant", "library"])
    role(st, 0, "prospector", library=True)
    assert len(st["p"][0]["hand"]) == 2
    st = _setup(players=3)
    set_city(st, 0, ["indigo_plant", "library"])
    set_hand(st, 0, ["silver_smelter", "well", "tower", "statue"])
    role(st, 0, "builder", library=True)
    play(st, 0, {"type": "build", "card": st["p"][0]["hand"][0]})
    assert st["pend"][0]["due"] == 3


def test_library_example_with_archive_and_prefecture_takes_eight_discards_six():
    st = _setup(players=3)
    set_city(st, 0, ["indigo_plant", "library", "archive", "prefecture"])
    role(st, 0, "councillor", library=True)
    assert len(st["p"][0]["hand"]) == 8 and st["pend"][0]["n"] == 6


def test_library_example_with_quarry_city_building_three_less():
    st = _setup(players=3)
    set_city(st, 0, ["indigo_plant", "library", "quarry"])
    set_hand(st, 0, ["hero", "well", "tower"])
    role(st, 0, "builder", library=True)
    play(st, 0, {"type": "build", "card": st["p"][0]["hand"][0]})
    assert st["pend"][0]["due"] == 2


def test_library_two_players_only_once_per_round():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "library"])
    moves = E.legal_moves(st, 0)
    assert {"type": "role", "role": "prospector", "library": True} in moves
    role(st, 0, "prospector", library=True)
    assert len(st["p"][0]["hand"]) == 2 and st["libused"][0]
    assert E.view(st, 1)["players"][0]["library_used"] is True  # the red cross
    role(st, 1, "trader")
    assert not any(m.get("library") for m in E.legal_moves(st, 0))
    with pytest.raises(IllegalMove):
        role(st, 0, "councillor", library=True)
    role(st, 0, "councillor")
    assert len(st["pend"][0]["drawn"]) == 5


def test_library_two_players_saved_for_second_pick():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "library"])
    role(st, 0, "prospector")
    assert len(st["p"][0]["hand"]) == 1
    role(st, 1, "trader")
    role(st, 0, "councillor", library=True)
    assert len(st["pend"][0]["drawn"]) == 8


# --- Denkmäler ---------------------------------------------------------------------------------------------


def test_monuments_all_three_allowed_but_not_twice():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "statue", "victory_column"])
    set_hand(st, 0, ["hero", "statue", "well", "tower", "smithy", "archive"])
    role(st, 0, "builder")
    buildable = {keys([m["card"]])[0] for m in E.legal_moves(st, 0) if m["type"] == "build"}
    assert "hero" in buildable and "statue" not in buildable


def test_city_buildings_act_only_after_their_builder_phase():
    st = _setup(players=3)
    set_hand(st, 0, ["trading_post", "well"])
    set_hand(st, 1, ["palace"])
    role(st, 0, "builder")
    play(st, 0, {"type": "build", "card": st["p"][0]["hand"][0]})
    play(st, 0, {"type": "pay", "card": st["p"][0]["hand"][1]})
    assert st["fresh"][0] == st["p"][0]["city"][1]
    from games.rules.san_juan.common import owns

    assert not owns(st, 0, "trading_post")
    _finish_phase(st)
    assert st["fresh"] == [-1, -1, -1] and owns(st, 0, "trading_post")


def test_library_built_over_loses_its_doubled_privilege_at_once():
    from games.rules.san_juan.cards import CATHEDRAL

    st = _setup(players=3, expansion=True)
    set_city(st, 0, ["indigo_plant", "crane", "library"])
    set_hand(st, 0, ["well", "tower"])
    role(st, 0, "builder", library=True)
    assert st["lib"] is True
    library = st["p"][0]["city"][2]
    play(st, 0, {"type": "build", "card": CATHEDRAL, "over": library})
    assert st["pend"][0]["due"] == 7 - 5 - 1  # not 7 - 5 - 2: the Library is gone


def test_councillor_draws_are_private_events():
    st = _setup()
    events = role(st, 0, "councillor")
    private = [e for e in events if "only" in e]
    assert {e["only"] for e in private} == {0, 1}
    public = [e for e in events if "only" not in e]
    for e in public:
        assert "cards" not in e["args"]
