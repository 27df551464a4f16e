"""The board, the rules page and the figures page with the Foremen's, Entrepreneurs', Wholesalers'
and Lawyers' guilds."""

import re

import pytest
from django.utils import translation

from games.services import tables
from tests.factories import make_user

ENGINE = "red-cathedral"
SECTIONS = ("foremen", "entrepreneurs", "wholesalers", "lawyers")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _foremen_shown(page: str) -> list[str]:
    """The tower number of every tower whose foot shows the foreman (not the empty spot)."""
    return [
        n
        for n, block in re.findall(r'aria-labelledby="rc-tower-(\d+)"(.*?)class="rc-shares"', page, re.S)
        if 'class="rc-foreman"' in block
    ]


@pytest.mark.django_db
def test_the_board_shows_the_foreman_under_its_tower(client):
    anna = make_user("anna")
    game = tables.start_seated_game(ENGINE, [anna], {"guild": "foremen"}, seed=5, bots=1, rated=False)
    client.force_login(anna)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert _foremen_shown(page) == ["1"]
    towers = len(game.state["towers"])
    assert page.count('class="rc-foreman away"') == towers - 1, "every other tower keeps the empty spot"
    game.state["foreman"] = 2
    game.version += 1
    game.save(update_fields=["state", "version"])
    assert _foremen_shown(client.get(f"/games/{game.pk}/").content.decode()) == ["3"]


@pytest.mark.django_db
def test_without_the_foremen_the_board_has_no_foreman(client):
    anna = make_user("anna")
    game = tables.start_seated_game(ENGINE, [anna], {}, seed=5, bots=1, rated=False)
    client.force_login(anna)
    assert "rc-foreman" not in client.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("language,title", [("en", "The Foremen's guild"), ("de", "Die Gilde der Vorarbeiter")])
def test_the_rules_page_has_a_section_for_each_of_the_four_guilds(client, language, title):
    page = client.get("/games/red-cathedral/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for group in SECTIONS:
        assert f'id="rc-guild-{group}"' in page
        assert f'id="rc-card-{group}-3"' in page
    assert title in page.replace("&#x27;", "'")


@pytest.mark.django_db
def test_the_figures_page_shows_the_foreman_and_the_four_guilds_cards(client):
    page = client.get("/games/red-cathedral/figures/").content.decode()
    assert 'id="rc-file-foreman"' in page
    for group in SECTIONS:
        assert f'id="rc-file-guild-{group}"' in page
