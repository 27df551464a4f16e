"""The Brickmakers' and Thieves' messages say their amounts with the noun their number asks for."""

import pytest
from django.utils import translation

from games.rules.red_cathedral.guilds import brickmakers, thieves
from games.rules.red_cathedral.reinforcement import TILES
from games.rules.red_cathedral.reinforcement_labels import text
from games.services.log import render_event


@pytest.mark.parametrize(
    "language, bricks, rubles, expected",
    [
        ("en", 1, 2, "Exchange 1 brick for 2 rubles."),
        ("en", 2, 1, "Exchange 2 bricks for 1 ruble."),
        ("de", 1, 2, "1 Ziegel gegen 2 Rubel tauschen."),
    ],
)
def test_a_brick_exchange_says_bricks_and_rubles_in_words(language, bricks, rubles, expected):
    with translation.override(language):
        assert render_event(brickmakers.rubles_text({"bricks": bricks, "rubles": rubles}), {}) == expected


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", "Anna gives Ben 3 rubles: Ben goes back one glory space."),
        ("de", "Anna gibt Ben 3 Rubel: Ben geht ein Ruhmesfeld zurück."),
    ],
)
def test_the_bribe_log_line_names_both_players_and_the_rubles(language, expected):
    event = {
        "msg": "{seat} gives {target_seat} {rubles} rubles: {target_seat} goes back one glory space.",
        "args": {"seat": 0, "target_seat": 1, "rubles": 3},
    }
    with translation.override(language):
        assert render_event(event, {0: "Anna", 1: "Ben"}) == expected


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", "Return 2 wood to the supply for 2 glory."),
        ("de", "2 Holz in den Vorrat zurücklegen und 2 Ruhmespunkte erhalten."),
    ],
)
def test_a_family_tile_says_its_material_and_glory_in_words(language, expected):
    tile = next(r for r in TILES.values() if r.get("pays") == {"wood": 2} and r["gives"] == {"glory": 2})
    with translation.override(language):
        assert render_event(text(tile), {}) == expected


def test_smuggling_text_counts_its_ruble():
    with translation.override("en"):
        assert render_event(thieves.smuggle_text({"rubles": 1}), {}).startswith("Smuggling: pay 1 ruble for")
