"""The ∑ table: group keys become headings (page and plain-text email), number columns line up with their headers."""

import pytest
from django.template import Context, Template
from django.utils import translation

from games.services.stats_groups import group_heading
from notifications.services.summary import text_table

ROWS = [
    {"label": "Workers: rubles", "values": [12, 3], "group": "income"},
    {"label": "Points", "values": [40, 38], "group": "final"},
    {"label": "Hand cards and goods", "values": [2, 5], "group": "tie-break"},
]
PLAYERS = [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Boris"}]


@pytest.mark.parametrize(
    "key, en, de",
    [
        ("income", "Income", "Einkommen"),
        ("totals", "Totals", "Summen"),
        ("end", "End of the game", "Spielende"),
        ("cards", "Cards", "Karten"),
        ("final", "Final standing", "Endstand"),
        ("points", "Victory points", "Siegpunkte"),
        ("total", "Total", "Summe"),
        ("tie-break", "Tie-break", "Gleichstand"),
        ("game", "The game", "Die Partie"),
    ],
)
def test_every_group_key_has_a_heading_in_both_languages(key, en, de):
    with translation.override("en"):
        assert group_heading(key) == en
    with translation.override("de"):
        assert group_heading(key) == de


def test_a_group_named_by_a_message_is_translated_and_none_stays_empty():
    with translation.override("de"):
        assert group_heading("Income") == "Einkommen" and group_heading("") == ""


def test_the_page_table_shows_headings_and_right_aligned_player_columns():
    html = Template("{% load game_tags %}{% stats_table stats players %}").render(
        Context({"stats": ROWS, "players": PLAYERS})
    )
    assert '<th colspan="3">Income</th>' in html and '<th colspan="3">Tie-break</th>' in html
    assert ">income<" not in html and ">tie-break<" not in html
    assert '<th scope="col" class="num">Anna</th>' in html and '<th scope="col" class="num">Boris</th>' in html


def test_the_plain_text_email_shows_headings_not_keys():
    from notifications.services import summary

    stats = [[r["label"], *map(str, r["values"])] for r in ROWS]
    with translation.override("en"):
        text = text_table(["∑", "Anna", "Boris"], stats, [summary.group_heading(r["group"]) for r in ROWS])
    assert "[Income]" in text and "[Final standing]" in text and "[Tie-break]" in text
    assert "[income]" not in text and "[tie-break]" not in text
    header, _rule, *_ = text.splitlines()
    first_row = text.splitlines()[3]
    # Right-aligned numbers end where their player's name ends.
    assert header.index("Anna") + len("Anna") == first_row.index("12") + len("12")
