import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from games.rules.base import registry
from tests.support.toy_engine import ToyEngine


@pytest.fixture(autouse=True, scope="session")
def toy_engine():
    registry.register(ToyEngine())
    yield
    registry.unregister("toy")


@pytest.fixture(autouse=True)
def clear_cache():
    """Rate-limit counters and presence marks must not leak from one test into the next."""
    from django.conf import settings

    if settings.configured:
        from django.core.cache import cache

        cache.clear()
    yield


@pytest.fixture(autouse=True)
def direct_road():
    """API requests signed in with a token take the direct road, as under the ASGI server
    (tests/support/direct_road.py)."""
    from django.conf import settings

    if not settings.configured:
        yield
        return
    from tests.support.direct_road import through_direct_road

    with through_direct_road():
        yield


@pytest.fixture(autouse=True)
def default_language():
    """A test that speaks German (a request as a German user, a service called in German) must not
    leave the next test speaking it."""
    yield
    from django.utils import translation

    translation.deactivate()


def _fresh_sync_to_async_thread() -> None:
    """A live server forked after an async test inherits asgiref's executor but not its thread, and
    every database call in the server would wait for that thread forever: give the child its own."""
    from asgiref.sync import SyncToAsync

    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)


os.register_at_fork(after_in_child=_fresh_sync_to_async_thread)
