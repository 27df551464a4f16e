"""End-of-game scoring: printed points, Chapel, cost-6 buildings, Palace last."""

import pytest

from games.rules.san_juan.scoring import breakdown
from tests.rules.san_juan.sj_helpers import E, new, set_city, set_hand


def _score(city, edition="2", chapel=0, others=None, expansion=False):
    st = new(len(others or [[]]) + 1, seed=1, edition=edition, expansion=expansion)
    if "cathedral" in city:
        city = [k for k in city if k != "cathedral"]
        set_city(st, 0, city)
        from games.rules.san_juan.cards import CATHEDRAL

        st["p"][0]["city"].append(CATHEDRAL)
        st["p"][0]["goods"].append(-1)
        st["cathedral"] = 0
    else:
        set_city(st, 0, city)
    for i, other in enumerate(others or [], start=1):
        set_city(st, i, other)
    st["p"][0]["chapel"] = [st["deck"].pop(0) for _ in range(chapel)]
    st["phase"] = "over"
    return st, breakdown(st, 0)


def test_city_hall_example_nine_city_buildings():
    _, b = _score(
        [
            "poor_house",
            "aqueduct",
            "carpenter",
            "chapel",
            "quarry",
            "library",
            "statue",
            "victory_column",
            "city_hall",
            "indigo_plant",
        ]
    )
    assert b["city_hall"] == 9


def test_guild_hall_example_second_edition_eight():
    _, b = _score(["indigo_plant", "indigo_plant", "sugar_mill", "tobacco_storage", "tobacco_storage", "guild_hall"])
    assert b["guild_hall"] == 8


def test_guild_hall_first_edition_two_per_production_building():
    _, b = _score(
        ["indigo_plant", "indigo_plant", "sugar_mill", "tobacco_storage", "tobacco_storage", "guild_hall"], edition="1"
    )
    assert b["guild_hall"] == 10


@pytest.mark.parametrize(
    "monuments,bonus", [([], 0), (["statue"], 4), (["statue", "hero"], 6), (["statue", "victory_column", "hero"], 8)]
)
def test_triumphal_arch_four_six_eight(monuments, bonus):
    _, b = _score(["indigo_plant", "triumphal_arch"] + monuments)
    assert b["triumphal_arch"] == bonus


def test_hinweis_city_hall_and_triumphal_arch_both_count_monuments():
    _, b = _score(["indigo_plant", "triumphal_arch", "city_hall", "statue", "hero"])
    assert b["triumphal_arch"] == 6 and b["city_hall"] == 4


def test_palace_example_thirty_four_gives_eight_more():
    _, b = _score(["palace", "chapel"], chapel=32)
    assert sum(v for k, v in b.items() if k != "palace") == 34
    assert b["palace"] == 8 and sum(b.values()) == 42


def test_palace_counted_last_over_all_bonuses_rounded_down():
    _, b = _score(["palace", "city_hall", "statue", "hero", "indigo_plant"])
    # printed 3+5+1 = 9, City hall 4 → 13 → Palace 3
    assert b["palace"] == 3


def test_chapel_cards_score_one_each_whatever_they_show():
    _, b = _score(["chapel", "indigo_plant"], chapel=3)
    assert b["chapel"] == 3 and b["buildings"] == 3


def test_residence_example_one_seven_points():
    _, b = _score(
        [
            "indigo_plant",
            "indigo_plant",
            "sugar_mill",
            "black_market",
            "well",
            "tobacco_storage",
            "tobacco_storage",
            "aqueduct",
            "palace",
            "guild_hall",
            "residence",
        ],
        expansion=True,
    )
    assert b["residence"] == 7


def test_residence_example_two_ten_points():
    _, b = _score(
        [
            "indigo_plant",
            "indigo_plant",
            "archive",
            "gold_mine",
            "guard_room",
            "office_building",
            "bank",
            "tobacco_storage",
            "aqueduct",
            "palace",
            "city_hall",
            "residence",
        ],
        expansion=True,
    )
    assert b["residence"] == 10


def test_cathedral_example_ten_points_for_six_opponent_six_cost_buildings():
    others = [["guild_hall", "city_hall", "residence"], ["guild_hall", "city_hall", "palace"]]
    _, b = _score(["cathedral", "indigo_plant"], expansion=True, others=others)
    assert b["cathedral"] == 4 + 3 + 2 + 1


def test_cathedral_ignores_own_six_cost_buildings():
    _, b = _score(["cathedral", "palace"], expansion=True, others=[["city_hall"]])
    assert b["cathedral"] == 4


def test_result_stats_rows_and_ranks():
    st, _ = _score(["palace", "chapel"], chapel=2, others=[["indigo_plant", "hero"]])
    res = E.result(st)
    labels = [r["label"] for r in res.stats]
    assert "Printed points of the buildings" in labels and "Total" in labels and "Palace" in labels
    total = next(r for r in res.stats if r["label"] == "Total")
    assert total["values"] == res.scores and res.scores == [4 + 1, 6]
    assert res.ranks == [2, 1]
    assert all(set(r) == {"label", "values", "group"} for r in res.stats)


def test_view_points_and_expected_end_value():
    st, _ = _score(["indigo_plant", "guild_hall", "chapel"], chapel=1)
    set_hand(st, 0, [])
    p = E.view(st, 1)["players"][0]
    assert p["points"] == 1 + 0 + 2 + 1
    assert p["expected_points"] == 4 + 2
