"""Test processes running side by side (pytest-xdist workers, two runs at once) do not share state."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _channel_layer_of_a_test_process() -> tuple[str, str]:
    code = (
        "import config.settings_test as s; layer = s.CHANNEL_LAYERS['default']; "
        "print(layer['BACKEND'], layer['CONFIG'].get('prefix', 'asgi'))"
    )
    environment = {**os.environ, "REDIS_URL": "redis://127.0.0.1:6379/6", "CI": ""}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60, check=True
    )
    backend, prefix = result.stdout.split()
    return backend, prefix


def test_each_test_process_has_a_channel_layer_prefix_of_its_own():
    # Redis publish/subscribe ignores database numbers: without a prefix each, one worker's game 1
    # would hear another worker's game 1.
    first, second = _channel_layer_of_a_test_process(), _channel_layer_of_a_test_process()
    assert first[0] == second[0] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert first[1] != second[1]
