import os
from datetime import timedelta

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.utils import timezone

from tests.e2e.browser import launch, needs_chromium

# One browser at a time (pytest-xdist --dist loadgroup): two would share the machine's cores with the live servers.
pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@needs_chromium
@pytest.mark.e2e
class LeaderboardAndStandingsInABrowser(ChannelsLiveServerTestCase):
    serialized_rollback = False

    def setUp(self):
        from playwright.sync_api import sync_playwright

        from rankings.services import tournaments
        from rankings.services.ratings import process_pending
        from tests.factories import make_user
        from tests.rankings.helpers import finished_game

        self.people = [make_user(n) for n in ("ann", "ben", "cid", "dora")]
        ann, ben, cid, dora = self.people
        finished_game("toy", [(ann, 1), (ben, 2), (cid, 3)])
        finished_game("toy", [(ben, 1), (dora, 2)], minutes=1)
        process_pending()
        self.tournament = tournaments.create_tournament(
            ann, name="Autumn cup", game_slug="toy", starts_at=timezone.now() + timedelta(days=1)
        )
        for person in self.people:
            tournaments.register(self.tournament.pk, person)
        tournaments.start(self.tournament.pk, by=ann)
        self._pw = sync_playwright().start()
        self.browser = launch(self._pw)

    def tearDown(self):
        self.browser.close()
        self._pw.stop()

    def test_own_row_is_highlighted_and_the_standings_link_to_the_games(self):
        page = self.browser.new_context().new_page()
        page.goto(self.live_server_url + "/accounts/login/")
        page.fill("#id_username", "ben")
        page.fill("#id_password", "pw-For-tests-123")
        page.click("main button[type=submit]")
        page.wait_for_url(self.live_server_url + "/")

        page.click("nav >> text=Rankings")
        page.click(".board-tabs >> text=Toy")
        page.wait_for_selector("table.leaderboard")
        mine = page.locator("table.leaderboard tr.me")
        assert mine.count() == 1 and "ben" in mine.inner_text()
        assert page.locator("table.leaderboard tbody tr").count() == 4
        assert mine.evaluate("row => getComputedStyle(row).backgroundColor") != "rgba(0, 0, 0, 0)"

        page.click("nav >> text=Tournaments")
        page.click("text=Autumn cup")
        page.wait_for_selector("table.standings")
        assert page.locator("table.standings tbody tr").count() == 4
        assert page.locator("h2:has-text('Round 1')").count() == 1
        tables = page.locator(".round-tables a[href^='/games/']")
        assert tables.count() == 2
        tables.first.click()
        page.wait_for_url("**/games/*/")
