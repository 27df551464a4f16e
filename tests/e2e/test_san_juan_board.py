import os

import pytest
from channels.testing import ChannelsLiveServerTestCase

from tests.e2e.browser import launch, needs_chromium, playwright

# One browser at a time (pytest-xdist --dist loadgroup): two would share the machine's cores with the live servers.
pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@needs_chromium
@pytest.mark.e2e
class SanJuanAgainstABot(ChannelsLiveServerTestCase):
    def test_choose_roles_and_decide_with_the_keyboard_and_mouse(self):
        from games.services import tables
        from tests.factories import make_user

        anna = make_user("anna")
        table = tables.create_table(anna, "san-juan", 2, bots=1, rated=False)
        game_id = table.game.pk
        with playwright() as pw:
            browser = launch(pw)
            page = browser.new_context().new_page()
            page.goto(self.live_server_url + "/accounts/login/")
            page.fill("#id_username", "anna")
            page.fill("#id_password", "pw-For-tests-123")
            page.click("button[type=submit]")
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector(".sj-roles")
            assert page.locator(".sj-card").count() >= 2  # own building and hand at least
            played = 0
            for _ in range(12):
                button = page.locator("#board-area button[data-move]").first
                if not button.count():
                    page.wait_for_timeout(300)
                    continue
                if played % 2:
                    button.focus()
                    page.keyboard.press("Enter")
                else:
                    button.click()
                played += 1
                page.wait_for_timeout(300)
            log = page.locator(".log-lines").inner_text()
            bot_name = f"Bot {table.game.players.get(is_bot=True).seat + 1}"
            assert "anna" in log and bot_name in log
            assert played >= 3
            browser.close()
