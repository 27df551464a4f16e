"""The expansion's data files (diamonds, special workshop tiles, the Jewelers' and the Artisans' guild):
the shipped files pass; a file that breaks a constraint of the rules text is refused, naming the file."""

import pytest

from games.rules.red_cathedral import data
from tests.rules.red_cathedral.rc_helpers import docs


def refused(d) -> str:
    with pytest.raises(data.DataError) as exc:
        data.validate(d)
    return str(exc.value)


def record(d, kind, rid):
    return next(r for r in d[kind]["records"] if r["id"] == rid)


def test_there_are_15_diamonds():
    d = docs()
    record(d, "diamonds", "supply")["count"] = 14
    assert "diamonds.json" in refused(d) and "15" in refused(d)


def test_a_diamond_stands_in_for_any_material_of_a_section():
    d = docs()
    record(d, "diamonds", "sections")["stands_in"] = False
    assert "diamonds.json" in refused(d)


def test_each_special_tile_has_its_own_effect():
    d = docs()
    record(d, "special_tiles", "S-die")["effect"] = "diamond"
    assert "special_tiles.json" in refused(d)


def test_the_diamond_tile_brings_1_diamond():
    d = docs()
    record(d, "special_tiles", "S-diamond")["gain"] = {"diamond": 2}
    assert "S-diamond" in refused(d)


def test_the_special_tiles_are_drafted_in_reverse_order():
    d = docs()
    record(d, "special_tiles", "draft")["order"] = "seat"
    assert "draft" in refused(d)


def test_a_jewelers_action_needs_its_figures():
    d = docs()
    del d["guilds/jewelers"]["records"][0]["actions"][0]["rubles"]
    assert "jewelers" in refused(d) and "rubles" in refused(d)


def test_an_artisans_action_must_be_known():
    d = docs()
    d["guilds/artisans"]["records"][0]["actions"][1]["act"] = "activate_three"
    assert "artisans" in refused(d)


def test_the_expansion_files_pass_and_say_how_their_figures_were_chosen():
    d = docs()
    data.validate(d)
    for kind in ("diamonds", "special_tiles", "guilds/jewelers", "guilds/artisans"):
        assert d[kind]["method"].strip()
        assert all(r["provenance"] in data.PROVENANCES for r in d[kind]["records"])
