"""Announcements from the web process's request threads are handed to its event loop."""

import asyncio
import logging
import threading

from games.services import broadcast
from plumbing import broadcast as plumbing_broadcast
from plumbing import deferred


class RecordingLayer:
    def __init__(self, fail: bool = False):
        self.sent: list[tuple[str, dict]] = []
        self.release = threading.Event()
        self.fail = fail

    async def group_send(self, group, message):
        await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 5)
        if self.fail:
            raise ConnectionError("Redis is restarting")
        self.sent.append((group, message))


def _settle(loop) -> None:
    asyncio.run_coroutine_threadsafe(asyncio.sleep(0.05), loop).result(5)


def test_a_request_thread_does_not_wait_for_its_announcements(server_loop, monkeypatch):
    layer = RecordingLayer()
    monkeypatch.setattr(plumbing_broadcast, "get_channel_layer", lambda: layer)
    plumbing_broadcast.send_all([broadcast.game_message(7, 3, "active"), broadcast.user_games_message(2)])
    assert layer.sent == [], "send_all returned only after Redis answered"
    layer.release.set()
    _settle(server_loop)
    assert sorted(layer.sent) == sorted(
        [
            ("game-7", {"type": "game.version", "version": 3, "status": "active", "to_act": []}),
            ("user-2", {"type": "user.games"}),
        ]
    )


def test_an_announcement_lost_on_the_event_loop_is_logged(server_loop, monkeypatch, caplog):
    layer = RecordingLayer(fail=True)
    layer.release.set()
    monkeypatch.setattr(plumbing_broadcast, "get_channel_layer", lambda: layer)
    with caplog.at_level(logging.WARNING, logger="plumbing.broadcast"):
        plumbing_broadcast.send_all([broadcast.game_message(7, 3, "active")])
        _settle(server_loop)
    assert "Could not announce game.version on game-7" in caplog.text


def test_outside_the_web_process_announcements_are_sent_before_returning(monkeypatch):
    monkeypatch.setattr(deferred, "_server_loop", None)
    layer = RecordingLayer()
    layer.release.set()
    monkeypatch.setattr(plumbing_broadcast, "get_channel_layer", lambda: layer)
    plumbing_broadcast.send_all([broadcast.game_message(7, 4, "finished")])
    assert layer.sent == [("game-7", {"type": "game.version", "version": 4, "status": "finished", "to_act": []})]
