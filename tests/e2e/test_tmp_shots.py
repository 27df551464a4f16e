import os

import pytest
from channels.testing import ChannelsLiveServerTestCase

from tests.e2e.browser import launch, needs_chromium, playwright
from tests.e2e.test_red_cathedral_board import _advance, _log_in

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
OUT = "/tmp/hcon/shots"


def _mid(st):
    sent = sum(sum(c["men"]) for c in st["contr"]["cities"].values())
    return (sent >= 3 and st["turn"]["stage"] == "main" and not st["pend"]
            and sum(len(pl["tools"]) for pl in st["pl"]) >= 3)


@needs_chromium
@pytest.mark.e2e
class Shots(ChannelsLiveServerTestCase):
    def test_shots(self):
        from games.services import tables
        from tests.factories import make_user

        os.makedirs(OUT, exist_ok=True)
        users = [make_user("anna", language="de"), make_user("bea", language="en"), make_user("cem", language="en")]
        game = tables.start_seated_game("red-cathedral", users, {"contractors": True}, seed=int(os.environ.get("SEED", "4")), rated=False)
        _advance(game, _mid)
        seat = game.state["turn"]["seat"]
        st = game.state
        st["pl"][seat]["spec"] = st["contr"]["bag"].pop()
        st["pl"][(seat + 1) % 3]["spec"] = st["contr"]["bag"].pop()
        game.state = st
        game.save(update_fields=["state"])
        acting = game.players.get(seat=seat).user
        with playwright() as pw:
            browser = launch(pw)
            for lang in ("en", "de"):
                acting.language = lang
                acting.save(update_fields=["language"])
                for width in (1280, 390):
                    ctx = browser.new_context(viewport={"width": width, "height": 900})
                    page = ctx.new_page()
                    _log_in(page, self.live_server_url, acting.username)
                    page.goto(f"{self.live_server_url}/games/{game.pk}/")
                    page.wait_for_selector(".rc-moscow")
                    page.screenshot(path=f"{OUT}/full-{lang}-{width}.png", full_page=True)
                    for name, sel in (("decide", ".rc-decide"), ("moscow", ".rc-moscow"), ("players", ".rc-players"),
                                      ("cathedral", ".rc-cathedral")):
                        page.locator(sel).screenshot(path=f"{OUT}/{name}-{lang}-{width}.png")
                    print(width, lang, page.evaluate("document.documentElement.scrollWidth"))
                    ctx.close()
            browser.close()
