import os

import pytest
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import expect

from tests.e2e.browser import launch, needs_chromium

# One browser at a time (pytest-xdist --dist loadgroup): two would share the machine's cores with the live servers.
pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@needs_chromium
@pytest.mark.e2e
class TwoPlayersInTwoBrowsers(ChannelsLiveServerTestCase):
    serialized_rollback = False

    def setUp(self):
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self.browser = launch(self._pw)

    def tearDown(self):
        from django.db import connections

        self.browser.close()
        connections.close_all()  # ORM calls under Playwright's event loop had connections of their own
        self._pw.stop()

    def _sign_up(self, page, name):
        page.goto(self.live_server_url + "/accounts/signup/")
        page.fill("#id_username", name)
        page.fill("#id_email", f"{name}@example.org")
        page.fill("#id_password1", "Sturdy-pass-4711")
        page.fill("#id_password2", "Sturdy-pass-4711")
        page.click("button[type=submit]")
        # A new account signs in once its address is confirmed: follow the link the email carries.
        page.wait_for_url("**/accounts/confirm-email/")
        from allauth.account.models import EmailAddress, EmailConfirmationHMAC

        key = EmailConfirmationHMAC(EmailAddress.objects.get(email=f"{name}@example.org")).key
        page.goto(self.live_server_url + f"/accounts/confirm-email/{key}/")
        page.click("main button[type=submit]")
        page.wait_for_url(self.live_server_url + "/")

    def test_sign_up_open_a_table_join_and_see_the_opponents_move_live(self):
        anna = self.browser.new_context().new_page()
        boris = self.browser.new_context().new_page()
        self._sign_up(anna, "anna")
        self._sign_up(boris, "boris")

        # Predicates are written as functions: Playwright evals a bare expression inside the page, which the
        # Content-Security-Policy forbids.
        # Anna opens a table; Boris's lobby shows it without a reload.
        boris.goto(self.live_server_url + "/")
        boris.wait_for_selector("[data-live-lobby]")
        boris.wait_for_function("() => document.documentElement.dataset.live === 'on'")
        anna.goto(self.live_server_url + "/tables/new/?game=toy")
        anna.select_option("#id_seats", "2")
        anna.click("text=Open the table")
        anna.wait_for_selector("text=Seats (1 of 2)")
        boris.wait_for_selector("#table-list a.button:has-text('Join')", timeout=10_000)

        boris.click("#table-list a.button:has-text('Join')")
        boris.click("text=Take a seat")
        boris.wait_for_url("**/games/*/")
        game_url = boris.url
        # Anna's table page follows to the game by itself once the last seat is taken. Two refreshes of
        # the seats may both answer with the redirect, and the second navigation aborts the first:
        # the address is what counts, not one navigation event.
        expect(anna).to_have_url(game_url, timeout=10_000)
        anna.wait_for_load_state()
        for page in (anna, boris):
            page.wait_for_function("() => document.documentElement.dataset.live === 'on'")

        # Chat: the message shows on both pages; the sender's field is empty again and keeps the focus.
        anna.fill("#chat-text", "good luck")
        anna.press("#chat-text", "Enter")
        boris.wait_for_selector("#chat li:has-text('good luck')", timeout=10_000)
        anna.wait_for_selector("#chat li:has-text('good luck')")
        assert anna.input_value("#chat-text") == ""
        assert anna.evaluate("() => document.activeElement.id") == "chat-text"
        if os.environ.get("PHONE_SHOTS"):  # the board with its chat, to look at: PHONE_SHOTS=<directory>
            for width, height in ((1280, 900), (390, 844)):
                anna.set_viewport_size({"width": width, "height": height})
                anna.screenshot(
                    path=os.path.join(os.environ["PHONE_SHOTS"], f"board-with-chat-{width}.png"), full_page=True
                )

        mover, watcher = (anna, boris) if anna.locator("text=Your turn").count() else (boris, anna)
        mover_name = "anna" if mover is anna else "boris"
        # Moving by keyboard: after the board is redrawn the focus is still on the board, not lost to the page.
        mover.locator("button.move", has_text="pass").first.focus()
        mover.keyboard.press("Enter")
        watcher.wait_for_selector(f".log-lines li:has-text('{mover_name} passes.')", timeout=10_000)
        watcher.wait_for_selector("text=Your turn", timeout=10_000)
        # The mover's own page refreshes once the move's response is in (after the after-commit work).
        mover.wait_for_function(
            "() => !document.querySelector('.turn-line').innerText.includes('Your turn')", timeout=10_000
        )
        assert "Your turn" not in mover.locator(".turn-line").inner_text()
        assert mover.evaluate("() => document.getElementById('board-area').contains(document.activeElement)")
