import asyncio
import threading

import pytest

from plumbing import deferred


@pytest.fixture
def server_loop(monkeypatch):
    """A running event loop in a thread of its own, as the web server's (``deferred.server_loop``)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    monkeypatch.setattr(deferred, "_server_loop", loop)
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()
