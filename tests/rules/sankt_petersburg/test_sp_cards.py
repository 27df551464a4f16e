"""The card catalogue against the reference figures (sankt-petersburg-cards.md and the seeds)."""

import json
import pathlib

import pytest

from games.rules.sankt_petersburg.cards import INFO, KIND, KINDS, RULES, UNCERTAIN, compose, ids_of

# key: (deck, colour, cost 1st ed., cost 2nd ed., rubles, points, copies) — base game, §2-§6.
BASE = {
    "lumberjack": ("worker", "worker", 3, 3, 3, 0, 6),
    "gold_miner": ("worker", "worker", 4, 4, 3, 0, 6),
    "shepherd": ("worker", "worker", 5, 5, 3, 0, 6),
    "fur_trapper": ("worker", "worker", 6, 6, 3, 0, 6),
    "ship_builder": ("worker", "worker", 7, 7, 3, 0, 6),
    "czar_and_carpenter": ("worker", "worker", 8, 8, 3, 0, 1),
    "market": ("building", "building", 5, 5, 0, 1, 5),
    "customs_house": ("building", "building", 8, 8, 0, 2, 5),
    "firehouse": ("building", "building", 11, 11, 0, 3, 3),
    "hospital": ("building", "building", 14, 14, 0, 4, 3),
    "library": ("building", "building", 17, 17, 0, 5, 3),
    "theater": ("building", "building", 20, 20, 0, 6, 2),
    "academy": ("building", "building", 23, 23, 0, 7, 1),
    "pub": ("building", "building", 1, 1, 0, 0, 2),
    "warehouse": ("building", "building", 2, 2, 0, 0, 1),
    "potemkin_village": ("building", "building", 2, 2, 0, 0, 1),
    "observatory": ("building", "building", 6, 7, 0, 1, 2),
    "author": ("aristocrat", "aristocrat", 4, 4, 1, 0, 6),
    "administrator": ("aristocrat", "aristocrat", 7, 7, 2, 0, 5),
    "warehouse_manager": ("aristocrat", "aristocrat", 10, 10, 3, 0, 5),
    "secretary": ("aristocrat", "aristocrat", 12, 12, 4, 0, 4),
    "controller": ("aristocrat", "aristocrat", 14, 14, 4, 1, 3),
    "judge": ("aristocrat", "aristocrat", 16, 17, 5, 2, 2),
    "mistress_of_ceremonies": ("aristocrat", "aristocrat", 18, 20, 6, 3, 2),
    "carpenter_workshop": ("exchange", "worker", 4, 4, 3, 0, 1),
    "gold_smelter": ("exchange", "worker", 6, 6, 3, 0, 1),
    "weaving_mill": ("exchange", "worker", 8, 8, 6, 0, 2),
    "fur_shop": ("exchange", "worker", 10, 10, 3, 2, 3),
    "wharf": ("exchange", "worker", 12, 12, 6, 1, 3),
    "mariinsky_theater": ("exchange", "building", 10, 15, 0, 0, 1),
    "bank": ("exchange", "building", 13, 13, 5, 1, 1),
    "peterhof": ("exchange", "building", 14, 14, 4, 2, 1),
    "st_isaacs_cathedral": ("exchange", "building", 15, 15, 3, 3, 1),
    "church_of_the_resurrection": ("exchange", "building", 16, 16, 2, 4, 1),
    "harbor": ("exchange", "building", 16, 16, 5, 2, 1),
    "catherine_palace": ("exchange", "building", 17, 17, 1, 5, 1),
    "smolny_cathedral": ("exchange", "building", 17, 17, 4, 3, 1),
    "hermitage": ("exchange", "building", 18, 18, 3, 4, 1),
    "winter_palace": ("exchange", "building", 19, 19, 2, 5, 1),
    "pope": ("exchange", "aristocrat", 6, 6, 1, 1, 1),
    "chamber_maid": ("exchange", "aristocrat", 8, 8, 0, 2, 1),
    "weapon_master": ("exchange", "aristocrat", 8, 8, 4, 0, 1),
    "builder": ("exchange", "aristocrat", 10, 10, 5, 0, 1),
    "senator": ("exchange", "aristocrat", 12, 12, 2, 2, 1),
    "patriarch": ("exchange", "aristocrat", 16, 16, 0, 4, 1),
    "admiral": ("exchange", "aristocrat", 18, 18, 3, 3, 1),
    "foreign_minister": ("exchange", "aristocrat", 20, 20, 2, 4, 1),
    "czar": ("exchange", "aristocrat", 24, 24, 0, 6, 1),
    "tax_man": ("exchange", "aristocrat", 17, 17, 0, 0, 1),
}

