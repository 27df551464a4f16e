"""The data validator: the shipped files pass; a file that breaks a constraint of the sources is refused
with a message naming the file and the record, one test per constraint."""

import pytest

from games.rules.red_cathedral import data
from tests.rules.red_cathedral.rc_helpers import docs


def refused(d) -> str:
    with pytest.raises(data.DataError) as exc:
        data.validate(d)
    return str(exc.value)


def record(d, kind, rid):
    return next(r for r in d[kind]["records"] if r["id"] == rid)


def test_the_shipped_files_pass_and_every_record_says_where_its_figure_comes_from():
    figures = data.validate(docs())
    assert len(figures["sections"]) == 40
    for kind, doc in docs().items():
        assert doc["method"].strip()
        assert all(r["provenance"] in data.PROVENANCES for r in doc["records"]), kind


def test_plan_six_sections_per_player():
    d = docs()
    plan = record(d, "plans", "P3-2")
    plan["middles"][0] += 1
    assert refused(d) == "plans.json, record 'P3-2': a plan has 6 sections per player (18)."


@pytest.mark.parametrize("rid,players,towers", [("P2-1", 2, 4), ("P3-1", 3, 5), ("P4-3", 4, 6)])
def test_plan_4_5_6_towers_for_2_3_4_players(rid, players, towers):
    d = docs()
    plan = record(d, "plans", rid)
    plan["middles"] = plan["middles"][:-1]
    assert refused(d) == f"plans.json, record '{rid}': {players} players build {towers} towers."


def test_plan_each_tower_one_base_and_one_dome_with_no_negative_middles():
    """A plan lists middle sections per tower; base and dome are always there, so a tower cannot have fewer."""
    d = docs()
    plan = record(d, "plans", "P4-1")
    plan["middles"][0], plan["middles"][1] = -1, 5
    assert refused(d).startswith("plans.json, record 'P4-1': middle sections of a tower must be")


def test_sections_ten_bases_twenty_middles_ten_domes():
    d = docs()
    record(d, "sections", "M20")["kind"] = "dome"
    assert "sections.json: there are 10 bases, 20 middle sections and 10 domes" in refused(d)


@pytest.mark.parametrize("units", [{"wood": 1, "brick": 1}, {"wood": 2, "brick": 2, "gold": 1}])
def test_section_3_or_4_materials(units):
    d = docs()
    record(d, "sections", "B05")["cost"] = units
    assert refused(d) == "sections.json, record 'B05': a section costs 3 or 4 materials."


def test_section_gives_construction_points():
    d = docs()
    record(d, "sections", "D02")["rp"] = 0
    assert refused(d) == "sections.json, record 'D02': rp must be a whole number from 1 to 20."


def test_sections_mostly_pay_rubles_besides_points():
    d = docs()
    for r in d["sections"]["records"][:20]:
        r["rubles"] = 0
    message = refused(d)
    assert message.startswith("sections.json, records 'B01', 'B02'")
    assert "'D03'" in message and "most sections pay rubles" in message


def test_score_track_first_gap_about_5():
    d = docs()
    record(d, "score_track", "PP1")["space"] = 3
    assert refused(d).startswith("score_track.json, record 'PP1'")


def test_score_track_gaps_shrink_5_4_3_2_never_grow():
    d = docs()
    for r in d["score_track"]["records"][9:]:
        r["space"] += 3  # a gap of 6 after a gap of 3
    d["score_track"]["lap"] += 3
    assert refused(d) == (
        "score_track.json, record 'PP10': the gaps between glory spaces never grow along the track (6 after 3)."
    )


def test_score_track_one_to_one_from_the_23rd_glory_space():
    d = docs()
    for r in d["score_track"]["records"][23:]:
        r["space"] += 1  # a gap of 2 between the 23rd and the 24th glory space
    d["score_track"]["lap"] += 1
    assert refused(d) == "score_track.json, record 'PP24': from the 23rd glory space on, every space has an eagle."


def test_dice_are_placed_from_the_1_point_tile():
    d = docs()
    record(d, "resource_tiles", "R-rp")["dice_start"] = False
    record(d, "resource_tiles", "R-wood")["dice_start"] = True
    assert refused(d) == (
        "resource_tiles.json, record 'R-wood': the dice are placed from the tile of 1 construction point only."
    )
    d = docs()
    del record(d, "resource_tiles", "R-rp")["dice_start"]
    assert refused(d).startswith("resource_tiles.json, record 'R-rp': the dice are placed from this tile")


def test_coins_of_1_and_3_rubles():
    d = docs()
    record(d, "game", "coins")["denominations"] = [1, 5]
    assert refused(d) == "game.json, record 'coins': coins come in 1 and 3 rubles."


def test_starting_rubles_and_space():
    d = docs()
    record(d, "game", "start")["space"] = 0
    assert refused(d) == "game.json, record 'start': markers start on space 2."


def test_workshop_tiles_the_five_die_tiles_are_marked_3_plus():
    d = docs()
    record(d, "workshop_tiles", "T-red")["three_plus"] = False
    assert refused(d) == "workshop_tiles.json, record 'T-red': the die tiles are marked 3+."


def test_every_record_names_its_provenance():
    d = docs()
    record(d, "sections", "M07")["provenance"] = "guess"
    assert refused(d) == "sections.json, record 'M07': provenance must be one of rules, review, provisional."


def test_influence_merchants_1_as_the_rules_text_gives_it():
    d = docs()
    record(d, "influence_cards", "merchants-1")["actions"][1]["give"] = 3
    assert refused(d).startswith("influence_cards.json, record 'merchants-1'")
