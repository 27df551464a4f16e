import os

import pytest
from channels.testing import ChannelsLiveServerTestCase

from tests.e2e.browser import launch, needs_chromium, playwright

# One browser at a time (pytest-xdist --dist loadgroup): two would share the machine's cores with the live servers.
pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Once the board has settled (no move on its way): the game's end, a shown refusal, or the
# control to use next, picked by element id (every board control has a stable one): a
# decision, now and then a card, an exchange or a hand card, else "pass this phase".
NEXT = """turn => {
  const area = document.getElementById('board-area');
  if (area.getAttribute('aria-busy')) return null;
  if (area.querySelector('.result')) return {kind: 'over'};
  const error = document.getElementById('move-error');
  if (error && !error.hidden) return {kind: 'error', text: error.textContent};
  const first = sel => { const el = area.querySelector(sel); return el && el.id ? el.id : null; };
  const firstRound = !area.querySelector('#sp-pass-turn');
  let id;
  if ((id = first('.sp-decide .moves:not(.sp-pass) button[data-move], .sp-drawn button[data-move]')))
    return {id, kind: 'decision'};
  if (turn % 8 === 4 && (id = first('.sp-display details.sp-choose'))) return {id, kind: 'exchange'};
  if (firstRound || turn % 4 === 0) {
    if ((id = first('.sp-display button[id^=sp-buy-], .sp-hand button[id^=sp-play-]'))) return {id, kind: 'buy'};
  }
  if (turn % 12 === 6 && (id = first('.sp-display button[id^=sp-take-]'))) return {id, kind: 'take'};
  if ((id = first('#sp-pass-phase') || first('#sp-pass-turn'))) return {id, kind: 'pass'};
  return null;
}"""


@needs_chromium
@pytest.mark.e2e
class SanktPetersburgAgainstABot(ChannelsLiveServerTestCase):
    def test_play_a_whole_game_with_mouse_and_keyboard_and_see_the_statistics(self):
        from games.models import Game
        from games.services import tables
        from tests.factories import make_user

        anna = make_user("anna")
        table = tables.create_table(anna, "sankt-petersburg", 2, bots=1, rated=False)
        game_id = table.game.pk
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.goto(self.live_server_url + "/accounts/login/")
            page.fill("#id_username", "anna")
            page.fill("#id_password", "pw-For-tests-123")
            page.click("button[type=submit]")
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector(".sp-display")
            assert page.locator(".sp-phase.current").count() == 1

            done = {"buy": 0, "take": 0, "pass": 0, "exchange": 0, "decision": 0, "keyboard": 0}
            for turn in range(400):
                found = page.wait_for_function(NEXT, arg=turn, timeout=15000, polling=50).json_value()
                assert found["kind"] != "error", found["text"]
                if found["kind"] == "over":
                    break
                if turn == 2:
                    # A pile's contents, opened once, stay open while the board redraws itself. (A redraw
                    # between the focus and the key takes the focus away; then the key is pressed again.)
                    for _ in range(5):
                        page.locator("#sp-deck-worker > summary").focus()
                        page.keyboard.press("Enter")
                        if page.locator("#sp-deck-worker[open]").count():
                            break
                target = page.locator(f"#{found['id']}")
                if found["kind"] == "exchange":
                    # Open the choice of the card to replace with the keyboard, then pick one.
                    target.locator("summary").focus()
                    page.keyboard.press("Enter")
                    target = target.locator("button[data-move]").first
                if turn % 3 == 1:
                    target.focus()
                    page.keyboard.press("Enter")
                    done["keyboard"] += 1
                else:
                    target.click()
                done[found["kind"]] += 1
            else:
                raise AssertionError("the game did not end")

            assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
            assert page.locator("#sp-deck-worker[open]").count() == 1
            assert done["buy"] >= 2 and done["pass"] >= 1 and done["keyboard"] >= 3, done
            result = page.locator("#board-area .result")
            assert "Points for different aristocrats" in result.inner_text()
            # The ∑ button opens the same table on the board, by keyboard too. (The last redraws, such as
            # the one the end-of-game summary brings, may still take the focus away before the key.)
            for _ in range(5):
                page.locator("#sp-sum > summary").focus()
                page.keyboard.press("Enter")
                if page.locator("#sp-sum[open]").count():
                    break
            table_ = page.locator("#sp-sum .stats")
            table_.wait_for(state="visible")
            assert "Special cards bought" in table_.inner_text() and "anna" in table_.inner_text()
            log = page.locator(".log-lines").inner_text()
            assert "anna buys the" in log and "The game is over." in log
            browser.close()


