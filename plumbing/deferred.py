"""Work that follows a change: after its transaction commits, and after the request's response.

The web server (config/http_handler.py) tells this module its event loop and collects the
work a request leaves for after its response; apps only call ``after_commit``,
``after_response`` and ``server_loop``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from django.db import close_old_connections, transaction

logger = logging.getLogger(__name__)

_server_loop: asyncio.AbstractEventLoop | None = None
_deferred = threading.local()


def set_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    global _server_loop
    _server_loop = loop


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of this web process, once it has served a request; None elsewhere (workers, shells)."""
    return _server_loop


def after_response(task: Callable[[], None]) -> None:
    """Run ``task`` once the response of the request this thread is handling has been sent.

    For work the client need not wait for (queueing tasks, telling other apps). Where
    no such response is pending (tests, Celery workers, consumers, WSGI) it runs now.
    """
    tasks = getattr(_deferred, "tasks", None)
    if tasks is None:
        task()
    else:
        tasks.append(task)


def after_commit(task: Callable[[], None], *, then_after_response: bool = False) -> None:
    """Run ``task`` once the current transaction commits (at once outside one); with
    ``then_after_response``, not before the response of the current request has been sent."""
    if then_after_response:
        transaction.on_commit(lambda: after_response(task))
    else:
        transaction.on_commit(task)


def collect() -> None:
    """From now on, this thread's ``after_response`` work waits for ``collected``."""
    _deferred.tasks = []


def collected() -> list[Callable[[], None]]:
    """The work left since ``collect``; this thread runs such work at once again."""
    tasks: list[Callable[[], None]] = getattr(_deferred, "tasks", None) or []
    _deferred.tasks = None
    return tasks


def run(tasks: list[Callable[[], None]]) -> None:
    """Run collected work (after the response was sent); one failing task does not stop the others."""
    try:
        for task in tasks:
            try:
                task()
            except Exception:
                logger.exception("Work after the response failed")
    finally:
        close_old_connections()
