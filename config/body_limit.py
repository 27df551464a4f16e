"""A hard cap on the size of every request body, checked before the body is read.

Django's DATA_UPLOAD_MAX_MEMORY_SIZE only applies when a view reads form data; the ASGI handler reads
every body whole (to disk beyond a few MiB) before any view runs, even for a 404, and DRF's parsers
read the stream without that check. Bodies larger than REQUEST_BODY_MAX_BYTES are refused with 413
as soon as their declared length or the bytes received so far say so.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from io import BytesIO

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _

from config.error_pages import plain_error


class BodyTooLarge(Exception):
    """The request body is, or has grown, larger than the cap."""


def limit() -> int:
    return settings.REQUEST_BODY_MAX_BYTES


def _declared_length(headers) -> int | None:
    for name, value in headers:
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def capped_receive(scope: dict, receive: Callable[[], Awaitable[dict]]) -> Callable[[], Awaitable[dict]]:
    """``receive`` that raises BodyTooLarge before handing on more than the cap allows."""
    cap = limit()
    received = 0

    async def receive_capped() -> dict:
        nonlocal received
        if received == 0 and (_declared_length(scope.get("headers", ())) or 0) > cap:
            raise BodyTooLarge
        message = await receive()
        received += len(message.get("body", b""))
        if received > cap:
            raise BodyTooLarge
        return message

    return receive_capped


def too_large(request: HttpRequest) -> HttpResponse:
    """The 413 answer, in the language the client asks for (no user is known at this point)."""
    with translation.override(translation.get_language_from_request(request)):
        return plain_error(
            request,
            413,
            "too_large",
            _("Request too large"),
            _("The request is larger than the %(size)s KiB this site accepts.") % {"size": limit() // 1024},
            headers={"Connection": "close"},
        )


def too_large_for_scope(scope: dict) -> HttpResponse:
    # The request is built without its body, which is never read.
    return too_large(ASGIRequest(scope, BytesIO()))


class BodyLimitMiddleware:
    """The same cap for requests that do not come through config.http_handler (WSGI, tests)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        if declared > limit():
            return too_large(request)
        return self.get_response(request)
