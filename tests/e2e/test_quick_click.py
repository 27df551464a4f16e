"""A click on a board that another player's decision at the same time has made older lands; a click
that the game really has moved past is refused, the board shows the game as it is with a note, and
the note goes with the next redraw of a newer version.

San Juan's start variant: both players discard down to four cards at once (the governor holds 5,
the other player 6). Ben plays in the browser; Anna's moves go through the service. While the test
holds the board's refreshes back (they are answered with an error), the page keeps the older board.
"""

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.db import connection
from playwright.sync_api import expect

from tests.e2e.browser import launch, needs_chromium

pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@needs_chromium
@pytest.mark.e2e
class AQuickClick(ChannelsLiveServerTestCase):
    serialized_rollback = False

    def setUp(self):
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self.browser = launch(self._pw)

    def tearDown(self):
        from django.db import connections

        self.browser.close()
        connections.close_all()
        self._pw.stop()

    def test_a_click_crossing_the_others_decision_lands_and_a_refusal_note_goes_with_the_next_version(self):
        from games.models import Game
        from games.services.engines import get_engine
        from games.services.moves import submit_move
        from games.services.tables import start_seated_game
        from tests.factories import make_user

        anna, ben = make_user("anna"), make_user("ben")
        game = start_seated_game("san-juan", [anna, ben], {"start_variant": True}, seed=5, rated=False)
        engine = get_engine("san-juan")
        hands = {p.seat: len(game.state["p"][p.seat]["hand"]) for p in game.players.all()}
        b = max(hands, key=hands.__getitem__)  # Ben is whoever holds six cards and discards twice
        a = 1 - b
        seated = {p.seat: p.user for p in game.players.all()}
        anna, ben = seated[a], seated[b]

        def play_as(user, seat):
            # In a thread of its own: the move's announcement needs a thread without Playwright's event loop.
            def move():
                try:
                    current = Game.objects.get(pk=game.pk)
                    submit_move(game.pk, user, engine.legal_moves(current.state, seat)[0], version=current.version)
                finally:
                    connection.close()

            with ThreadPoolExecutor(1) as pool:
                pool.submit(move).result()

        page = self.browser.new_context(locale="en-GB").new_page()
        page.goto(self.live_server_url + "/accounts/login/")
        page.fill("#id_username", ben.username)
        page.fill("#id_password", "pw-For-tests-123")
        page.click("button[type=submit]")
        page.goto(f"{self.live_server_url}/games/{game.pk}/")
        page.wait_for_function("() => document.documentElement.dataset.live === 'on'")
        board = page.locator("#board-area .board-area")
        error = page.locator("#move-error")
        expect(board).to_have_attribute("data-version", "0")

        held = []

        def hold(route):
            held.append(route.request.url)
            route.abort()

        board_url = f"**/games/{game.pk}/board/**"
        page.route(board_url, hold)

        # Anna decides; the socket's news reaches the page but its refresh is held back: the board stays at 0.
        play_as(anna, a)
        for _ in range(50):
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the page did not try to fetch the newer board"
        expect(board).to_have_attribute("data-version", "0")
        page.unroute(board_url)

        # Ben's click from version 0 lands: his own decision did not change.
        page.locator("#board-area button[data-move*='discard']").first.click()
        expect(board).to_have_attribute("data-version", "2")
        expect(error).to_be_hidden()
        game.refresh_from_db()
        assert game.version == 2 and game.moves.get(seq=2).seat == b

        # Ben's second discard arrives from elsewhere (another tab) while this board is held at 2; the
        # click on what this board still offers is refused, and the board shows version 3 with the note.
        held.clear()
        page.route(board_url, hold)
        play_as(ben, b)
        for _ in range(50):
            if held:
                break
            page.wait_for_timeout(100)
        expect(board).to_have_attribute("data-version", "2")
        page.unroute(board_url)
        page.locator("#board-area button[data-move*='discard']").first.click()
        expect(board).to_have_attribute("data-version", "3")
        expect(error).to_be_visible()
        expect(error).to_contain_text("moved on")
        assert "Reload" not in error.inner_text()

        # Anna chooses a role: the redraw of version 4 takes the note away.
        play_as(anna, a)
        expect(board).to_have_attribute("data-version", "4")
        expect(error).to_be_hidden()
