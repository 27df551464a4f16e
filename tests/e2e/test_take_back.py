"""Taking back a move of a Rote Kathedrale turn in the browser, in German, with the keyboard."""

import os

import pytest
from channels.testing import ChannelsLiveServerTestCase

from tests.e2e.browser import launch, needs_chromium, playwright

pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# The board once no move is on its way: (version, whether it offers to take back, die buttons).
SETTLED = """() => {
  const area = document.getElementById('board-area');
  if (area.getAttribute('aria-busy')) return null;
  const board = area.querySelector('[data-version]');
  return {
    version: parseInt(board.dataset.version, 10),
    undo: !!area.querySelector('button[data-undo]'),
    dice: area.querySelectorAll('.rc-decide button[id^=rc-die-]').length,
    log: area.querySelector('.log-lines').innerText,
  };
}"""


def _log_in(page, base, username):
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-For-tests-123")
    page.click("button[type=submit]")


def _board(page, when: str):
    """The settled board once ``when`` (a JS expression over ``b``) holds."""
    return page.wait_for_function(
        f"() => {{ const b = ({SETTLED})(); return b && ({when}) ? b : null; }}", timeout=15000, polling=50
    ).json_value()


@needs_chromium
@pytest.mark.e2e
class TakeBackInARoteKathedraleTurn(ChannelsLiveServerTestCase):
    def test_move_a_die_and_take_it_back_in_german(self):
        from games.models import Game, Move
        from games.services import tables
        from games.services.replay import canonical
        from tests.factories import make_user

        anna, bea = make_user("anna"), make_user("bea")
        for user in (anna, bea):
            user.language = "de"
            user.save(update_fields=["language"])
        game = tables.start_seated_game("red-cathedral", [anna, bea], {"side": "basic"}, seed=4, rated=False)
        start = canonical(game.state)
        acting = game.players.get(seat=game.state["turn"]["seat"]).user.username
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE").new_page()
            _log_in(page, self.live_server_url, acting)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            first = _board(page, "b.dice > 0")
            assert not first["undo"]
            page.locator(".rc-decide button[id^=rc-die-]").first.click()
            moved = _board(page, f"b.version > {first['version']} && b.undo")
            assert moved["log"] != first["log"]
            button = page.locator("button[data-undo]")
            assert button.inner_text() == "Zug zurücknehmen"
            # By keyboard: focus the button and press Enter.
            button.focus()
            page.keyboard.press("Enter")
            back = _board(page, f"b.version > {moved['version']} && !b.undo && b.dice > 0")
            assert back["log"] == first["log"]
            assert page.locator("#move-error").is_hidden()
            game.refresh_from_db()
            assert canonical(game.state) == start and not Move.objects.filter(game=game).exists()
            assert game.status == Game.Status.ACTIVE
            browser.close()


@needs_chromium
@pytest.mark.e2e
class TakebackRequestInALiveGame(ChannelsLiveServerTestCase):
    def test_ask_and_allow_taking_back_the_end_of_a_turn_in_two_browsers(self):
        from games.models import Game, TimeControl
        from games.services import tables
        from games.services.engines import get_engine
        from games.services.moves import submit_move
        from tests.factories import make_user

        engine = get_engine("red-cathedral")
        anna, bea = make_user("anna"), make_user("bea")
        for user in (anna, bea):
            user.language = "de"
            user.save(update_fields=["language"])
        game = tables.start_seated_game("red-cathedral", [anna, bea], {"side": "basic"}, seed=4, rated=False)
        Game.objects.filter(pk=game.pk).update(time_control=TimeControl.LIVE)
        game.refresh_from_db()
        seat = game.state["turn"]["seat"]
        mover = game.players.get(seat=seat).user
        opponent = bea if mover == anna else anna
        for kind in ("claim", "end"):  # a claim, then the end of the turn: no dice rolled
            move = next(m for m in engine.legal_moves(game.state, seat) if m["type"] == kind)
            submit_move(game.pk, mover, move, version=game.version)
            game.refresh_from_db()
        with playwright() as pw:
            browser = launch(pw)
            pages = {}
            for user in (mover, opponent):
                page = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE").new_page()
                _log_in(page, self.live_server_url, user.username)
                page.goto(f"{self.live_server_url}/games/{game.pk}/")
                pages[user.username] = page
            asking, answering = pages[mover.username], pages[opponent.username]
            asking.wait_for_selector("button[data-undo=ask]")
            asking.locator("button[data-undo=ask]").click()
            asking.wait_for_selector("text=Du hast darum gebeten, deinen letzten Zug zurückzunehmen")
            # The opponent's board hears of the request by its socket and offers to allow it.
            answering.wait_for_selector("button[data-undo=accept]", timeout=15000)
            assert f"{mover.username} bittet darum" in answering.locator("#board-area").inner_text()
            answering.locator("button[data-undo=accept]").focus()
            answering.keyboard.press("Enter")
            # The turn is the asker's again, and the claim before the end may be taken back too.
            asking.wait_for_selector("button[data-undo]:not([data-undo=ask])", timeout=15000)
            assert "Du bist am Zug" in asking.locator(".turn-line").inner_text()
            answering.wait_for_function(
                "() => !document.querySelector('#board-area button[data-undo]')", timeout=15000, polling=50
            )
            game.refresh_from_db()
            assert engine.to_act(game.state) == [seat] and game.undo_seat == seat
            asking.screenshot(path="/tmp/undo_request_asker.png")
            browser.close()