# "In bester Gesellschaft" (§7): key: (deck, cost, rubles, points, copies).
EXPANSION = {
    "czar_and_carpenter_ibg": ("worker", 3, 2, 0, 1),
    "new_farmer": ("worker", 9, 3, 1, 6),
    "observatory_ibg": ("building", 8, 0, 1, 2),
    "academy_ibg": ("building", 25, 0, 9, 1),
    "coffee_house": ("building", 6, 0, 0, 1),
    "debtors_prison": ("building", 8, 0, 1, 1),
    "trading_house": ("building", 2, 0, 0, 1),
    "mistress_of_ceremonies_ibg": ("aristocrat", 18, 3, 4, 2),
    "sycophant": ("aristocrat", 1, 0, 0, 2),
    "kolchose": ("exchange", 13, 3, 2, 1),
    "october_revolution": ("exchange", 15, 6, 2, 1),
    "mariinsky_theater_ibg": ("exchange", 20, 0, 0, 1),
    "university": ("exchange", 18, 0, 6, 1),
    "guild_hall": ("exchange", 13, 0, 0, 1),
    "textile_factory": ("exchange", 16, 0, 0, 1),
    "merchant": ("exchange", 6, 3, 0, 1),
    "lt_kije": ("exchange", 12, 0, 3, 1),
    "mayor": ("exchange", 13, 0, 0, 1),
}


@pytest.mark.parametrize("key", sorted(BASE))
def test_base_card_figures(key):
    deck, color, cost1, cost2, rubles, points, copies = BASE[key]
    ids = ids_of(key)
    assert len([c for c in ids if not INFO["1"][c].expansion_copy]) == copies
    for edition, cost in (("1", cost1), ("2", cost2)):
        card = INFO[edition][ids[0]]
        assert (card.deck, card.color, card.cost, card.rubles, card.points) == (deck, color, cost, rubles, points)
        assert card.exchange == (deck == "exchange")
        assert card.name_de and card.name_en


@pytest.mark.parametrize("key", sorted(EXPANSION))
def test_expansion_card_figures(key):
    deck, cost, rubles, points, copies = EXPANSION[key]
    card = INFO["1"][ids_of(key)[0]]
    assert (card.deck, card.cost, card.rubles, card.points, len(ids_of(key))) == (deck, cost, rubles, points, copies)
    assert card.set == "expansion"


def test_base_decks_count_31_28_27_30_in_both_editions():
    for edition in ("1", "2"):
        decks = compose({"edition": edition, "expansion": False, "sp_plus": False})
        assert {d: len(ids) for d, ids in decks.items()} == {
            "worker": 31,
            "building": 28,
            "aristocrat": 27,
            "exchange": 30,
        }
        exchange = [INFO[edition][c].color for c in decks["exchange"]]
        assert {c: exchange.count(c) for c in set(exchange)} == {"worker": 10, "building": 10, "aristocrat": 10}


def test_expansion_adds_35_cards_and_removes_7():
    base = compose({"edition": "1", "expansion": False, "sp_plus": False})
    full = compose({"edition": "1", "expansion": True, "sp_plus": False})
    assert sum(map(len, full.values())) - sum(map(len, base.values())) == 35 - 7
    removed = {INFO["1"][c].key for ids in base.values() for c in ids} - {
        INFO["1"][c].key for ids in full.values() for c in ids
    }
    assert removed == {"czar_and_carpenter", "observatory", "academy", "mistress_of_ceremonies", "mariinsky_theater"}
    added = [c for d in full for c in full[d] if c not in base[d]]
    assert {d: sum(1 for c in added if INFO["1"][c].deck == d) for d in full} == {
        "worker": 7,
        "building": 9,
        "aristocrat": 9,
        "exchange": 10,
    }


