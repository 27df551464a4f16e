"""Signing a browser up for push notifications on the settings page, in a real browser.

What runs for real: the settings page and its script (static/js/push.js) under the site's
Content-Security-Policy, the service worker's registration at /sw.js with the whole site as its
scope, the page's call of the subscription endpoint, the device list, a turn pushed through the
outbox to a push-service stand-in on loopback (read with the subscription's keys), the device's
choice and turning it off again. What a stand-in replaces: headless Chromium has no push service to
subscribe at offline (PushManager.subscribe is refused there), so the page gets a stand-in
PushManager (tests/e2e/push_hook.js, added by this test only) whose subscription names the
stand-in service and keys this test holds. The service worker showing a pushed message is not run.
"""

import base64
import json
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from channels.testing import ChannelsLiveServerTestCase
from cryptography.hazmat.primitives.asymmetric import ec
from django.db import connection
from django.test import override_settings
from playwright.sync_api import expect

from tests.e2e.browser import launch, needs_chromium
from tests.support.push_service import PushService

pytestmark = pytest.mark.xdist_group("browser")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
HOOK = Path(__file__).with_name("push_hook.js")


def _vapid_key() -> str:
    number = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return base64.urlsafe_b64encode(number.to_bytes(32, "big")).decode().rstrip("=")


def _in_thread(fn):
    """ORM writes whose commit announces on the channel layer: not in Playwright's event loop thread."""

    def run():
        try:
            return fn()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


# Set for the class, so that the live server's process has them from its start.
@override_settings(WEBPUSH_VAPID_PRIVATE_KEY=_vapid_key(), WEBPUSH_SERVICES=["http://127.0.0.1:*"])
@needs_chromium
@pytest.mark.e2e
class PushDevicesInTheBrowser(ChannelsLiveServerTestCase):
    serialized_rollback = False

    def setUp(self):
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self.browser = launch(self._pw)
        self.service = PushService().__enter__()

    def tearDown(self):
        self.service.__exit__(None, None, None)
        self.browser.close()
        connection.close()
        self._pw.stop()

    def _settings_page(self, username, locale):
        context = self.browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
        page = context.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(self.live_server_url + "/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", "pw-For-tests-123")
        page.click("button[type=submit]")
        page.wait_for_url(self.live_server_url + "/")
        return page, errors

    def test_sign_up_this_browser_get_a_turn_pushed_choose_and_turn_it_off(self):
        from games.services.tables import start_seated_game
        from notifications.models import PushDevice
        from tests.factories import make_user

        anna, ben = make_user("anna", language="de"), make_user("ben")
        phone = self.service.browser("anna-phone")
        page, errors = self._settings_page("anna", "de-DE")
        page.add_init_script(script="window.pushStandIn = " + json.dumps(phone.subscription()) + ";")
        page.add_init_script(path=str(HOOK))
        page.goto(self.live_server_url + "/accounts/settings/")
        section = page.locator("#push")
        expect(section.get_by_role("heading")).to_have_text("Benachrichtigungen auf deinen Geräten")
        expect(section.locator("text=Noch bekommt kein Gerät Benachrichtigungen.")).to_be_visible()

        on = section.locator("[data-push-on]")
        expect(on).to_be_visible()
        on.click()
        page.wait_for_load_state()
        expect(section.locator("[data-this-device]")).to_be_visible()  # the list shows this browser, marked
        expect(section.locator("[data-push-on]")).to_be_hidden()
        expect(section.locator("[data-push-off]")).to_be_visible()
        options = page.evaluate("() => window.pushManagerForTests.subscribeOptions")
        assert options == {"userVisibleOnly": True, "keyLength": 65}  # the site's public VAPID key, raw
        worker = page.evaluate(
            "() => navigator.serviceWorker.getRegistration('/').then(r => r && [r.scope, r.active && r.active.scriptURL])"
        )
        assert worker == [self.live_server_url + "/", self.live_server_url + "/sw.js"]
        device = PushDevice.objects.get(user=anna)
        assert (device.endpoint, device.turns) == (phone.endpoint, "immediate")
        assert "Chrome" in device.label and "Linux" in device.label

        # A game starts with Anna to move (she is on the settings page, not the board): her phone hears of it.
        game = _in_thread(lambda: start_seated_game("san-juan", [anna, ben], {"start_variant": True}, seed=5))
        (received,) = self.service.to(phone)
        message = phone.read(received)
        assert message["title"] == "Du bist am Zug" and message["url"] == f"/games/{game.pk}/"
        assert f"#{game.pk}" in message["body"]

        # The device's own choice: never.
        section.locator("select[name=turns]").select_option("never")
        section.get_by_role("button", name="Speichern").click()
        page.wait_for_url("**/accounts/settings/#push")
        device.refresh_from_db()
        assert device.turns == "never"

        # Off on this device: the browser's subscription ends and the server forgets the device.
        page.locator("#push [data-push-off]").click()
        page.wait_for_load_state()
        expect(page.locator("#push").locator("text=Noch bekommt kein Gerät Benachrichtigungen.")).to_be_visible()
        assert not PushDevice.objects.filter(user=anna).exists()
        assert not [e for e in errors if "Content Security Policy" in e or "Refused" in e], errors
