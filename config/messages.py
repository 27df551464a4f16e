"""Django's default message storage (a cookie, then the session), made only when a message is used.

``MessageMiddleware`` makes a storage for every request, and the default one makes both of its
backends at once (the cookie's signer among them), though most requests, and every API request,
never touch a message: that cost more than most middleware (bench/middleware_cost.py). Here the
backends are made on first use; what is read, stored and sent is Django's own.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.contrib.messages.storage.base import BaseStorage
from django.contrib.messages.storage.fallback import FallbackStorage


class LazyFallbackStorage(FallbackStorage):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        BaseStorage.__init__(self, *args, **kwargs)
        self._arguments = (args, kwargs)
        self._used_storages: set[BaseStorage] = set()

    @cached_property
    def storages(self) -> list[BaseStorage]:
        args, kwargs = self._arguments
        return [storage_class(*args, **kwargs) for storage_class in self.storage_classes]
