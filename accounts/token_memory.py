"""API tokens resolved inside the process, and dropped in every process at once.

Reading a token from the shared cache costs a Redis round trip on every API request; this keeps the
resolved token (with its user) in a dict of the process for ``TTL_S`` seconds instead. Whenever a
token is revoked or its user saved (deactivated, a new password), accounts.authentication calls
``drop`` with the digests concerned: they leave this process's dict at once and are published on a
Redis channel, and a listening thread in every other process drops them too. Expiry needs no message:
the expiry date travels with the token and is checked on every request.

The dict is used only while this process hears the channel: a process that lost its subscription
(Redis away, reconnecting) empties the dict and reads the shared cache and the database meanwhile,
so it never serves a token whose revocation it could have missed. A bulk ``update()``, which sends
no signal, is bounded by ``TTL_S``. Without ``REDIS_URL`` (one process: development) drops are local.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import redis
from django.conf import settings

logger = logging.getLogger(__name__)

# The Redis channel of the drops, after the deployment's prefix (CHANNEL_GROUP_PREFIX): two deployments
# on one Redis server do not empty each other's memories.
CHANNEL = "api-token-drop"
# Each process asks the cache for each token that often at most: at 30 s, under the mixed load of
# bench/sustained_load.py (600 tokens), those look-ups took 6% of the web workers' sampled CPU.
TTL_S = 120.0
RECONNECT_S = 1.0


class TokenMemory:
    def __init__(self, redis_url: str | None, prefix: str = "") -> None:
        self._url = redis_url or None
        self._channel = prefix + CHANNEL
        self._entries: dict[str, tuple[float, Any]] = {}
        self._hearing = threading.Event()
        self._closed = threading.Event()
        self._start_lock = threading.Lock()
        self._listener: threading.Thread | None = None
        self._publisher: redis.Redis | None = None
        # Counts drops: a token read before a drop is not stored after it (it may be the revoked one).
        self.generation = 0

    def get(self, digest: str) -> Any | None:
        """The token stored under ``digest``, if still fresh and the drops can be heard."""
        if not self._usable():
            return None
        entry = self._entries.get(digest)
        if entry is None:
            return None
        stored_at, token = entry
        if time.monotonic() - stored_at > TTL_S:
            self._entries.pop(digest, None)
            return None
        return token

    def put(self, digest: str, token: Any, read_in: int) -> None:
        """Keep ``token``, read while ``generation`` was ``read_in``, unless something was dropped since."""
        if self._usable() and self.generation == read_in:
            self._entries[digest] = (time.monotonic(), token)

    def drop(self, digests: list[str]) -> None:
        """Forget these tokens here and, through the channel, in every other process."""
        if not digests:
            return
        self._forget(digests)
        if self._url:
            try:
                if self._publisher is None:
                    self._publisher = redis.Redis.from_url(self._url, socket_connect_timeout=1, socket_timeout=1)
                self._publisher.publish(self._channel, " ".join(digests))
            except (redis.RedisError, OSError) as exc:
                # The other processes' subscriptions go through the same Redis: they have lost them too,
                # and emptied their dicts, or they drop the entry within TTL_S.
                logger.warning("Could not announce revoked API tokens: %s", exc)

    def clear(self) -> None:
        self.generation += 1
        self._entries.clear()

    def _forget(self, digests: list[str]) -> None:
        self.generation += 1
        for digest in digests:
            self._entries.pop(digest, None)

    def _usable(self) -> bool:
        if not self._url:
            return True
        if self._listener is None:
            with self._start_lock:
                if self._listener is None:
                    self._listener = threading.Thread(target=self._listen, name="api-token-drops", daemon=True)
                    self._listener.start()
        return self._hearing.is_set()

    def close(self) -> None:
        """Stop listening (tests): the memory is then not used any more."""
        self._closed.set()
        self._hearing.clear()
        self.clear()

    def _listen(self) -> None:
        while not self._closed.is_set():
            try:
                connection = redis.Redis.from_url(self._url or "", socket_connect_timeout=1, health_check_interval=10)
                pubsub = connection.pubsub()
                pubsub.subscribe(self._channel)
                for message in pubsub.listen():
                    if self._closed.is_set():
                        break
                    if message["type"] == "subscribe":
                        self.clear()  # whatever was dropped while not listening
                        self._hearing.set()
                    elif message["type"] == "message":
                        self._forget(message["data"].decode().split())
            except Exception as exc:  # noqa: BLE001  (any failure: stop serving from memory, then retry)
                logger.warning("Not hearing revoked API tokens, reading them from the cache meanwhile: %s", exc)
            self._hearing.clear()
            self.clear()
            self._closed.wait(RECONNECT_S)


memory = TokenMemory(getattr(settings, "REDIS_URL", ""), getattr(settings, "CHANNEL_GROUP_PREFIX", ""))
