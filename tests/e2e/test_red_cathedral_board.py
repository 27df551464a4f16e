import os

import pytest
from channels.testing import ChannelsLiveServerTestCase

from tests.e2e.browser import launch, needs_chromium, playwright

# One browser at a time (pytest-xdist --dist loadgroup): two would share the machine's cores with the live servers.
pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Once the board has settled (no move on its way): the game's end, a shown refusal, or the
# control to use next, picked by element id (every board control has a stable one): a choice for
# Iwan, a delivery or an ornament, the market's resources or a workshop tile, the end of the
# turn; else now and then a claim, mostly a die.
NEXT = """turn => {
  const area = document.getElementById('board-area');
  if (area.getAttribute('aria-busy')) return null;
  if (area.querySelector('.result')) return {kind: 'over'};
  const error = document.getElementById('move-error');
  if (error && !error.hidden) return {kind: 'error', text: error.textContent};
  const first = sel => { const el = area.querySelector(sel); return el && el.id ? el.id : null; };
  let id;
  if ((id = first('.rc-decide button[id^=rc-iwan-]'))) return {id, kind: 'iwan'};
  if ((id = first('.rc-decide button[id^=rc-deliver-]'))) return {id, kind: 'deliver'};
  if ((id = first('.rc-decide button[id^=rc-ornament-]'))) return {id, kind: 'ornament'};
  if ((id = first('.rc-decide button[id^=rc-take-]'))) return {id, kind: 'take'};
  if ((id = first('.rc-decide button[id^=rc-activate-]'))) return {id, kind: 'activate'};
  if ((id = first('#rc-end'))) return {id, kind: 'end'};
  if (turn % 4 === 1 && (id = first('.rc-decide details.rc-claim'))) return {id, kind: 'claim'};
  if ((id = first('.rc-decide button[id^=rc-die-]'))) return {id, kind: 'die'};
  if ((id = first('.rc-decide details.rc-claim'))) return {id, kind: 'claim'};
  return null;
}"""

NO_OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


def _advance(game, until) -> None:
    import copy
    import random

    from games.services.engines import get_engine

    engine = get_engine("red-cathedral")
    rng = random.Random(2)
    state = copy.deepcopy(game.state)
    while not until(state):
        seat = engine.to_act(state)[0]
        state, _events = engine.apply(state, seat, engine.bot_move(state, seat, rng))
    game.state = state
    game.version += 1
    game.save(update_fields=["state", "version"])


def _log_in(page, base, username):
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-For-tests-123")
    page.click("button[type=submit]")


@needs_chromium
@pytest.mark.e2e
class RedCathedralSoloAgainstIwan(ChannelsLiveServerTestCase):
    def test_play_a_solo_game_to_the_end_with_mouse_and_keyboard(self):
        from games.models import Game
        from games.services import tables
        from tests.factories import make_user

        anna = make_user("anna")
        game = tables.start_seated_game("red-cathedral", [anna], {}, seed=14, rated=False)
        # The opening is played by the bot in the engine, to keep the test short; the browser plays
        # from the middle of the game (a few sections completed, Iwan's row half played) to the end.
        _advance(
            game,
            lambda st: sum(pl["done"] for pl in st["pl"]) >= 6 and st["turn"]["stage"] == "main" and not st["pend"],
        )
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            _log_in(page, self.live_server_url, "anna")
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.wait_for_selector(".rc-market")
            assert page.locator(".rc-area").count() == 8 and page.locator(".rc-iwan-card").count() == 5

            done = {
                "iwan": 0,
                "deliver": 0,
                "ornament": 0,
                "take": 0,
                "activate": 0,
                "end": 0,
                "claim": 0,
                "die": 0,
                "keyboard": 0,
            }
            for turn in range(600):
                found = page.wait_for_function(NEXT, arg=turn, timeout=15000, polling=50).json_value()
                assert found["kind"] != "error", found["text"]
                if found["kind"] == "over":
                    break
                if turn == 3:
                    # The points breakdown opens by keyboard and stays open while the board redraws.
                    for _ in range(5):
                        page.locator("#rc-points-0 > summary").focus()
                        page.keyboard.press("Enter")
                        if page.locator("#rc-points-0[open]").count():
                            break
                target = page.locator(f"#{found['id']}")
                if found["kind"] == "claim":
                    # Open the section's choices with the keyboard, then take a tile face down. A redraw
                    # between the focus and the key takes the focus with the old panel: press again.
                    for _ in range(5):
                        target.locator("summary").focus()
                        page.keyboard.press("Enter")
                        if page.locator(f"#{found['id']}[open]").count():
                            break
                    target = target.locator("button[data-move][id$=-down]").first
                if turn % 3 == 1:
                    target.focus()
                    page.keyboard.press("Enter")
                    done["keyboard"] += 1
                else:
                    target.click()
                done[found["kind"]] += 1
            else:
                raise AssertionError(f"the game did not end: {done}")

            assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
            assert done["claim"] >= 1 and done["die"] >= 3 and done["end"] >= 3 and done["keyboard"] >= 3, done
            assert page.locator("#rc-points-0[open]").count() == 1
            result = page.locator("#board-area .result")
            assert "Iwan" in result.inner_text() and "Completed sections" in result.inner_text()
            verdict = page.locator(".rc-top").inner_text()
            assert "The game is over." in verdict and ("You have beaten Iwan." in verdict or "Iwan has won." in verdict)
            log = page.locator(".log-lines").inner_text()
            assert "Iwan plays his card" in log
            browser.close()