@needs_chromium
@pytest.mark.e2e
class SanktPetersburgMarketOnAPhone(ChannelsLiveServerTestCase):
    def test_the_market_and_the_modules_fit_a_phone_and_an_event_is_triggered_by_keyboard(self):
        import copy
        import random

        from games.services import tables
        from games.services.engines import get_engine
        from tests.factories import make_user

        options = {
            "edition": "2",
            "market": True,
            "helpers": True,
            "events": True,
            "assignments": True,
            "obstacles": True,
        }
        anna, bea = make_user("anna"), make_user("bea")
        game = tables.start_seated_game("sankt-petersburg", [anna, bea], options, seed=4, rated=False)
        names = {p.seat: p.user.username for p in game.players.select_related("user")}
        engine = get_engine("sankt-petersburg")
        rng = random.Random(1)
        state = copy.deepcopy(game.state)
        while True:
            seat = engine.to_act(state)[0]
            legal = engine.legal_moves(state, seat)
            if any(m == {"type": "event", "event": "sponsor"} for m in legal):
                break
            state, _ = engine.apply(state, seat, engine.bot_move(state, seat, rng))
        game.state = state
        game.version += 1
        game.save(update_fields=["state", "version"])
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.goto(self.live_server_url + "/accounts/login/")
            page.fill("#id_username", names[seat])
            page.fill("#id_password", "pw-For-tests-123")
            page.click("button[type=submit]")
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.wait_for_selector(".sp-market")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            assert (
                page.locator(".sp-market-table tbody tr").count() == 5
                and page.locator(".sp-assignments li").count() == 3
            )
            page.locator("#sp-events > summary").focus()
            page.keyboard.press("Enter")
            page.locator("#sp-event-sponsor").focus()
            page.keyboard.press("Enter")
            page.wait_for_selector(".sp-event-list li.used")
            assert "Sponsor" in page.locator(".sp-event-list li.used").inner_text()
            browser.close()


# A rule text this long takes more than three lines on any card, on a phone as on a wide screen.
LONG_TEXT = 150


def _play_until_a_card_with_a_long_text_is_shown(game_id: int) -> None:
    """Boris plays as a bot would until a card with a long rule text lies on the display (some texts
    are short enough to fit their card uncut)."""
    import random

    from games.models import Game
    from games.services.engines import get_engine
    from games.services.moves import submit_move

    engine = get_engine("sankt-petersburg")
    rng = random.Random(7)
    for _ in range(200):
        game = Game.objects.get(pk=game_id)
        human = game.players.select_related("user").get(is_bot=False)
        shown = engine.view(game.state, human.seat)["display"]
        if any(len(c.get("text") or "") >= LONG_TEXT for c in shown["upper"] + shown["lower"]):
            return
        assert game.status == Game.Status.ACTIVE and human.seat in engine.to_act(game.state)
        move = engine.bot_move(game.state, human.seat, rng)
        submit_move(game_id, human.user, move, version=game.version)
    raise AssertionError("no card with a long text came up")


# A card whose text is cut off after three lines (on the board or in an opened pile).
CLAMPED = """() => {
  document.querySelectorAll('#board-area details').forEach(d => { d.open = true; });
  const text = [...document.querySelectorAll('#board-area .sp-card .sp-text')]
    .find(t => t.offsetParent && t.scrollHeight > t.clientHeight + 2);
  if (!text) return null;
  text.scrollIntoView();
  return text.closest('.sp-card').dataset.card;
}"""


@needs_chromium
@pytest.mark.e2e
class SanktPetersburgCardTextsOnAPhone(ChannelsLiveServerTestCase):
    def test_a_tap_opens_a_card_text_that_a_mouse_opens_by_hovering(self):
        from games.services import tables
        from tests.factories import make_user

        # A fixed deal: with a random one the first card texts shown may all be short.
        game = tables.start_seated_game("sankt-petersburg", [make_user("boris")], {}, seed=1, bots=1, rated=False)
        game_id = game.pk
        _play_until_a_card_with_a_long_text_is_shown(game_id)
        with playwright() as pw:
            browser = launch(pw)
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            page = context.new_page()
            page.goto(self.live_server_url + "/accounts/login/")
            page.fill("#id_username", "boris")
            page.fill("#id_password", "pw-For-tests-123")
            page.click("button[type=submit]")
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector(".sp-display")
            card = page.evaluate(CLAMPED)
            assert card, "no card text is cut off on a phone"
            text = page.locator(f'.sp-card[data-card="{card}"] .sp-text').first
            clamped = text.evaluate("t => t.clientHeight")
            text.tap()
            page.wait_for_function("t => t.scrollHeight <= t.clientHeight + 1", arg=text.element_handle())
            assert text.evaluate("t => t.clientHeight") > clamped
            text.tap()  # a second tap closes it again
            page.wait_for_function("t => t.scrollHeight > t.clientHeight + 1", arg=text.element_handle())
            browser.close()
