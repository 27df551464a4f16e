"""Counted words agree with their number in both languages: 1 ruble, 1 Punkt, 1 day per move."""

from datetime import timedelta

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from rankings.services import tournaments
from tests.factories import make_user

TRADE = Template(
    "{% load i18n sankt_petersburg %}{% blocktrans with r=r|rubles_text p=p|points_text %}"
    "Trading House: pay {{ r }} for {{ p }}?{% endblocktrans %}"
)


@pytest.mark.parametrize(
    "language, r, p, expected",
    [
        ("en", 1, 1, "Trading House: pay 1 ruble for 1 point?"),
        ("en", 3, 2, "Trading House: pay 3 rubles for 2 points?"),
        ("de", 1, 1, "Markthalle: 1 Rubel für 1 Punkt zahlen?"),
        ("de", 4, 2, "Markthalle: 4 Rubel für 2 Punkte zahlen?"),
    ],
)
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
    t = tournaments.create_tournament(
        org,
        name="Blitz",
        game_slug="toy",
        rounds=1,
        table_size=2,
        days_per_move=1,
        starts_at=timezone.now() + timedelta(days=1),
    )
    client.force_login(org)
    html = client.get(f"/rankings/tournaments/{t.pk}/").content.decode()
    assert expected in html and "1 days" not in html and "1 Tage" not in html


# --- Die Rote Kathedrale: amounts of materials and resources ------------------------------------

RC_AMOUNTS = {
    "en": {
        "wood": ("1 wood", "2 wood"),
        "brick": ("1 brick", "2 bricks"),
        "stone": ("1 stone", "2 stones"),
        "gold": ("1 gold", "2 gold"),
        "green": ("1 green gem", "2 green gems"),
        "violet": ("1 violet gem", "2 violet gems"),
        "rubles": ("1 ruble", "2 rubles"),
        "rp": ("1 construction point", "2 construction points"),
        "glory": ("1 glory", "2 glory"),
        "permits": ("1 permit", "2 permits"),
    },
    "de": {
        "wood": ("1 Holz", "2 Holz"),
        "brick": ("1 Ziegel", "2 Ziegel"),
        "stone": ("1 Stein", "2 Steine"),
        "gold": ("1 Gold", "2 Gold"),
        "green": ("1 grüner Edelstein", "2 grüne Edelsteine"),
        "violet": ("1 violetter Edelstein", "2 violette Edelsteine"),
        "rubles": ("1 Rubel", "2 Rubel"),
        "rp": ("1 Baupunkt", "2 Baupunkte"),
        "glory": ("1 Ruhmespunkt", "2 Ruhmespunkte"),
        "permits": ("1 Genehmigung", "2 Genehmigungen"),
    },
}
RC_MATERIALS = ("wood", "brick", "stone", "gold", "green", "violet")
# An amount whose noun disagrees with its number, as the pages used to print them.
# (A count after a slash, "20/20", and a label before its colon, "brick: 20", are no amounts.)
_AMOUNT = r"(?<![/\d])\b(?:{}) (?:{})\b(?!:)"
RC_WRONG = {
    "en": _AMOUNT.format(r"[02-9]|\d\d+", "brick|stone|green gem|violet gem")
    + "|"
    + _AMOUNT.format("1", "bricks|stones|green gems|violet gems"),
    "de": _AMOUNT.format(r"[02-9]|\d\d+", "Stein|grüner Edelstein|violetter Edelstein")
    + "|"
    + _AMOUNT.format("1", "Steine|grüne Edelsteine|violette Edelsteine"),
}


def _rc_text(page: str) -> str:
    import html
    import re

    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("key", list(RC_AMOUNTS["en"]))
