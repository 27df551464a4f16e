"""Every page a signed-in player uses fits a 390 px phone, in German and in English.

A page fails when the document scrolls sideways or any visible element sticks out to the right
of the screen (unless a scrolling box of its own holds it). To check one more page, add a line
to ``PAGES`` (a name and a function from the seeded ``World`` to a path).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import timedelta

import pytest
from channels.testing import ChannelsLiveServerTestCase

from tests.e2e.browser import launch, needs_chromium, playwright

# One browser at a time (pytest-xdist --dist loadgroup): two would share the machine's cores with the live servers.
pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# Elements sticking out of the screen, except inside a box that scrolls or clips them itself.
OVERFLOW = """() => {
  const doc = document.documentElement;
  const width = doc.clientWidth;
  const found = [];
  if (doc.scrollWidth > width) found.push(`document ${doc.scrollWidth} > ${width}`);
  const scroller = el => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return p;
    }
    return null;
  };
  const out = el => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.width <= 1 || getComputedStyle(el).visibility === 'hidden') return false;
    return r.right > width + 1 || (r.left < -1 && r.right > 0);  // wholly left of the screen: a skip link
  };
  const describe = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  for (const el of document.body.querySelectorAll('*')) {
    if (!out(el)) continue;
    const box = scroller(el);
    // Inside a box that scrolls sideways only tables may hide; a control there is out of reach.
    const control = el.matches('a, button, input, select, textarea, summary');
    if (box && !(control && !box.closest('.table-scroll'))) continue;
    if (el.parentElement && out(el.parentElement) && !scroller(el.parentElement) === !box) continue;
    const r = el.getBoundingClientRect();
    found.push(`${describe(el)} [${Math.round(r.left)}..${Math.round(r.right)}]`);
    if (found.length > 12) break;
  }
  return found;
}"""


@dataclass
class World:
    """What the pages show: the player's games, tables, tournament and ratings."""

    username: str
    table_id: int
    tournament_id: int
    finished_id: int
    boards: dict[str, int]  # game slug -> a running game of the player's


def _seed(language: str) -> World:
    from django.utils import timezone

    from accounts import tokens as api_tokens
    from games.models import Game
    from games.services import demo, tables
    from games.services.engines import available_engines
    from notifications.models import Notice
    from rankings.services import ratings, tournaments
    from tests.rankings.helpers import play_out

    users, _count = demo.load_demo()
    anna, boris, clara, _dmitri = users
    for user in users:
        user.language = language
        user.save(update_fields=["language"])
    boards = {}
    for engine in available_engines():
        game = Game.objects.filter(game_slug=engine.slug, status=Game.Status.ACTIVE, players__user=anna).first()
        boards[engine.slug] = game.pk
    # A finished rated game: ratings, the profile's chart and an end-of-game notice.
    finished = tables.start_seated_game("san-juan", [anna, boris], rated=True)
    play_out(finished)
    ratings.process_pending()
    open_table = tables.create_table(clara, "sankt-petersburg", 3)
    tournament = tournaments.create_tournament(
        clara,
        name="Herbstpokal der Spielerunde",
        game_slug="san-juan",
        rounds=2,
        table_size=2,
        starts_at=timezone.now() + timedelta(days=2),
    )
    for user in (clara, anna, boris):
        tournaments.register(tournament.pk, user)
    # A device with a long User-Agent on the settings page's list of API tokens.
    api_tokens.issue(anna, "Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 (KHTML, like Gecko)")
    assert Notice.objects.filter(user=anna).exists()
    return World(anna.username, open_table.pk, tournament.pk, finished.pk, boards)


