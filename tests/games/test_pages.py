import pytest

from games.models import Game, Table
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db


def test_lobby_lists_open_tables_but_not_private_ones(client):
    alice = make_user("alice")
    from games.services import tables

    open_table = tables.create_table(alice, "toy", 2)
    private = tables.create_table(alice, "toy", 3, invited_only=True)
    client.force_login(make_user("bob"))
    page = client.get("/").content.decode()
    assert f'href="/tables/{open_table.pk}/"' in page
    assert f"/tables/{private.pk}/" not in page
    assert "invitation" not in page


def test_open_a_table_from_the_generated_options_form(client):
    client.force_login(make_user("alice"))
    form = client.get("/tables/new/?game=toy").content.decode()
    assert 'name="opt_target"' in form and 'name="opt_sudden_death"' in form
    bad = client.post(
        "/tables/new/",
        {
            "game_slug": "toy",
            "create": "1",
            "seats": 3,
            "opt_target": "21",
            "opt_sudden_death": "on",
            "time_control": "correspondence",
            "days_per_move": 3,
            "minutes_per_player": 20,
            "rated": "on",
            "bots": 0,
        },
    )
    assert "Sudden death is only for one or two players." in bad.content.decode()
    assert not Table.objects.exists()
    ok = client.post(
        "/tables/new/",
        {
            "game_slug": "toy",
            "create": "1",
            "seats": 2,
            "opt_target": "15",
            "time_control": "live",
            "days_per_move": 3,
            "minutes_per_player": 10,
            "rated": "on",
            "bots": 0,
        },
    )
    table = Table.objects.get()
    assert ok.url == f"/tables/{table.pk}/" and table.time_control == "live" and table.options["target"] == "15"


def test_join_from_the_table_page_starts_the_game(client):
    from games.services import tables

    table = tables.create_table(make_user("alice"), "toy", 2)
    client.force_login(make_user("bob"))
    client.post(f"/tables/{table.pk}/join/")
    game = Game.objects.get(table=table)
    assert client.get(f"/tables/{table.pk}/").url == f"/games/{game.pk}/"


def test_game_page_shows_board_log_chat_and_only_my_hand(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob, options={"target": "15"})
    me = game.players.get(user=alice).seat
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Game log" in page and "Chat" in page and 'data-version="0"' in page
    board = client.get(f"/games/{game.pk}/board/").content.decode()
    assert "&quot;hand_sizes&quot;" in board and "&quot;hands&quot;" not in board
    assert "&quot;rng&quot;" not in board
    assert ("Your turn" in board) == (game.state["turn"] == me)


def test_my_games_and_profile(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    client.force_login(alice)
    page = client.get("/my-games/").content.decode()
    assert f"/games/{game.pk}/" in page
    profile = client.get("/players/alice/").content.decode()
    assert "Active games" in profile and f"#{game.pk}" in profile


def test_pages_in_german(client):
    alice = make_user("alice", language="de")
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert "Offene Tische" in page