def test_a_red_cathedral_amount_agrees_with_its_number(language, key):
    from games.templatetags.red_cathedral import amount_text

    one, two = RC_AMOUNTS[language][key]
    with translation.override(language):
        assert (amount_text(key, 1), amount_text(key, 2)) == (one, two)
        assert amount_text(key, 10) == two.replace("2 ", "10 ", 1)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_red_cathedral_board_says_amounts_with_their_plural(client, language):
    from games.services import tables

    anna, bea = make_user("anna", language=language), make_user("bea", language=language)
    game = tables.start_seated_game("red-cathedral", [anna, bea], {}, seed=7, rated=False)
    # Each material once as 1 and once as 2, one player's stock the other's mirror.
    game.state["pl"][0]["inv"] = {m: 1 + i % 2 for i, m in enumerate(RC_MATERIALS)}
    game.state["pl"][1]["inv"] = {m: 2 - i % 2 for i, m in enumerate(RC_MATERIALS)}
    game.version += 1
    game.save(update_fields=["state", "version"])
    client.force_login(anna)
    text = _rc_text(client.get(f"/games/{game.pk}/board/").content.decode())
    for key in RC_MATERIALS:
        one, two = RC_AMOUNTS[language][key]
        assert one in text and two in text, key
    import re

    assert not re.search(RC_WRONG[language], text), re.search(RC_WRONG[language], text)
    # The first white workshop space costs 1 ruble on the basic side.
    assert {"en": "free, 1 ruble to place a tile face up", "de": "frei, 1 Rubel, um ein Plättchen"}[language] in text
    assert "free, 1 rubles" not in text


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("url", ["/games/red-cathedral/rules/", "/games/red-cathedral/figures/"])
def test_the_red_cathedral_rules_and_figures_pages_say_amounts_with_their_plural(client, language, url):
    import re

    client.cookies["django_language"] = language
    with translation.override(language):
        text = _rc_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert not re.search(RC_WRONG[language], text), re.search(RC_WRONG[language], text)
    # Both pages list resource tiles of 1 gem and 2 bricks; the rules page the supply of 10 gems.
    assert RC_AMOUNTS[language]["green"][0] in text and RC_AMOUNTS[language]["brick"][1] in text
    if "rules" in url:
        assert RC_AMOUNTS[language]["green"][1].replace("2 ", "10 ") in text


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("key", list(RC_AMOUNTS["en"]))
def test_a_red_cathedral_log_line_and_move_label_say_amounts_with_their_plural(language, key):
    from games.rules.red_cathedral.state import NAMES
    from games.services.event_codec import encode_events
    from games.services.log import render_event

    gets = {"en": "Anna gets {}.", "de": "Anna erhält {}."}[language]
    take = {"en": "Take {}", "de": "Nimm {}"}[language]
    with translation.override(language):
        for n, expected in zip((1, 2), RC_AMOUNTS[language][key]):
            event = {"msg": "{seat} gets {count}× {resource}.", "args": {"seat": 0, "count": n, "resource": NAMES[key]}}
            # As the engine emits it, and as a move stores it (its template as a catalogue id).
            stored = encode_events([event], seat=0)[0]
            assert not isinstance(stored["msg"], str)
            assert render_event(event, {0: "Anna"}) == render_event(stored, {0: "Anna"}) == gets.format(expected)
            label = {"msg": "Take {count}× {resource}", "args": {"count": n, "resource": NAMES[key]}}
            assert render_event(label, {}) == take.format(expected)


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", "Merchants' guild: exchange 2 bricks for 2 wood, 1 stone"),
        ("de", "Gilde der Händler: 2 Ziegel tauschen gegen: 2 Holz, 1 Stein"),
    ],
)
def test_a_red_cathedral_exchange_counts_what_it_gives_and_gets(language, expected):
    from games.services.log import render_event

    label = {
        "msg": "{group}: exchange {count}× {material} for {goods}",
        "args": {"group": "Merchants' guild", "count": 2, "material": "brick", "goods": ["wood", "stone", "wood"]},
    }
    with translation.override(language):
        assert render_event(label, {}) == expected


@pytest.mark.parametrize(
    "language, n, expected",
    [
        ("en", 1, "Anna moves the red die to area 3, paying 1 ruble for extra steps."),
        ("en", 2, "Anna moves the red die to area 3, paying 2 rubles for extra steps."),
        ("de", 1, "Anna zieht den roten Würfel in Bereich 3 und zahlt 1 Rubel für zusätzliche Bereiche."),
    ],
)
def test_a_red_cathedral_log_line_counts_rubles(language, n, expected):
    from games.services.log import render_event

    event = {
        "msg": "{seat} moves {die} to area {area}, paying {rubles} rubles for extra steps.",
        "args": {"seat": 0, "die": "the red die", "area": 3, "rubles": n},
    }
    with translation.override(language):
        assert render_event(event, {0: "Anna"}) == expected


@pytest.mark.parametrize(
    "language, n, expected",
    [
        ("en", 1, "Clergy: gain 1 glory"),
        ("de", 1, "Klerus: 1 Ruhmespunkt erhalten"),
        ("de", 2, "Klerus: 2 Ruhmespunkte erhalten"),
    ],
)
def test_a_red_cathedral_move_label_counts_glory(language, n, expected):
    from games.services.log import render_event

    with translation.override(language):
        assert (
            render_event({"msg": "{group}: gain {glory} glory", "args": {"group": "Clergy", "glory": n}}, {})
            == expected
        )