@needs_chromium
@pytest.mark.e2e
class RedCathedralOnAPhone(ChannelsLiveServerTestCase):
    def test_the_board_and_the_component_figures_fit_a_phone(self):
        from games.services import tables
        from tests.factories import make_user

        anna, bea, cem = make_user("anna"), make_user("bea"), make_user("cem")
        game = tables.start_seated_game("red-cathedral", [anna, bea, cem], {"side": "extended"}, seed=3, rated=False)
        seat = game.state["turn"]["seat"]
        acting = game.players.get(seat=seat).user.username
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            _log_in(page, self.live_server_url, acting)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.wait_for_selector(".rc-decide")
            assert page.evaluate(NO_OVERFLOW)
            # A claim's choices opened on the phone still fit.
            page.locator(".rc-claim > summary").first.click()
            assert page.evaluate(NO_OVERFLOW)
            page.goto(f"{self.live_server_url}/games/red-cathedral/figures/")
            page.wait_for_selector(".rc-fig-table")
            assert page.evaluate(NO_OVERFLOW)
            assert page.locator(".rc-prov.p-provisional").count() > 10
            browser.close()


def _can_recruit(st) -> bool:
    from games.services.engines import get_engine

    if st["over"] or st["pend"] or st["turn"]["stage"] != "main":
        return False
    moves = get_engine("red-cathedral").legal_moves(st, st["turn"]["seat"])
    return any(m["type"] == "recruit" for m in moves) and st["turns"] >= 4


def _press(page, selector):
    """Focus a control and press Enter, as a keyboard user does."""
    page.wait_for_selector(selector)
    page.locator(selector).first.focus()
    page.keyboard.press("Enter")


@needs_chromium
@pytest.mark.e2e
class RedCathedralContractors(ChannelsLiveServerTestCase):
    def test_recruit_a_contractor_and_hire_a_specialist_with_the_keyboard(self):
        from games.models import Game
        from games.services import tables
        from tests.factories import make_user

        anna, bea = make_user("anna"), make_user("bea")
        game = tables.start_seated_game("red-cathedral", [anna, bea], {"contractors": True}, seed=5, rated=False)
        _advance(game, _can_recruit)
        game.refresh_from_db()
        seat = game.state["turn"]["seat"]
        acting = game.players.get(seat=seat).user.username
        before = sum(c["men"][seat] for c in game.state["contr"]["cities"].values())
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            _log_in(page, self.live_server_url, acting)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.wait_for_selector(".rc-moscow")
            assert page.locator(".rc-city").count() == 6 and page.locator(".rc-spec-space").count() == 5
            city = page.locator(".rc-decide button[id^=rc-recruit-]").first.get_attribute("id")[len("rc-recruit-") :]
            _press(page, f"#rc-recruit-{city}")
            # The bonus a third contractor unlocks comes first, then the specialists the city sees.
            found = page.wait_for_function(
                """() => {
              const area = document.getElementById('board-area');
              if (area.getAttribute('aria-busy')) return null;
              const b = area.querySelector('.rc-decide button[id^=rc-bonus-], .rc-decide button[id^=rc-hire-], #rc-end');
              return b ? b.id : null;
            }""",
                timeout=15000,
                polling=50,
            ).json_value()
            if found.startswith("rc-bonus-"):
                _press(page, f"#{found}")
                page.wait_for_selector(".rc-decide button[id^=rc-hire-], #rc-end")
            hired = None
            if page.locator(".rc-decide button[id^=rc-hire-]").count():
                pay = page.locator(".rc-decide button[id$=-pay]")
                target = pay.first if pay.count() else page.locator(".rc-decide button[id$=-discard]").first
                hired = target.get_attribute("id")
                target.focus()
                page.keyboard.press("Enter")
            assert hired, "the city sees no specialist"
            page.wait_for_function("() => !!document.getElementById('rc-end')", timeout=15000, polling=50)
            assert "You have sent a contractor to" in page.locator(".rc-top").inner_text()
            state = Game.objects.get(pk=game.pk).state
            assert state["contr"]["cities"][city]["men"][seat] == game.state["contr"]["cities"][city]["men"][seat] + 1
            assert sum(c["men"][seat] for c in state["contr"]["cities"].values()) == before + 1
            if hired and hired.endswith("-pay"):
                assert state["pl"][seat]["spec"] is not None
                assert page.locator(f"#rc-player-{seat} .rc-spec-line .rc-spec").count() == 1
            # The city on the Moscow board shows the new contractor; the turn ends by keyboard too.
            assert page.locator(f"#rc-city-{city} .rc-man").count() == sum(state["contr"]["cities"][city]["men"])
            _press(page, "#rc-end")
            page.wait_for_function("() => !document.getElementById('rc-end')", timeout=15000, polling=50)
            assert Game.objects.get(pk=game.pk).state["turn"]["seat"] != seat
            browser.close()

    def test_the_module_fits_a_phone(self):
        from games.services import tables
        from tests.factories import make_user

        users = [make_user("anna"), make_user("bea"), make_user("cem")]
        game = tables.start_seated_game("red-cathedral", users, {"contractors": True}, seed=4, rated=False)
        _advance(game, _can_recruit)
        game.refresh_from_db()
        acting = game.players.get(seat=game.state["turn"]["seat"]).user.username
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            _log_in(page, self.live_server_url, acting)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.wait_for_selector(".rc-decide button[id^=rc-recruit-]")
            assert page.evaluate(NO_OVERFLOW)
            page.wait_for_selector(".rc-moscow")
            assert page.evaluate(NO_OVERFLOW)
            browser.close()


