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
def english_after_each_test():
    """A request made in German leaves German active in the test's thread; the next test starts afresh."""
    yield
    from django.utils import translation

    translation.deactivate()


def _fresh_sync_to_async_thread() -> None:
    """A live server forked after an async test inherits asgiref's executor but not its thread, and
    every database call in the server would wait for that thread forever: give the child its own."""
    from asgiref.sync import SyncToAsync

    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)


os.register_at_fork(after_in_child=_fresh_sync_to_async_thread)
