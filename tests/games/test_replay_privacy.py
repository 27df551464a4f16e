"""What a replay shows: while the game runs each step as the reader's seat saw it then, once it is
over everything; invited-only games as hidden as their page."""

import json

import pytest
from django.test import Client

from games.services import replay_record
from games.services.engines import get_engine
from tests.factories import make_user
from tests.support.replay import played_game

pytestmark = pytest.mark.django_db

GAMES = ["san-juan", "sankt-petersburg"]  # the games with hands (the Rote Kathedrale: contracts below)


# How each board marks a hand whose cards it shows.
HAND = {"san-juan": 'class="sj-cards hand"', "sankt-petersburg": 'class="sp-hand"'}


def _get(user, url: str):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(url)


def _hands(body: dict) -> list:
    return [p.get("hand") for p in body["view"]["players"]]


@pytest.mark.parametrize("slug", GAMES)
def test_a_running_game_shows_each_step_as_the_readers_seat_saw_it_then(slug):
    anna, bea, carl = make_user("anna"), make_user("bea"), make_user("carl")
    game = played_game(slug, [anna, bea], moves=40)
    engine = get_engine(slug)
    record = replay_record.record_of(game)
    for step in (3, 25):
        then = replay_record.state_at(game, record, step)
        for user, seat in ((anna, 0), (bea, 1), (carl, None), (None, None)):
            body = _get(user, f"/api/games/{game.pk}/steps/{step}/").json()
            assert body["reveals_all"] is False and body["seat"] == seat
            assert body["view"] == json.loads(json.dumps(engine.view(then, seat)))
            hands = _hands(body)
            assert [h is not None for h in hands] == [s == seat for s in range(2)]


@pytest.mark.parametrize("slug", GAMES)
def test_a_running_games_page_shows_no_other_hand(slug):
    anna, bea = make_user("anna"), make_user("bea")
    game = played_game(slug, [anna, bea], moves=40)
    engine = get_engine(slug)
    then = replay_record.state_at(game, replay_record.record_of(game), 20)
    theirs = {c["id"] for c in engine.view(then, 1)["players"][1]["hand"]}
    mine = {c["id"] for c in engine.view(then, 0)["players"][0]["hand"]}
    page = _get(anna, f"/games/{game.pk}/replay/?step=20").content.decode()
    body = _get(anna, f"/api/games/{game.pk}/steps/20/").json()
    assert mine and theirs and _hands(body)[1] is None
    assert page.count(HAND[slug]) == 1  # hers alone


@pytest.mark.parametrize("slug", GAMES)
def test_a_finished_game_reveals_every_hand_at_every_step(slug):
    anna, bea, carl = make_user("anna"), make_user("bea"), make_user("carl")
    game = played_game(slug, [anna, bea])
    engine = get_engine(slug)
    then = replay_record.state_at(game, replay_record.record_of(game), 20)
    for user in (anna, carl, None):
        body = _get(user, f"/api/games/{game.pk}/steps/20/").json()
        assert body["reveals_all"] is True
        for seat in range(2):
            assert body["view"]["players"][seat]["hand"] == json.loads(
                json.dumps(engine.view(then, seat)["players"][seat]["hand"])
            )
    page = _get(carl, f"/games/{game.pk}/replay/?step=20").content.decode()
    assert "nothing is secret" in page
    assert page.count(HAND[slug]) == sum(1 for p in body["view"]["players"] if p["hand"])


@pytest.mark.parametrize("slug", ["san-juan", "sankt-petersburg", "red-cathedral"])
def test_a_finished_games_step_shows_each_players_part_as_that_player_saw_it(slug):
    """The Rote Kathedrale's secrets (contracts, a drawn special tile) sit in each player's part too."""
    game = played_game(slug, [make_user("anna"), make_user("bea")])
    engine = get_engine(slug)
    then = replay_record.state_at(game, replay_record.record_of(game), 30)
    body = _get(None, f"/api/games/{game.pk}/steps/30/").json()
    for seat in range(2):
        assert body["view"]["players"][seat] == json.loads(json.dumps(engine.view(then, seat)["players"][seat]))


def test_an_invited_only_game_stays_private_in_its_replay():
    anna, bea, carl, dora = make_user("anna"), make_user("bea"), make_user("carl"), make_user("dora")
    game = played_game("san-juan", [anna, bea], private=True, readers=(carl,))
    for user, status in ((anna, 200), (carl, 200), (dora, 404), (None, 404)):
        assert _get(user, f"/games/{game.pk}/replay/?step=3").status_code == status
        assert _get(user, f"/api/games/{game.pk}/steps/3/").status_code == status
    # A stranger learns nothing from a bad step either: the game itself is not there.
    assert _get(dora, f"/api/games/{game.pk}/steps/abc/").status_code == 404