def _die_into_quarter(group: str):
    """A test for ``_advance``: the player to move may move a die into the quarter of ``group``'s card."""

    def until(st) -> bool:
        from games.services.engines import get_engine

        if st["over"] or st["pend"] or st["turn"]["stage"] != "main":
            return False
        quarter = next(q for q, c in enumerate(st["influence"]) if c.startswith(group + "-"))
        engine = get_engine("red-cathedral")
        for move in engine.legal_moves(st, st["turn"]["seat"]):
            if move["type"] == "die" and not move["extra"]:
                area, pips = st["market"]["dice"][move["die"]]
                if (area + pips) % 8 // 2 == quarter:
                    return True
        return False

    return until


# The id of the first board button whose move matches the given fields.
BUTTON_FOR = """fields => {
  const b = [...document.querySelectorAll('#board-area button[data-move]')].find(b => {
    const m = JSON.parse(b.dataset.move);
    return Object.entries(fields).every(([k, v]) => m[k] === v);
  });
  return b ? b.id : null;
}"""


@needs_chromium
@pytest.mark.e2e
class RedCathedralGuilds(ChannelsLiveServerTestCase):
    def test_a_german_player_uses_the_managers_guild_in_the_clergys_place_with_the_keyboard(self):
        from games.services import tables
        from tests.factories import make_user

        anna, bea = make_user("anna", language="de"), make_user("bea", language="de")
        game = tables.start_seated_game(
            "red-cathedral", [anna, bea], {"guild": "managers", "clergy": "3"}, seed=8, rated=False
        )
        _advance(game, _die_into_quarter("managers"))
        game.refresh_from_db()
        st = game.state
        seat = st["turn"]["seat"]
        quarter = next(q for q, c in enumerate(st["influence"]) if c == "managers-3")
        die = next(
            m["die"]
            for m in _engine().legal_moves(st, seat)
            if m["type"] == "die" and not m["extra"] and sum(st["market"]["dice"][m["die"]]) % 8 // 2 == quarter
        )
        rubles = st["pl"][seat]["rubles"]
        acting = game.players.get(seat=seat).user.username
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            _log_in(page, self.live_server_url, acting)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.wait_for_selector(".rc-market")
            assert "Gilde der Manager" in page.locator(".rc-market").inner_text()
            assert "Klerus" not in page.locator(".rc-market").inner_text()
            _press(page, "#" + page.evaluate(BUTTON_FOR, {"type": "die", "die": die, "extra": 0}))
            page.wait_for_function(f"() => ({BUTTON_FOR})({{type: 'influence', action: 0}}) !== null")
            button = page.evaluate(BUTTON_FOR, {"type": "influence", "action": 0})
            assert page.locator(f"#{button}").inner_text() == "Gilde der Manager: 1 Rubel erhalten"
            _press(page, f"#{button}")
            # Taken once per turn: the action's button goes once the move has landed.
            page.wait_for_function(
                "() => !document.getElementById('board-area').getAttribute('aria-busy')"
                f" && ({BUTTON_FOR})({{type: 'influence', action: 0}}) === null"
            )
            game.refresh_from_db()
            assert game.state["pl"][seat]["rubles"] == rubles + 1
            assert f"Gilde der Manager: {acting} erhält 1 Rubel." in page.locator(".log-lines").inner_text()
            browser.close()


def _engine():
    from games.services.engines import get_engine

    return get_engine("red-cathedral")
