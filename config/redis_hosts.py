"""Connection settings for Redis as the channel layer."""

from typing import Any

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError, TimeoutError


def channel_layer_host(url: str) -> dict:
    """A channels-redis host that survives a Redis restart.

    Pooled connections die with the server; without a retry the first command on each of them fails
    (a socket that cannot join its group, an announcement lost). Retrying reconnects at once.
    """
    return {
        "address": url,
        "retry": Retry(ExponentialBackoff(cap=1.0, base=0.05), 4),
        "retry_on_error": [ConnectionError, TimeoutError, ConnectionResetError],
        "health_check_interval": 30,
    }


def channel_layer(url: str, prefix: str) -> dict[str, Any]:
    """The channel layer on Redis at ``url``. Every group and channel name is published under
    ``prefix``: deployments sharing one Redis server (whose publish/subscribe channels are one
    namespace for all its database numbers) hear only their own announcements."""
    return {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [channel_layer_host(url)], "prefix": prefix},
    }


def default_group_prefix(database: dict[str, Any]) -> str:
    """One deployment is one database: its server and name tell deployments apart by default."""
    where = ":".join(str(database.get(key) or "") for key in ("HOST", "PORT"))
    return f"bgc:{where}/{database.get('NAME', '')}:"
