"""Django's ASGI handler, with each request handled in one call to a worker thread."""

from __future__ import annotations

import asyncio
import contextvars
import os
from collections.abc import AsyncIterator, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import cast

from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import HttpResponseBase, StreamingHttpResponse
from django.urls import set_script_prefix
from django_guid import clear_guid, set_guid
from django_guid.config import settings as guid_settings

from config import body_limit, hot_path
from plumbing import deferred

_executor: ThreadPoolExecutor | None = None


def _threads() -> ThreadPoolExecutor:
    """The threads requests run in. Views hold the interpreter lock while they compute and must win
    it back after every query, so more threads only queue at the lock: at 100 moves/s on 2 cores,
    two threads per worker stored 75 moves/s and announced them within 39 ms (p50); four stored
    54/s at 1.1 s, six 73/s at 4 s. Requests beyond them wait on the event loop."""
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(
            max_workers=int(os.environ.get("WEB_THREADS", "2")), thread_name_prefix="request"
        )
    return _executor


def _forget_threads() -> None:
    # A forked process has the pool but none of its threads: work handed to it would never run.
    global _executor
    _executor = None


os.register_at_fork(after_in_child=_forget_threads)


class SyncRequestASGIHandler(ASGIHandler):
    """Every view of the platform is synchronous; the consumers are the async part.

    Django's own handler runs the middleware chain on the event loop and makes
    a new thread for every request, then hops into it for each request signal,
    each sync middleware and the view. That plumbing cost more CPU than the
    views themselves. Here the body is read on the loop, then the request
    signals, the middleware chain (built as for WSGI), the view and the closing
    of the response all run in one call on the loop's thread pool, and the
    answer is sent from the loop. Database connections are opened, used and
    handed back to the pool in that one thread, as Django requires.
    Views cannot be cancelled when the client goes away, as with WSGI.
    Work a view leaves with ``plumbing.deferred.after_response`` runs in the
    thread pool once the answer is sent.
    """

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        loop = asyncio.get_running_loop()
        deferred.set_server_loop(loop)
        # The request's work runs in the pool in a copy of this task's context: one copy for the
        # answer and the work after it, so the request id, language and connections carry over
        # from one to the other and nothing of them comes back to the loop. asgiref's
        # sync_to_async did the same with a new wrapper per call and copied every changed variable
        # back after each (bench/handler_hop.py).
        context = contextvars.copy_context()
        try:
            body_file = await self.read_body(body_limit.capped_receive(scope, receive))
        except RequestAborted:
            return
        except body_limit.BodyTooLarge:
            refused = await loop.run_in_executor(_threads(), context.run, body_limit.too_large_for_scope, scope)
            await self.send_response(refused, send)
            return
        response, tasks = await loop.run_in_executor(_threads(), context.run, self._respond, scope, body_file)
        try:
            await self.send_response(response, send)
        finally:
            # The change is committed whether or not the client is still there to hear of it.
            if tasks:
                request_id = response.get(guid_settings.guid_header_name)
                await loop.run_in_executor(_threads(), context.run, _run_later, tasks, request_id)

    def _respond(self, scope, body_file) -> tuple[HttpResponseBase, list[Callable[[], None]]]:
        deferred.collect()
        try:
            response = hot_path.answer_directly(self, scope, body_file) or self._handle(scope, body_file)
        finally:
            tasks = deferred.collected()
        return response, tasks

    def _handle(self, scope, body_file) -> HttpResponseBase:
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, refused = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__  # type: ignore[attr-defined]  # as Django's handler does
        else:
            assert refused is not None  # Django answers a request it cannot build itself
            response = refused
        if isinstance(response, StreamingHttpResponse) and not response.is_async:
            # Static files: read here, so that closing the file (and request_finished with it) happens
            # in this thread; the loop then sends the bytes without blocking on the disk.
            response.streaming_content = _once(b"".join(cast(Iterable[bytes], response.streaming_content)))
        response.close()
        body_file.close()
        return response


def _run_later(tasks: list[Callable[[], None]], request_id: str | None) -> None:
    """The work a request left, under that request's id (cleared when its response was closed), so
    that its log lines name the request."""
    if request_id:
        set_guid(request_id)
    try:
        deferred.run(tasks)
    finally:
        clear_guid()


async def _once(content: bytes) -> AsyncIterator[bytes]:
    yield content
