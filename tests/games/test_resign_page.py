"""Resigning says what will happen: against bots only the game ends; with people left a bot plays on."""

import pytest

from games.models import Game
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db

ENDS = "Resign this game? It ends now, and you rank last."
PLAYS_ON = "Resign this game? A bot will play your seat and you will rank last."


def test_resigning_against_a_bot_says_the_game_ends_and_it_does(client):
    ann = make_user("ann")
    game = start_toy_game(ann, bots=1)
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert ENDS in page and PLAYS_ON not in page
    after = client.post(f"/games/{game.pk}/resign/", follow=True).content.decode()
    assert "You have resigned. The game is over." in after and "plays your seat" not in after
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


def test_resigning_with_two_people_left_says_a_bot_plays_on(client):
    ann = make_user("ann")
    game = start_toy_game(ann, make_user("ben"), make_user("cleo"))
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert PLAYS_ON in page and ENDS not in page
    after = client.post(f"/games/{game.pk}/resign/", follow=True).content.decode()
    assert "You have resigned. A bot plays your seat to the end." in after
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_resigning_against_one_person_ends_the_game(client):
    ann = make_user("ann", language="de")
    game = start_toy_game(ann, make_user("ben"))
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Diese Partie aufgeben? Sie endet sofort, und du wirst Letzter." in page
