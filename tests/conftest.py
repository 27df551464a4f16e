import pytest

from games.rules.base import registry
from tests.support.toy_engine import ToyEngine


@pytest.fixture(autouse=True, scope="session")
def toy_engine():
    registry.register(ToyEngine())
    yield
    registry.unregister("toy")