# (name, path): every page a signed-in player uses. Boards come from the games the platform offers.
PAGES = [
    ("lobby", lambda w: "/"),
    ("new table", lambda w: "/tables/new/"),
    ("table", lambda w: f"/tables/{w.table_id}/"),
    ("my games", lambda w: "/my-games/"),
    ("profile", lambda w: f"/players/{w.username}/"),
    ("ratings", lambda w: "/rankings/"),
    ("ratings of a game", lambda w: "/rankings/games/san-juan/"),
    ("player ratings", lambda w: f"/rankings/players/{w.username}/"),
    ("tournaments", lambda w: "/rankings/tournaments/"),
    ("tournament", lambda w: f"/rankings/tournaments/{w.tournament_id}/"),
    ("new tournament", lambda w: "/rankings/tournaments/new/"),
    ("settings", lambda w: "/accounts/settings/"),
    ("password change", lambda w: "/accounts/password/change/"),
    ("email address", lambda w: "/accounts/email/"),
    ("notifications", lambda w: "/notifications/"),
    ("end screen", lambda w: f"/games/{w.finished_id}/"),
    ("replay", lambda w: f"/games/{w.finished_id}/replay/?step=1"),
    ("san-juan rules", lambda w: "/games/san-juan/rules/"),
    ("red-cathedral rules", lambda w: "/games/red-cathedral/rules/"),
    ("sankt-petersburg rules", lambda w: "/games/sankt-petersburg/rules/"),
]
BOARD_SELECTOR = "#board-area"
SIGNED_OUT_PAGES = [
    ("login", "/accounts/login/"),
    ("sign-up", "/accounts/signup/"),
    ("password reset", "/accounts/password/reset/"),
    ("address confirmation sent", "/accounts/confirm-email/"),
]


@needs_chromium
@pytest.mark.e2e
class PhoneWidth(ChannelsLiveServerTestCase):
    serialized_rollback = False

    def _check(self, language: str) -> None:
        world = _seed(language)
        problems = []
        with playwright() as pw:
            browser = launch(pw)
            context = browser.new_context(
                viewport=PHONE, locale=language, extra_http_headers={"Accept-Language": language}
            )
            page = context.new_page()
            # The Content-Security-Policy allows no inline script or style: whatever it blocks fails the test.
            blocked = []
            page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
            page.on("pageerror", lambda error: blocked.append(str(error)))
            for name, path in SIGNED_OUT_PAGES:
                problems += self._visit(page, f"{name} ({language})", path)
            page.goto(self.live_server_url + "/accounts/login/")
            page.fill("#id_username", world.username)
            page.fill("#id_password", "demo-pass-2025")
            page.click("button[type=submit]")
            page.wait_for_url(self.live_server_url + "/")
            for name, path in PAGES:
                problems += self._visit(page, f"{name} ({language})", path(world))
            self._time_control_fields(page)
            for slug, game_id in world.boards.items():
                problems += self._visit(page, f"board {slug} ({language})", f"/games/{game_id}/", BOARD_SELECTOR)
                # The board's WebSocket is open (the policy's connect-src lets it through).
                page.wait_for_selector("html[data-live=on]", timeout=10000)
            browser.close()
        assert not problems, "Wider than a 390 px phone:\n" + "\n".join(problems)
        assert not blocked, "Blocked or failing scripts:\n" + "\n".join(blocked)

    def _visit(self, page, name: str, path: str, wait_for: str | None = None) -> list[str]:
        response = page.goto(self.live_server_url + path)
        assert response.status == 200, f"{name}: {path} answered {response.status}"
        if wait_for:
            page.wait_for_selector(wait_for)
        page.wait_for_load_state("networkidle")
        found = [f"{name} {path}: {item}" for item in page.evaluate(OVERFLOW)]
        if os.environ.get("PHONE_SHOTS"):  # screenshots to look at, phone and desktop: PHONE_SHOTS=<directory>
            shot = os.path.join(os.environ["PHONE_SHOTS"], name.replace(" ", "-"))
            page.screenshot(path=f"{shot}-390.png", full_page=True)
            page.set_viewport_size(DESKTOP)
            page.screenshot(path=f"{shot}-1280.png", full_page=True)
            page.set_viewport_size(PHONE)
        return found

    def _time_control_fields(self, page) -> None:
        """The new-table form shows only the chosen time control's fields."""
        page.goto(self.live_server_url + "/tables/new/")
        assert page.locator("#id_days_per_move").is_visible()
        assert not page.locator("#id_minutes_per_player").is_visible()
        assert not page.locator("#id_increment_seconds").is_visible()
        page.select_option("#id_time_control", "live")
        assert (
            page.locator("#id_minutes_per_player").is_visible() and page.locator("#id_increment_seconds").is_enabled()
        )
        assert not page.locator("#id_days_per_move").is_visible() and page.locator("#id_days_per_move").is_disabled()
        # Choosing another game reloads the form for it.
        other = page.locator("#pick-game option:not([selected])").first.get_attribute("value")
        with page.expect_navigation():
            page.select_option("#pick-game", other)
        assert f"game={other}" in page.url

    def test_every_page_fits_a_phone_in_english(self):
        self._check("en")

    def test_every_page_fits_a_phone_in_german(self):
        self._check("de")