def test_sp_plus_swaps_only_the_seven_replacement_cards():
    base = compose({"edition": "1", "expansion": False, "sp_plus": False})
    plus = compose({"edition": "1", "expansion": False, "sp_plus": True})
    keys = lambda decks: sorted(INFO["1"][c].key for ids in decks.values() for c in ids)  # noqa: E731
    assert len(keys(plus)) == len(keys(base)) == 116
    new = set(keys(plus)) - set(keys(base))
    assert new == {
        "czar_and_carpenter_ibg",
        "observatory_ibg",
        "academy_ibg",
        "mistress_of_ceremonies_ibg",
        "mariinsky_theater_ibg",
    }
    assert keys(plus).count("observatory_ibg") == 2 and keys(plus).count("mistress_of_ceremonies_ibg") == 2


def test_green_exchange_cards_name_their_craft_and_the_czar_shows_all():
    crafts = {
        "carpenter_workshop": "wood",
        "gold_smelter": "gold",
        "weaving_mill": "wool",
        "fur_shop": "fur",
        "wharf": "ship",
    }
    workers = {
        "lumberjack": "wood",
        "gold_miner": "gold",
        "shepherd": "wool",
        "fur_trapper": "fur",
        "ship_builder": "ship",
        "czar_and_carpenter": "all",
    }
    for key, craft in crafts.items():
        assert INFO["1"][ids_of(key)[0]].replaces == {"color": "worker", "craft": craft}
    for key, craft in workers.items():
        assert INFO["1"][ids_of(key)[0]].craft == craft
    assert INFO["1"][ids_of("potemkin_village")[0]].replace_value == 6


def test_second_edition_names_and_mariinsky():
    assert INFO["2"][ids_of("pope")[0]].name_en == "Abbot"
    assert INFO["2"][ids_of("czar")[0]].name_en == "Czarina"
    m1, m2 = INFO["1"][ids_of("mariinsky_theater")[0]], INFO["2"][ids_of("mariinsky_theater")[0]]
    assert (m1.params["rubles"], m1.params["points"]) == (1, 0)
    assert (m2.params["rubles"], m2.params["points"]) == (0, 1)


def test_rule_numbers():
    assert RULES["start_money"] == 25 and RULES["hand_limit"] == 3 and RULES["hand_penalty"] == 5
    assert RULES["display_size"] == 8 and RULES["first_display"] == {"2": 4, "3": 6, "4": 8, "5": 10}
    assert RULES["noble_points"] == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55]
    assert RULES["rubles_per_point"] == 10 and RULES["min_price"] == 1


def test_uncertain_figures_live_only_under_the_uncertain_key():
    raw = json.loads(pathlib.Path("games/rules/sankt_petersburg/cards.json").read_text(encoding="utf-8"))
    cards = {c["key"]: c for c in raw["cards"]}
    # "rules": uncertain rule figures (the Market's value tiles), merged into RULES.
    assert set(raw["uncertain"]) - {"rules"} <= set(cards)
    for field in set(raw["uncertain"]["rules"]) - {"fields", "note"}:
        assert field not in raw["rules"] and RULES[field] == raw["uncertain"]["rules"][field]
    for key, entry in raw["uncertain"].items():
        assert entry["note"], key
        if key == "rules":
            continue
        for field, value in entry.items():
            if field in ("fields", "note"):
                continue
            if isinstance(value, dict):  # nested parts merge: each figure in one place only
                for sub, figure in value.items():
                    assert sub not in cards[key].get(field, {}), (key, field, sub)
                    assert KIND[key][field][sub] == figure
            else:
                assert field not in cards[key], (key, field)
                assert KIND[key][field] == value
    for key in ("chamber_maid", "weapon_master", "patriarch", "new_farmer", "pub"):
        assert key in UNCERTAIN


def test_every_ability_named_in_the_data_is_registered_or_expansion():
    import games.rules.sankt_petersburg  # noqa: F401
    from games.rules.sankt_petersburg.hooks import ABILITIES

    for kind in KINDS:
        if kind["set"] == "base" and kind.get("ability"):
            assert kind["ability"] in ABILITIES, kind["key"]
