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
