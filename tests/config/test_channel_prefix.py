"""Two deployments on one Redis server never hear each other's announcements: the channel layer's
groups carry a prefix per deployment (``CHANNEL_GROUP_PREFIX``)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from channels_redis.pubsub import RedisPubSubChannelLayer

from config.redis_hosts import channel_layer, default_group_prefix
from games.services.broadcast import game_group
from tests.support.redis import needs_redis

ROOT = Path(__file__).resolve().parents[2]


def _layer(prefix: str, database: int = 3) -> RedisPubSubChannelLayer:
    config = channel_layer(f"redis://127.0.0.1:6379/{database}", prefix)
    assert config["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    return RedisPubSubChannelLayer(**config["CONFIG"])


async def _heard(listener: RedisPubSubChannelLayer, speakers: list[RedisPubSubChannelLayer]) -> list[int]:
    """The versions ``listener``'s socket hears when each speaker announces game 1 at its own version."""
    channel = await listener.new_channel()
    await listener.group_add(game_group(1), channel)
    try:
        for version, speaker in enumerate(speakers, start=1):
            await speaker.group_send(game_group(1), {"type": "game.version", "version": version, "status": "active"})
        heard = []
        while True:
            try:
                message = await asyncio.wait_for(listener.receive(channel), timeout=0.3)
            except TimeoutError:
                return heard
            heard.append(message["version"])
    finally:
        await listener.group_discard(game_group(1), channel)


@needs_redis
def test_two_deployments_on_one_redis_hear_only_their_own_games():
    async def run() -> tuple[list[int], list[int]]:
        # Other database numbers too: Redis publish/subscribe is one namespace for all of them.
        first, second = _layer(f"deploy-a-{os.getpid()}:", 3), _layer(f"deploy-b-{os.getpid()}:", 4)
        first_too = _layer(f"deploy-a-{os.getpid()}:", 3)  # another process of the first deployment
        try:
            return await _heard(first, [second, first_too]), await _heard(second, [first, first_too])
        finally:
            for layer in (first, second, first_too):
                await layer.flush()

    heard_by_first, heard_by_second = asyncio.run(run())
    assert heard_by_first == [2]  # its own other process, not the other deployment's version 1
    assert heard_by_second == []


def test_the_default_prefix_tells_deployments_apart_by_their_database():
    one = {"HOST": "db.example.org", "PORT": 5432, "NAME": "club"}
    assert default_group_prefix(one) == default_group_prefix(dict(one))
    assert default_group_prefix(one) != default_group_prefix({**one, "NAME": "club_staging"})
    assert default_group_prefix(one) != default_group_prefix({**one, "HOST": "db2.example.org"})


def _production_prefix(**environment: str) -> str:
    code = "import config.settings as s; print(s.CHANNEL_LAYERS['default']['CONFIG']['prefix'], s.CHANNEL_GROUP_PREFIX)"
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:6379/6", "DJANGO_SETTINGS_MODULE": "", **environment}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True
    )
    layer_prefix, setting = result.stdout.split()
    assert layer_prefix == setting
    return setting


def test_the_production_channel_layer_takes_its_prefix_from_the_setting():
    assert _production_prefix(CHANNEL_GROUP_PREFIX="club-live:") == "club-live:"
    derived = _production_prefix(DATABASE_URL="postgres://u@db.example.org:5432/club")
    assert derived == default_group_prefix({"HOST": "db.example.org", "PORT": 5432, "NAME": "club"})
