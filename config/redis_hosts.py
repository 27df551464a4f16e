"""Connection settings for Redis as the channel layer."""

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