def test_every_red_cathedral_message_with_an_amount_is_shown_counted_and_reads_in_german():
    """A new engine message that puts a number before a resource's name must join the table, and
    the counted form of each must read in German with the same placeholders."""
    import string

    import polib

    from games.services.counted import COUNTED, NOUNS
    from tests.games.test_rc_messages import engine_ids

    with_amounts = {
        m
        for m in engine_ids()
        if "× {resource}" in m or "× {material}" in m or any(f"{{{name}}} {noun}" in m for name, noun, _key in NOUNS)
    }
    assert with_amounts <= set(COUNTED), with_amounts - set(COUNTED)
    german = {e.msgid: e.msgstr for e in polib.pofile("games/locale/de/LC_MESSAGES/django.po") if not e.msgctxt}

    def fields(text):
        return {f for _t, f, _s, _c in string.Formatter().parse(text) if f}

    for new in COUNTED.values():
        assert german.get(new), new
        assert fields(german[new]) == fields(new), new


@pytest.mark.parametrize(
    "language, event, expected",
    [
        ("en", {"msg": "Iwan delivers {count} materials.", "args": {"count": 1}}, "Iwan delivers 1 material."),
        (
            "de",
            {"msg": "Iwan delivers {count} materials.", "args": {"count": 1}},
            "Iwan liefert 1 Einheit Baumaterial.",
        ),
        (
            "de",
            {"msg": "Iwan delivers {count} materials.", "args": {"count": 3}},
            "Iwan liefert 3 Einheiten Baumaterial.",
        ),
        (
            "en",
            {"msg": "{seat} sets {count} gem(s) and gains {glory} glory.", "args": {"seat": 0, "count": 1, "glory": 1}},
            "Anna sets 1 gem and gains 1 glory.",
        ),
        (
            "de",
            {"msg": "{seat} sets {count} gem(s) and gains {glory} glory.", "args": {"seat": 0, "count": 2, "glory": 1}},
            "Anna setzt 2 Edelsteine ein und erhält 1 Ruhmespunkt.",
        ),
    ],
)
def test_a_red_cathedral_log_line_counts_units_of_material_and_gems(language, event, expected):
    from games.services.log import render_event

    with translation.override(language):
        assert render_event(event, {0: "Anna"}) == expected


@pytest.mark.parametrize(
    "language, action, expected",
    [
        (
            "en",
            {"act": "deliver", "units": 1, "rubles": 1},
            "Pay 1 ruble to deliver 1 material for building or decorating.",
        ),
        (
            "de",
            {"act": "deliver", "units": 2, "rubles": 3},
            "3 Rubel zahlen, um 2 Einheiten Baumaterial zum Bauen oder Verzieren zu liefern.",
        ),
        ("en", {"act": "swap_tiles", "rubles": 1}, "Pay 1 ruble to swap two resource tiles of the market."),
        ("en", {"act": "pay_glory", "rubles": 3, "glory": 1}, "Pay 3 rubles for 1 glory."),
        ("de", {"act": "pay_glory", "rubles": 3, "glory": 2}, "3 Rubel für 2 Ruhmespunkte zahlen."),
    ],
)
def test_a_red_cathedral_influence_action_counts_its_rubles(language, action, expected):
    from games.templatetags.red_cathedral import action_text

    with translation.override(language):
        assert action_text(action) == expected


@pytest.mark.parametrize(
    "language, args, expected",
    [
        ("en", {"rp_amount": 1}, "Managers' guild: Anna pays brick for 1 construction point."),
        ("en", {"rp_amount": 2}, "Managers' guild: Anna pays brick for 2 construction points."),
        ("de", {"rp_amount": 1}, "Gilde der Manager: Anna zahlt Ziegel für 1 Baupunkt."),
        ("de", {"rp_amount": 2}, "Gilde der Manager: Anna zahlt Ziegel für 2 Baupunkte."),
    ],
)
def test_an_amount_argument_is_said_with_its_noun_in_the_readers_language(language, args, expected):
    """Engine messages name an amount as "<resource>_amount"; the log says it in words."""
    from games.services.log import render_event

    event = {
        "msg": "Managers' guild: {seat} pays {material} for {rp_amount}.",
        "args": {"seat": 0, "material": "brick", **args},
    }
    with translation.override(language):
        assert render_event(event, {0: "Anna"}) == expected
