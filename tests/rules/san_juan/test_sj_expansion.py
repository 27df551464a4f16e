"""The expansion "Neue Gebäude" with the Cathedral."""

import pytest

from games.rules.base import IllegalMove
from games.rules.san_juan.cards import CATHEDRAL, EXPANSION_IDS, KEY, PRODUCTION, TILES
from tests.rules.san_juan.sj_helpers import (
    E,
    empty_hands_at_pick,
    keys,
    new,
    next_round,
    play,
    role,
    set_city,
    set_hand,
    stack,
)


def _setup(players=2, **opts):
    return empty_hands_at_pick(players, seed=5, expansion=True, **opts)


def test_expansion_setup_33_cards_and_open_cathedral():
    st = new(2, seed=1, expansion=True)
    assert len(EXPANSION_IDS) == 33 and CATHEDRAL not in st["deck"]
    assert E.view(st, 0)["cathedral"]["card"]["key"] == "cathedral"
    assert E.view(st, 0)["cathedral"]["built_by"] is None
    assert new(2, seed=1)["cathedral"] == -2


def test_hinweis_four_extra_production_buildings():
    assert sorted(KEY[c] for c in EXPANSION_IDS if PRODUCTION[c]) == [
        "coffee_roaster",
        "silver_smelter",
        "sugar_mill",
        "tobacco_storage",
    ]


# --- Rundenbeginn: Amtsstube, Kapelle/Bank, Wachstube/Turm --------------------------------------


def test_office_building_exchanges_up_to_two_cards():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "office_building"])
    set_hand(st, 1, ["well", "tower", "statue"])
    next_round(st)
    assert st["phase"] == "office" and E.to_act(st) == [1]
    assert {"type": "office", "cards": []} in E.legal_moves(st, 1)
    with pytest.raises(IllegalMove):
        play(st, 1, {"type": "office", "cards": st["p"][1]["hand"]})
    old = st["p"][1]["hand"][:2]
    play(st, 1, {"type": "office", "cards": old})
    assert len(st["p"][1]["hand"]) == 3 and not set(old) & set(st["p"][1]["hand"])


def test_round_start_order_office_then_chapel_bank_then_guard_room():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "office_building", "chapel"])
    set_hand(st, 1, ["well", "tower", "statue", "hero", "smithy", "archive", "quarry", "library"])
    next_round(st)
    assert st["phase"] == "office"
    play(st, 1, {"type": "office", "cards": []})
    assert st["phase"] == "chapel"
    play(st, 1, {"type": "chapel", "card": st["p"][1]["hand"][0]})
    assert st["phase"] == "limit" and st["pend"][1]["n"] == 7 - 6


@pytest.mark.parametrize(
    "city,limit",
    [
        (["indigo_plant"], 6),
        (["indigo_plant", "guard_room"], 7),
        (["indigo_plant", "tower"], 12),
        (["indigo_plant", "guard_room", "tower"], 12),
    ],
)
def test_guard_room_hand_limits(city, limit):
    st = _setup()
    set_city(st, 1, city)
    set_hand(st, 1, ["well"] * 3 + ["smithy"] * 3 + ["statue"] * 3 + ["hero"] * 3 + ["archive"] * 2)
    next_round(st)
    assert st["pend"][1]["n"] == 14 - limit


def test_bank_once_per_game_any_number_of_cards():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "bank"])
    set_hand(st, 1, ["well", "tower", "statue"])
    next_round(st)
    hand = st["p"][1]["hand"]
    play(st, 1, {"type": "bank", "card": hand[0]})
    play(st, 1, {"type": "bank", "card": hand[0]})
    play(st, 1, {"type": "done"})
    assert len(st["p"][1]["bank"]) == 2 and st["p"][1]["bank_used"]
    next_round(st)
    assert st["pend"][1] is None or st["pend"][1]["k"] != "chapel"
    st["phase"] = "over"
    assert E.result(st).details["breakdown"][1]["bank"] == 2


# --- Hütte / Schenke -------------------------------------------------------------------------------


def test_hut_draws_when_nobody_sold():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "hut"], goods=[True])
    role(st, 0, "trader")
    play(st, 1, {"type": "sell", "buildings": []})
    assert len(st["p"][1]["hand"]) == 1


def test_hut_nothing_when_someone_sold():
    st = _setup()
    set_city(st, 0, ["indigo_plant"], goods=[True])
    set_city(st, 1, ["indigo_plant", "hut"])
    role(st, 0, "trader")
    play(st, 0, {"type": "sell", "buildings": st["p"][0]["city"]})
    assert st["p"][1]["hand"] == []


@pytest.mark.parametrize("counts,draws", [([3, 2, 2], True), ([3, 1, 2], True), ([2, 2, 2], False), ([2, 3, 3], False)])
def test_hinweis_tavern_fewest_buildings(counts, draws):
    st = _setup(players=3)
    set_city(st, 0, ["indigo_plant"] * (counts[0] - 1) + ["chapel"])
    set_city(st, 1, ["tavern"] + ["indigo_plant"] * (counts[1] - 1))
    set_city(st, 2, ["indigo_plant"] * counts[2])
    role(st, 0, "builder")
    assert len(st["p"][1]["hand"]) == (1 if draws else 0)


# --- Park ----------------------------------------------------------------------------------------------


def test_park_example_library_over_park_costs_nothing():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "crane", "park"])
    set_hand(st, 1, ["library"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0], "over": st["p"][1]["city"][2]})
    assert "library" in keys(st["p"][1]["city"]) and st["p"][1]["hand"] == []


