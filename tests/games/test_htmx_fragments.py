"""The pages htmx refreshes answer its requests (HX-Request) with the fragment it swaps in, and every
other request with the whole page, as before; the chat posts without a reload and still without script."""

import pytest

from games.models import ChatMessage, Game
from games.services import tables
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def _is_fragment(response) -> bool:
    return response.status_code == 200 and "<html" not in response.content.decode()


def test_the_lobby_answers_htmx_with_the_part_asked_for(client):
    alice = make_user("alice")
    table = tables.create_table(alice, "toy", 2)
    game = start_toy_game(alice, make_user("bob"))
    client.force_login(alice)

    listing = client.get("/", headers={**HTMX, "HX-Target": "table-list"})
    assert _is_fragment(listing) and f'href="/tables/{table.pk}/"' in listing.content.decode()
    assert f"/games/{game.pk}/" not in listing.content.decode()

    mine = client.get("/", headers={**HTMX, "HX-Target": "my-turn"})
    assert _is_fragment(mine) and f'href="/games/{game.pk}/"' in mine.content.decode()
    assert f"/tables/{table.pk}/" not in mine.content.decode()

    page = client.get("/")
    assert "<html" in page.content.decode() and 'id="table-list"' in page.content.decode()
    # A browser must not answer a later visit of the page with a fragment it kept.
    assert {"HX-Request", "HX-Target"} <= {h.strip() for h in page["Vary"].split(",")}


def test_the_lobby_fragment_of_your_games_is_empty_for_visitors(client):
    response = client.get("/", headers={**HTMX, "HX-Target": "my-turn"})
    assert _is_fragment(response) and "You have no running games." in response.content.decode()


def test_the_table_page_answers_htmx_with_its_seats(client):
    table = tables.create_table(make_user("alice"), "toy", 3)
    client.force_login(make_user("bob"))
    seats = client.get(f"/tables/{table.pk}/", headers=HTMX)
    assert _is_fragment(seats)
    text = seats.content.decode()
    assert "Seats (1 of 3)" in text and "Take a seat" in text and "Time control" not in text
    page = client.get(f"/tables/{table.pk}/")
    assert "<html" in page.content.decode() and 'id="table-live"' in page.content.decode()
    assert "HX-Request" in page["Vary"]


def test_the_table_page_sends_htmx_to_the_game_once_it_starts(client):
    table = tables.create_table(make_user("alice"), "toy", 2)
    tables.join_table(table.pk, make_user("bob"))
    game = Game.objects.get(table=table)
    client.force_login(make_user("carl"))
    followed = client.get(f"/tables/{table.pk}/", headers=HTMX)
    # htmx follows HX-Redirect with the whole page; a plain redirect would be swapped into the seats.
    assert followed.status_code == 200 and followed["HX-Redirect"] == f"/games/{game.pk}/"
    assert client.get(f"/tables/{table.pk}/").url == f"/games/{game.pk}/"


def test_my_games_answers_htmx_with_the_lists(client):
    alice = make_user("alice")
    game = start_toy_game(alice, make_user("bob"))
    client.force_login(alice)
    lists = client.get("/my-games/", headers=HTMX)
    assert _is_fragment(lists) and f'href="/games/{game.pk}/"' in lists.content.decode()
    assert "Finished games" in lists.content.decode()
    page = client.get("/my-games/")
    assert "<html" in page.content.decode() and 'id="my-games"' in page.content.decode()
    assert "HX-Request" in page["Vary"]


def test_a_chat_post_by_htmx_answers_the_messages_and_an_empty_form(client):
    alice = make_user("alice")
    game = start_toy_game(alice, make_user("bob"))
    client.force_login(alice)
    response = client.post(f"/games/{game.pk}/chat/", {"text": "good luck"}, headers=HTMX)
    text = response.content.decode()
    assert _is_fragment(response) and "good luck" in text
    # The form comes back out of band, its field empty.
    assert 'id="chat-form"' in text and 'hx-swap-oob="true"' in text
    assert 'id="chat-text" name="text"' in text and "value=" not in text.split('id="chat-text"')[1].split(">")[0]
    assert ChatMessage.objects.filter(game=game, text="good luck").exists()


def test_a_chat_post_without_script_goes_back_to_the_game(client):
    alice = make_user("alice")
    game = start_toy_game(alice, make_user("bob"))
    client.force_login(alice)
    response = client.post(f"/games/{game.pk}/chat/", {"text": "hello"})
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
    assert "hello" in client.get(f"/games/{game.pk}/").content.decode()


def test_the_chat_refresh_is_the_messages_alone(client):
    alice = make_user("alice")
    game = start_toy_game(alice, make_user("bob"))
    client.force_login(alice)
    client.post(f"/games/{game.pk}/chat/", {"text": "hello"}, headers=HTMX)
    refresh = client.get(f"/games/{game.pk}/chat/", headers=HTMX)
    assert _is_fragment(refresh) and "hello" in refresh.content.decode()
    assert "chat-form" not in refresh.content.decode()


def test_the_game_page_wires_the_board_and_chat_to_the_games_socket(client):
    alice = make_user("alice")
    game = start_toy_game(alice, make_user("bob"))
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'ws-connect="/ws/games/{game.pk}/"' in page
    assert f'hx-get="/games/{game.pk}/board/"' in page and f'hx-get="/games/{game.pk}/chat/"' in page
    # Without script the chat form still posts to the page.
    assert f'method="post" action="/games/{game.pk}/chat/"' in page
