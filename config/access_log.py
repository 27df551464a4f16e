"""One log line per request: method, path, status, duration and client address, under the request's id.

It sits inside the request-id middleware, so the line carries the same ``request_id`` as everything
logged while the request ran; the id is also sent back in the ``X-Request-ID`` header.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponseBase

logger = logging.getLogger("boardgames.access")


def log(request: Any, response: HttpResponseBase, started: float) -> None:
    """The line for a request answered with ``response``, ``started`` at that ``time.perf_counter()``."""
    if logger.isEnabledFor(logging.INFO):
        logger.info(
            "%s %s %s",
            request.method,
            request.path,
            response.status_code,
            extra={
                "method": request.method,
                "path": request.path,
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                "client": request.META.get("REMOTE_ADDR", ""),
            },
        )


class AccessLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.perf_counter()
        response = self.get_response(request)
        log(request, response, started)
        return response
