"""Django's ASGI handler, with each request handled in one call to a worker thread."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.core import signals
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.exceptions import RequestAborted
from django.http import HttpResponseBase
from django.urls import set_script_prefix


_server_loop: asyncio.AbstractEventLoop | None = None


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of this web process, once it has served a request; None elsewhere (workers, shells)."""
    return _server_loop


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
    """

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        global _server_loop
        _server_loop = asyncio.get_running_loop()
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        response = await sync_to_async(self._respond, thread_sensitive=False)(scope, body_file)
        await self.send_response(response, send)

    def _respond(self, scope, body_file) -> HttpResponseBase:
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
        if response.streaming and not response.is_async:
            # Static files: read here, so that closing the file (and request_finished with it) happens
            # in this thread; the loop then sends the bytes without blocking on the disk.
            response.streaming_content = _once(b"".join(response.streaming_content))
        response.close()
        body_file.close()
        return response


async def _once(content: bytes) -> AsyncIterator[bytes]:
    yield content
