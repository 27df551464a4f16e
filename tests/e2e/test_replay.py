"""Stepping through a finished game of each game in a real browser, in German: the buttons, the arrow
keys, the slider, a log line and a link to a step."""

import os
import re

import pytest
from channels.testing import ChannelsLiveServerTestCase

from tests.e2e.browser import launch, needs_chromium, playwright

pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@needs_chromium
@pytest.mark.e2e
class ReplayInGerman(ChannelsLiveServerTestCase):
    def test_step_through_a_finished_game_of_each_game(self):
        from tests.factories import make_user
        from tests.support.replay import played_game

        gerd = make_user("gerd", language="de")
        games = {
            slug: played_game(slug, [gerd, make_user(f"gegner-{slug}")])
            for slug in ("san-juan", "sankt-petersburg", "red-cathedral")
        }
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context(locale="de-DE").new_page()
            page.goto(self.live_server_url + "/accounts/login/")
            page.fill("#id_username", "gerd")
            page.fill("#id_password", "pw-For-tests-123")
            page.click("button[type=submit]")
            for slug, game in games.items():
                last = game.version
                base = f"{self.live_server_url}/games/{game.pk}/replay/"

                def at(step: int, last: int = last, slug: str = slug) -> None:
                    page.wait_for_selector(f'#replay-step .replay-step[data-step="{step}"]', timeout=5000)
                    assert page.locator("#replay-position").inner_text() == f"Schritt {step} von {last}", slug
                    assert page.locator("#replay-range").input_value() == str(step)
                    assert re.search(rf"[?&]step={step}$", page.url), page.url
                    current = page.locator("#replay-log li.current")
                    assert current.count() >= 1
                    assert {current.nth(i).get_attribute("data-step") for i in range(current.count())} == {str(step)}

                page.goto(base + "?step=5")
                at(5)
                assert page.locator("h1").first.inner_text().startswith("Wiederholung")
                assert "nichts mehr geheim" in page.locator(".replay-about").inner_text()
                assert page.locator("#replay-next").inner_text().strip() == "Weiter ▶"
                page.locator("#replay-next").click()
                at(6)
                assert page.locator("#replay-prev").inner_text().strip() == "◀ Zurück"
                page.locator("#replay-prev").click()
                at(5)
                page.locator("body").press("ArrowRight")
                at(6)
                page.keyboard.press("ArrowRight")
                at(7)
                page.keyboard.press("ArrowLeft")
                at(6)
                page.keyboard.press("End")
                at(last)
                page.keyboard.press("Home")
                at(0)
                page.locator("#replay-range").fill("12")
                at(12)
                page.locator('#replay-log li[data-step="3"] a').first.click()
                at(3)
                # A link to a move opens the replay there, by its query or by its fragment.
                page.goto(base + "#step-9")
                at(9)
                page.goto(base + "?step=4")
                at(4)
                assert page.locator("#replay-step .board button[data-move]").count() == 0, slug
            browser.close()
