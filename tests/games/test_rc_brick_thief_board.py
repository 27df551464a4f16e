"""The Brickmakers' reinforcement tiles and the Thieves' guild on the board, the rules and the figures page."""

import copy

import pytest
from django.utils import translation

from games.rules.red_cathedral.reinforcement import TILES
from games.services.engines import get_engine
from games.services.log import render_event
from games.templatetags.red_cathedral import _moves
from tests.factories import make_user
from tests.games.test_rc_board_pages import _ids, _start, _store, _text, engine_seat

ENGINE = "red-cathedral"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _holding(game, tiles):
    """The seat to act holds ``tiles`` at the start of its turn."""
    state = copy.deepcopy(game.state)
    seat = engine_seat(game)
    state["pl"][seat]["reinf"] = list(tiles)
    _store(game, state)
    return seat


def _labelled(state, seat):
    engine = get_engine(ENGINE)
    return [
        {"move": m, "label": render_event(engine.move_label(state, seat, m), {0: "anna", 1: "bea"})}
        for m in engine.legal_moves(state, seat)
    ]


@pytest.mark.django_db
def test_the_tiles_beside_the_board_and_the_held_ones_show_with_their_effects(client):
    game, users = _start([make_user("anna"), make_user("bea")], {"guild": "brickmakers"})
    seat = _holding(game, ["V01"])
    client.force_login(users[seat])
    page = _text(client.get(f"/games/{game.pk}/board/").content.decode())
    assert "Reinforcement tiles" in page
    assert "V02 Take one action of any of the four groups." in " ".join(page.split())
    assert "V01 Gain 5 rubles." in " ".join(page.split())


@pytest.mark.django_db
def test_a_tiles_uses_are_grouped_under_the_tile_with_ids_from_the_tile(client):
    game, users = _start([make_user("anna"), make_user("bea")], {"guild": "brickmakers"})
    seat = _holding(game, ["V01", "V11"])
    state = game.state
    out = _moves(_labelled(state, seat), get_engine(ENGINE).view(state, seat), seat)
    assert [g["tile"] for g in out["reinforce"]] == ["V01", "V11"]
    assert out["optional_any"] and not out["other"]
    assert all(m["id"].startswith(f"rc-reinf-{g['tile']}-") for g in out["reinforce"] for m in g["moves"])
    client.force_login(users[seat])
    ids = _ids(client.get(f"/games/{game.pk}/board/").content.decode())
    assert "rc-reinf-V01-0" in ids


@pytest.mark.django_db
def test_the_figures_page_lists_every_reinforcement_tile_and_both_guilds_cards(client):
    page = client.get("/games/red-cathedral/figures/").content.decode()
    assert 'id="rc-file-reinforcement_tiles"' in page
    assert 'id="rc-file-guild-brickmakers"' in page and 'id="rc-file-guild-thieves"' in page
    text = _text(page)
    for tile in TILES:
        assert tile in text
    assert "Smuggling: pay 1 ruble for 1 resource" in " ".join(text.split())


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, brick, thieves",
    [
        ("en", "The Brickmakers' guild", "The Thieves' guild"),
        ("de", "Die Gilde der Ziegelhersteller", "Die Gilde der Diebe"),
    ],
)
def test_the_rules_page_has_a_section_for_each_guild(client, language, brick, thieves):
    with translation.override(language):
        page = client.get("/games/red-cathedral/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'id="rc-brickmakers"' in page and 'id="rc-thieves"' in page
    assert brick in page and thieves in page
