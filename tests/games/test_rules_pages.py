"""The rules pages of Die Rote Kathedrale and Sankt Petersburg: both languages, figures read from
the data files, uncertain figures marked, and the links from the board, the table form and the
table page (the same per-game links San Juan's page has)."""

import copy
import html
import re

import pytest
from django.utils import translation

from games import rc_rules, sp_rules
from games.rules.red_cathedral.data import figures
from games.rules.sankt_petersburg.cards import KINDS, UNCERTAIN
from games.services import tables
from tests.factories import make_user

RC = "/games/red-cathedral/rules/"
SP = "/games/sankt-petersburg/rules/"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _get(client, url: str, lang: str) -> str:
    client.cookies["django_language"] = lang
    with translation.override(lang):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def _text(page: str) -> str:
    body = page[page.index("<article") : page.index("</article>")]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "en",
            [
                "Die Rote Kathedrale: rules",
                "Rule readings",
                "The Tsar's penalty",
                "Solo game against Iwan",
                "Extended workshop side",
                "we take the leftmost",
                "We count them as glory.",
            ],
        ),
        (
            "de",
            [
                "Die Rote Kathedrale: Regeln",
                "Regelauslegungen",
                "Strafe des Zaren",
                "Solospiel gegen Iwan",
                "Erweiterte Werkstattseite",
                "nehmen wir den am weitesten links",
                "Wir zählen sie als Ruhmespunkte.",
            ],
        ),
    ],
)
def test_the_red_cathedral_rules_page_in_both_languages(client, lang, words):
    text = _text(_get(client, RC, lang))
    for word in words:
        assert word in text
    other = "Strafe des Zaren" if lang == "en" else "The Tsar's penalty"
    assert other not in text


@pytest.mark.django_db
def test_the_red_cathedral_page_links_the_figures_page_and_marks_provisional_cards(client):
    page = _get(client, RC, "en")
    assert 'href="/games/red-cathedral/figures/"' in page
    cards = figures()["influence"]
    for card in cards:
        row = re.search(rf'<tr id="rc-card-{card["group"]}-{card["number"]}">(.*?)</tr>', page, re.S).group(1)
        assert ("p-provisional" in row) == (card["provenance"] == "provisional")


@pytest.mark.django_db
def test_the_red_cathedral_figures_come_from_the_data_files(client, monkeypatch):
    changed = copy.deepcopy(figures())
    changed["solo"]["points"]["rp"] = 97
    changed["game"]["optional"]["glory_rubles"] = 13
    changed["game"]["end"]["bonus_glory"] = 11
    changed["influence"][0]["actions"][0]["rubles"] = 7
    monkeypatch.setattr(rc_rules, "figures", lambda: changed)
    text = _text(_get(client, RC, "en"))
    assert "Iwan gains 97 construction points." in text
    assert "give up 1 glory for 13 rubles" in text
    assert "gains 11 glory" in text
    assert "Sell 1 material of any kind for 7 rubles." in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "en",
            [
                "Sankt Petersburg: rules",
                "Rule readings",
                "End and final scoring",
                "Module 6: obstacles",
                "Market value tiles",
            ],
        ),
        (
            "de",
            [
                "Sankt Petersburg: Regeln",
                "Regelauslegungen",
                "Spielende und Schlusswertung",
                "Modul 6: Die Hürden",
                "Marktwertplättchen",
            ],
        ),
    ],
)
def test_the_sankt_petersburg_rules_page_in_both_languages(client, lang, words):
    page = _get(client, SP, lang)
    text = _text(page)
    for word in words:
        assert word in text
    # Every card of the file has its row, named in the reader's language.
    for kind in KINDS:
        assert f'id="sp-c-{kind["key"]}"' in page
    assert ("Holzfäller" in text) == (lang == "de") and ("Lumberjack" in text) == (lang == "en")


