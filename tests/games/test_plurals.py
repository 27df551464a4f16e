"""Counted words agree with their number in both languages: 1 ruble, 1 Punkt, 1 day per move."""
from datetime import timedelta

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from rankings.services import tournaments
from tests.factories import make_user

TRADE = Template("{% load i18n sankt_petersburg %}{% blocktrans with r=r|rubles_text p=p|points_text %}"
                 "Trading House: pay {{ r }} for {{ p }}?{% endblocktrans %}")


@pytest.mark.parametrize("language, r, p, expected", [
    ("en", 1, 1, "Trading House: pay 1 ruble for 1 point?"),
    ("en", 3, 2, "Trading House: pay 3 rubles for 2 points?"),
    ("de", 1, 1, "Markthalle: 1 Rubel für 1 Punkt zahlen?"),
    ("de", 4, 2, "Markthalle: 4 Rubel für 2 Punkte zahlen?"),
])
def test_sankt_petersburg_amounts_agree_with_their_number(language, r, p, expected):
    with translation.override(language):
        assert TRADE.render(Context({"r": r, "p": p})) == expected


def test_the_sankt_petersburg_board_has_no_bare_amounts():
    """A sentence without a plural form names no counted rubles or points: its amounts come from
    the counting filters."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "templates" / "games" / "sankt-petersburg"
    for path in root.glob("*.html"):
        for body in re.findall(r"{% blocktrans with [^%]*%}(.*?){% endblocktrans %}", path.read_text()):
            assert not re.search(r"}} (rubles?|points?)\b", body), (path.name, body)


@pytest.mark.django_db
@pytest.mark.parametrize("language, expected", [("en", "1 day per move"), ("de", "1 Tag pro Zug")])
def test_a_tournament_of_one_day_per_move_says_day(client, language, expected):
    org = make_user("org", language=language)
    t = tournaments.create_tournament(org, name="Blitz", game_slug="toy", rounds=1, table_size=2, days_per_move=1,
                                      starts_at=timezone.now() + timedelta(days=1))
    client.force_login(org)
    html = client.get(f"/rankings/tournaments/{t.pk}/").content.decode()
    assert expected in html and "1 days" not in html and "1 Tage" not in html
