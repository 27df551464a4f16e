"""The test client takes the road a request takes under the ASGI server.

Under uvicorn, an API request signed in with a token goes down config/hot_path.py's direct road
(config/http_handler.py asks it first); Django's test client builds a WSGI request and would
never meet that road. ``through_direct_road`` makes the client ask the road first, with the
request turned into the ASGI scope the server would pass on, so every API test (authorization,
query counts, fuzzing) runs against what serves those requests in production.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.handlers.wsgi import WSGIRequest
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test.client import ClientHandler, FakePayload

from config import hot_path
from config.http_handler import SyncRequestASGIHandler


def scope_of(environ: dict[str, Any]) -> dict[str, Any]:
    """The ASGI scope of the request a WSGI ``environ`` describes."""
    headers = []
    for key, value in environ.items():
        if key.startswith("HTTP_"):
            name = key[5:]
        elif key in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            name = key
        else:
            continue
        if value != "":
            headers.append((name.lower().replace("_", "-").encode("latin1"), str(value).encode("latin1")))
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": environ["REQUEST_METHOD"],
        "scheme": environ.get("wsgi.url_scheme", "http"),
        "path": environ["PATH_INFO"],
        "raw_path": environ["PATH_INFO"].encode("latin1"),
        "root_path": environ.get("SCRIPT_NAME", ""),
        "query_string": environ.get("QUERY_STRING", "").encode("latin1"),
        "headers": headers,
        "client": (environ.get("REMOTE_ADDR", "127.0.0.1"), 0),
        "server": (environ.get("SERVER_NAME", "testserver"), int(environ.get("SERVER_PORT", 80))),
    }


_asgi_handler: SyncRequestASGIHandler | None = None


@contextmanager
def through_direct_road() -> Iterator[None]:
    """Within: the test client's requests go down the direct road wherever the server's would."""
    original = ClientHandler.__call__

    def call(handler: ClientHandler, environ: dict[str, Any]):
        global _asgi_handler
        if _asgi_handler is None:
            _asgi_handler = SyncRequestASGIHandler()
        body = environ["wsgi.input"].read()
        # The test's transaction keeps its connection through the request's signals, as the client does.
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        try:
            response = hot_path.answer_directly(_asgi_handler, scope_of(environ), io.BytesIO(body))
        finally:
            request_started.connect(close_old_connections)
            request_finished.connect(close_old_connections)
        if response is None:
            environ["wsgi.input"] = FakePayload(body)
            return original(handler, environ)
        response.wsgi_request = WSGIRequest(environ)  # type: ignore[attr-defined]  # as the client's handler sets it
        return response

    ClientHandler.__call__ = call  # type: ignore[method-assign]
    try:
        yield
    finally:
        ClientHandler.__call__ = original  # type: ignore[method-assign]