@pytest.mark.django_db
def test_the_sankt_petersburg_uncertain_figures_are_marked(client):
    page = _get(client, SP, "en")
    for key, entry in UNCERTAIN.items():
        figures_ = [
            f for f in entry.get("fields", []) if f in ("cost", "rubles", "points", "copies", "expansion_copies")
        ]
        if key == "rules" or not figures_:
            continue
        row = re.search(rf'<tr id="sp-c-{key}">(.*?)</tr>', page, re.S).group(1)
        assert row.count('class="sp-uncertain"') >= len(figures_), key
    sure = next(k["key"] for k in KINDS if k["key"] not in UNCERTAIN)
    row = re.search(rf'<tr id="sp-c-{sure}">(.*?)</tr>', page, re.S).group(1)
    assert "sp-uncertain" not in row


@pytest.mark.django_db
def test_a_card_added_to_the_file_appears_without_a_template_change(client, monkeypatch):
    banquet = {
        "key": "banquet_test",
        "name_en": "Feast Hall",
        "name_de": "Festsaal",
        "deck": "building",
        "color": "building",
        "exchange": False,
        "set": "banquet",
        "editions": ["1", "2"],
        "cost": 41,
        "rubles": 0,
        "points": 9,
        "copies": 1,
        "text": "Doubles a card's income once.",
        "text_de": "Verdoppelt einmal das Einkommen einer Karte.",
    }
    strange_deck = dict(banquet, key="special_test", deck="special", name_en="Jester", name_de="Narr")
    monkeypatch.setattr(sp_rules, "KINDS", KINDS + [banquet, strange_deck])
    page = _get(client, SP, "en")
    row = re.search(r'<tr id="sp-c-banquet_test">(.*?)</tr>', page, re.S).group(1)
    assert "Feast Hall" in row and "41" in row and "9" in row and "Doubles a card&#x27;s income once." in row
    assert 'id="sp-deck-special"' in page and 'id="sp-c-special_test"' in page
    de = _get(client, SP, "de")
    assert "Festsaal" in de and "Verdoppelt einmal das Einkommen einer Karte." in de


@pytest.mark.django_db
def test_the_sankt_petersburg_figures_come_from_the_data_file(client, monkeypatch):
    rules = dict(sp_rules.RULES, start_money=31, hand_penalty=8, market_tiles=[[9, 4]])
    monkeypatch.setattr(sp_rules, "RULES", rules)
    text = _text(_get(client, SP, "en"))
    assert "Everyone starts with 31 rubles." in text and "8 points less for every card still in hand" in text
    assert "Leader 9" in text and "Second 4" in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    "slug, url, link_id, words",
    [
        ("red-cathedral", RC, "rc-rules-link", "Die Rote Kathedrale rules"),
        ("sankt-petersburg", SP, "sp-rules-link", "Sankt Petersburg rules"),
        ("san-juan", "/games/san-juan/rules/", "sj-rules-link", "San Juan rules"),
    ],
)
def test_the_board_the_table_form_and_the_table_page_link_the_rules_page(client, slug, url, link_id, words):
    link = f'<a href="{url}" id="{link_id}">{words}</a>'
    owner = make_user(f"owner-{slug}")
    client.force_login(owner)
    assert link in client.get(f"/tables/new/?game={slug}").content.decode()
    table = tables.create_table(owner, slug, 2)
    assert link in client.get(f"/tables/{table.pk}/").content.decode()
    game = tables.start_seated_game(slug, [owner, make_user(f"guest-{slug}")], {}, seed=5, rated=False)
    assert link in client.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.django_db
def test_the_links_speak_german(client):
    dora = make_user("dora")
    dora.language = "de"
    dora.save(update_fields=["language"])
    client.force_login(dora)
    page = _get(client, "/tables/new/?game=sankt-petersburg", "de")
    assert ">Sankt-Petersburg-Regeln</a>" in page
    page = _get(client, "/tables/new/?game=red-cathedral", "de")
    assert ">Regeln der Roten Kathedrale</a>" in page