def test_park_example_cathedral_over_park_pays_one_free_as_builder():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "crane", "park"])
    set_hand(st, 1, ["well"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": CATHEDRAL, "over": st["p"][1]["city"][2]})
    assert st["pend"][1]["due"] == 1
    st = _setup()
    set_city(st, 0, ["indigo_plant", "crane", "park"])
    role(st, 0, "builder")
    assert {"type": "build", "card": CATHEDRAL, "over": st["p"][0]["city"][2]} in E.legal_moves(st, 0)
    play(st, 0, {"type": "build", "card": CATHEDRAL, "over": st["p"][0]["city"][2]})
    assert st["cathedral"] == 0 and CATHEDRAL in st["p"][0]["city"]
    st = _setup()
    set_city(st, 1, ["indigo_plant", "crane", "park", "quarry"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": CATHEDRAL, "over": st["p"][1]["city"][2]})
    assert st["cathedral"] == 1


# --- Zollamt / Hafen -------------------------------------------------------------------------------


def test_customs_office_good_at_councillor_start_sells_for_two():
    tile = TILES.index([1, 1, 1, 2, 2])
    st = _setup()
    set_city(st, 1, ["indigo_plant", "customs_office"])
    role(st, 0, "councillor")
    assert st["p"][1]["goods"][1] >= 0
    for seat in list(E.to_act(st)):
        play(st, seat, E.legal_moves(st, seat)[0])
    role(st, 1, "prospector")
    st["tiles"].remove(tile)
    st["tiles"].insert(0, tile)
    hand = len(st["p"][1]["hand"])
    role(st, 0, "trader")
    play(st, 1, {"type": "sell", "buildings": [st["p"][1]["city"][1]]})
    assert len(st["p"][1]["hand"]) == hand + 2


def test_hinweis_customs_office_one_good_black_market_and_market_stand():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "customs_office", "black_market"], goods=[False, True, False])
    good = st["p"][1]["goods"][1]
    role(st, 0, "councillor")
    assert st["p"][1]["goods"][1] == good  # still only one good on it
    for seat in list(E.to_act(st)):
        play(st, seat, E.legal_moves(st, seat)[0])
    set_hand(st, 1, ["smithy"])
    role(st, 1, "builder")
    assert {"type": "build", "card": st["p"][1]["hand"][0]} in E.legal_moves(st, 1)
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    assert "smithy" in keys(st["p"][1]["city"])
    st2 = _setup()
    set_city(st2, 1, ["indigo_plant", "customs_office", "market_stand", "trading_post"], goods=[True, True])
    role(st2, 0, "trader")
    tile = TILES[st2["tile"]]
    play(st2, 1, {"type": "sell", "buildings": st2["p"][1]["city"][:2]})
    assert len(st2["p"][1]["hand"]) == tile[0] + 2 + 1


def test_harbor_keeps_one_sold_good_as_a_point():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "sugar_mill", "harbor"], goods=[True, True])
    role(st, 0, "trader")
    play(st, 0, {"type": "sell", "buildings": st["p"][0]["city"][:2]})
    assert len(st["p"][0]["harbor"]) == 1
    assert E.view(st, 0)["players"][0]["harbor_count"] == 1
    assert E.view(st, 1)["players"][0]["harbor_count"] is None  # the owner's secret, as for the Chapel
    st["phase"] = "over"
    assert E.result(st).details["breakdown"][0]["harbor"] == 1


# --- Goldschmiede / Kathedrale -------------------------------------------------------------------------


def test_goldsmith_keeps_a_building_nobody_built():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "goldsmith"])
    stack(st, ["well", "hero"])
    role(st, 0, "prospector")
    assert keys(st["p"][1]["hand"]) == ["hero"]
    assert [c["key"] for c in E.view(st, 0)["players"][1]["revealed_in_hand"]] == ["hero"]


def test_goldsmith_discards_a_building_already_built():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "goldsmith"])
    stack(st, ["well", "goldsmith"])
    role(st, 0, "prospector")
    assert st["p"][1]["hand"] == []


def test_cathedral_built_from_the_table_not_usable_as_payment():
    st = _setup()
    set_hand(st, 0, ["well", "tower", "statue", "hero", "smithy", "archive"])
    role(st, 0, "builder")
    play(st, 0, {"type": "build", "card": CATHEDRAL})
    assert st["pend"][0]["due"] == 6
    with pytest.raises(IllegalMove):
        play(st, 0, {"type": "pay", "card": CATHEDRAL})
    play(st, 0, {"type": "pay", "cards": st["p"][0]["hand"]})
    assert st["cathedral"] == 0 and CATHEDRAL in st["p"][0]["city"]
    assert E.view(st, 1)["cathedral"]["built_by"] == 0
    set_hand(st, 1, ["well"] * 0)
    # One building per phase: nothing more for seat 0 in this phase.
    assert E.to_act(st) != [0]


def test_tavern_does_not_pay_in_the_phase_it_is_built():
    st = _setup(players=3)
    set_city(st, 0, ["indigo_plant", "chapel", "well"])
    set_city(st, 2, ["indigo_plant", "chapel", "well"])
    set_hand(st, 1, ["tavern", "statue", "hero"])
    role(st, 0, "builder")
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]})
    play(st, 1, {"type": "pay", "cards": st["p"][1]["hand"][1:]})
    assert len(st["p"][1]["city"]) == 2 and st["p"][1]["hand"] == []


def test_stats_table_lists_expansion_sources():
    st = _setup()
    st["phase"] = "over"
    labels = [r["label"] for r in E.result(st).stats]
    assert {"Residence", "Cathedral", "Cards under the Bank", "Cards under the Harbour", "Palace"} <= set(labels)
    base = new(2, seed=1)
    base["phase"] = "over"
    assert "Cathedral" not in [r["label"] for r in E.result(base).stats]
