"""The Archivists' and the Master Builders' guilds on the Die Rote Kathedrale board and pages: contracts
shown to their holder alone, the choice after a draw, amounts said in words, the rules page."""

import random

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.rc_guilds_board import contract_text
from games.rc_rules import rules_context
from games.services.engines import get_engine
from games.services.log import render_event

E = get_engine("red-cathedral")
NAMES = {0: "Anna", 1: "Bea", 2: "Cem"}


def _advance(st: dict, until, limit: int = 3000) -> dict:
    for n in range(limit):
        if until(st):
            return st
        seat = E.to_act(st)[0]
        E.apply(st, seat, E.bot_move(st, seat, random.Random(n)))
    raise AssertionError("the game did not reach the wanted point")


def _board(st: dict, seat: int | None, language: str = "en") -> str:
    labelled = []
    if seat is not None and seat in E.to_act(st):
        labelled = [
            {"move": m, "label": render_event(E.move_label(st, seat, m), NAMES)} for m in E.legal_moves(st, seat)
        ]
    players = [{"seat": i, "name": NAMES[i]} for i in range(st["n"])]
    with translation.override(language):
        return render_to_string(
            "games/red-cathedral/board.html",
            {"view": E.view(st, seat), "seat": seat, "players": players, "labelled_moves": labelled},
        )


def _choosing_contracts(st: dict) -> bool:
    choice = st["turn"].get("choice")
    return bool(choice and choice["kind"] == "contracts")


@pytest.mark.parametrize("language", ["en", "de"])
def test_drawn_contracts_show_on_the_drawers_board_only(language):
    st = _advance(E.setup(3, {"guild": "archivists", "clergy": "1"}, 21), _choosing_contracts)
    drawer = st["turn"]["seat"]
    drawn = st["turn"]["choice"]["cards"]
    with translation.override(language):
        texts = [contract_text(c) for c in drawn]
    mine = _board(st, drawer, language)
    assert all(t in mine for t in texts)
    assert 'id="rc-guild-choice"' in mine and '"type":"choose"' in mine.replace("&quot;", '"')
    for seat in ((drawer + 1) % 3, None):
        other = _board(st, seat, language)
        assert not any(t in other for t in texts)
        assert not any(f">{c}<" in other for c in drawn)


def test_a_players_contracts_show_on_their_board_and_as_a_count_elsewhere():
    st = _advance(
        E.setup(2, {"guild": "archivists", "clergy": "2"}, 4),
        lambda s: not _choosing_contracts(s) and any(pl["contracts"] for pl in s["pl"]),
    )
    holder = next(p for p, pl in enumerate(st["pl"]) if pl["contracts"])
    texts = [contract_text(c) for c in st["pl"][holder]["contracts"]]
    assert all(t in _board(st, holder) for t in texts)
    other = _board(st, 1 - holder)
    assert not any(t in other for t in texts) and "(secret)" in other


def test_drawn_section_cards_and_counted_materials_show_to_the_chooser():
    st = _advance(
        E.setup(2, {"guild": "master_builders", "clergy": "2"}, 8),
        lambda s: bool(s["turn"].get("choice") and s["turn"]["choice"]["kind"] == "sections"),
    )
    seat = st["turn"]["seat"]
    page = _board(st, seat)
    for card in st["turn"]["choice"]["cards"]:
        assert f'<b translate="no">{card}</b>' in page
    assert "Take 2 of the materials one card needs and 1 of the other&#x27;s." in page


@pytest.mark.parametrize(
    "language, rp, expected",
    [
        ("en", 1, "Archivists' guild: Anna pays 1 construction point for the resources of area 3."),
        ("en", 2, "Archivists' guild: Anna pays 2 construction points for the resources of area 3."),
        ("de", 1, "Gilde der Archivare: Anna zahlt 1 Baupunkt für die Ressourcen von Bereich 3."),
        ("de", 2, "Gilde der Archivare: Anna zahlt 2 Baupunkte für die Ressourcen von Bereich 3."),
    ],
)
def test_guild_log_lines_say_their_amounts_with_the_plural_they_need(language, rp, expected):
    event = {
        "msg": "{group}: {seat} pays {rp} for the resources of area {area}.",
        "args": {"group": "Archivists' guild", "seat": 0, "rp": rp, "area": 3},
    }
    with translation.override(language):
        assert render_event(event, NAMES) == expected


def test_the_rules_page_lists_both_guilds_cards_and_every_contract():
    with translation.override("de"):
        context = rules_context()
        page = render_to_string("games/red-cathedral/rules.html", context)
    assert 'id="rc-archivists"' in page and 'id="rc-master-builders"' in page
    assert len(context["archivists"]["contracts"]) == 15
    assert [c["number"] for c in context["guild_cards"]["master_builders"]["cards"]] == [1, 2, 3]
    assert 'id="rc-card-archivists-3"' in page and 'id="rc-card-master_builders-3"' in page
    assert "Lege am Spielende 2 Holz in den Vorrat zurück: 2 Ruhmespunkte." in page
