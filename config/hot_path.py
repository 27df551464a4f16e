"""The API's two most frequent requests, a player's view of a game and a move, through a shorter
middleware chain or, signed in with a known token, on a direct road without Django's request object:
the only place where a request goes round part of ``MIDDLEWARE``.

``HotPathMiddleware`` comes first in ``MIDDLEWARE``. For a request that ``games.hot_api``
answers itself (its route, a plain JSON request) it runs ``HOT_PATH_MIDDLEWARE`` instead of
the rest of the chain, then the view; every other request goes down the whole chain. The
short chain is ``MIDDLEWARE`` in the same order without what a JSON answer of these two
views never needs (tests/config/test_hot_path.py checks both lists):

- WhiteNoise serves static files, which these paths are not;
- CommonMiddleware adds a missing slash or "www.", and these routes matched as they are (its
  Content-Length header is added here);
- django-htmx and allauth's account middleware serve pages and the sign-in flow;
- CsrfViewMiddleware: the views are CSRF-exempt, as DRF's are, and a session is only accepted
  with DRF's own CSRF check (``SessionAuthentication``);
- the message storage carries notices from one page to the next.

What stays is everything a JSON answer shows or depends on: the client address, the request
id, the access log, the body limit, the security headers and the Content-Security-Policy, the
session and the signed-in user, the language and time zone, the frame options, the 503 of a
busy database. The routes are resolved against the two patterns alone
(``config.api_urls.hot_urlpatterns``), not the whole URL configuration.

Measured side by side (bench/side_by_side.py, bench/results/): the whole chain and
the URL resolution cost more CPU than the view of a cached game did. The direct road (below) goes
further for API clients signed in with a token: 2.17 against 2.79 ms of server CPU per request of
the mixed load, with the short chain for everything else.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import IO, Any, cast

from django.conf import settings
from django.core import signals
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.core.handlers.exception import convert_exception_to_response, response_for_exception
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.security import SecurityMiddleware
from django.urls import Resolver404, ResolverMatch, URLResolver
from django.urls.resolvers import RegexPattern
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.datastructures import CaseInsensitiveMapping
from django.utils.module_loading import import_string
from django_guid import get_guid, set_guid
from django_guid.config import settings as guid_settings
from django_guid.utils import get_id_from_header, ignored_url

from accounts.authentication import token_user
from accounts.middleware import activate_preferences
from config import access_log, db_busy
from config.api_urls import HOT_PREFIX, hot_urlpatterns
from config.client_address import PEER_ADDR, client_address
from config.csp import CSPMiddleware
from games import hot_api


def _routes() -> URLResolver:
    return URLResolver(RegexPattern(rf"^/{HOT_PREFIX}"), hot_urlpatterns)


class _ShortChain(BaseHandler):
    """Django's handler over ``HOT_PATH_MIDDLEWARE`` and the hot routes (BaseHandler reads only
    ``MIDDLEWARE``; the chain is built as it builds it, for synchronous requests)."""

    def __init__(self) -> None:
        super().__init__()
        self.routes = _routes()
        self.prefix = self.common_prefix()

    @staticmethod
    def common_prefix() -> str:
        """What every hot path starts with, up to its first variable part: most requests go on at once."""
        return os.path.commonprefix([f"/{HOT_PREFIX}{str(p.pattern).split('<')[0]}" for p in hot_urlpatterns])

    def load_middleware(self, is_async: bool = False) -> None:
        self._view_middleware: list = []
        self._template_response_middleware: list = []
        self._exception_middleware: list = []
        handler = convert_exception_to_response(self._get_response)  # type: ignore[attr-defined]
        for path in reversed(settings.HOT_PATH_MIDDLEWARE):
            instance = import_string(path)(handler)
            if hasattr(instance, "process_view"):
                self._view_middleware.insert(0, instance.process_view)
            if hasattr(instance, "process_template_response"):
                self._template_response_middleware.append(instance.process_template_response)
            if hasattr(instance, "process_exception"):
                self._exception_middleware.append(instance.process_exception)
            handler = convert_exception_to_response(instance)
        self._middleware_chain = handler

    def resolve_request(self, request: HttpRequest) -> ResolverMatch:
        match = request.resolver_match
        assert match is not None  # HotPathMiddleware resolved it before handing the request over
        return match

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return cast(HttpResponseBase, self._middleware_chain(request))


class HotPathMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.short = _ShortChain()
        self.short.load_middleware()

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if not request.path_info.startswith(self.short.prefix):
            return self.get_response(request)
        try:
            match = self.short.routes.resolve(request.path_info)
        except Resolver404:
            return self.get_response(request)
        if not hot_api.answers_itself(request, match.func):
            return self.get_response(request)
        # CommonMiddleware, left out, asks for the host on every request: a host not in ALLOWED_HOSTS
        # is refused with 400 on every road (DisallowedHost, answered by Django's handler).
        request.get_host()
        request.resolver_match = match
        response = self.short(request)
        # What CommonMiddleware, left out of the short chain, adds to every answer it passes.
        if isinstance(response, HttpResponse) and not response.has_header("Content-Length"):
            response.headers["Content-Length"] = str(len(response.content))
        return response


# ---------------------------------------------------------------------------------------------------
# The direct road: the same two requests, signed in with a token this process already knows, answered
# without Django's request object, middleware chain or DRF's request (config/http_handler.py asks
# ``answer_directly`` first). What each middleware of the short chain does for such a request is done
# here, by the same code where it can be reached (the security, CSP and frame-options middleware's
# own ``process_response``, django-guid's id, the access log's logger, DRF's throttles and error
# envelope); what none of them needs is left out: with no cookie there is no session, no CSRF check and
# no session user, and the token's user sets the language and time zone (as the token's
# authentication does). Anything else goes Django's way: a cookie, a query string, another method or
# media type, a token that is unknown, expired or of a deactivated account (DRF refuses it), a body
# that is not a plain move. tests/config/test_direct_road.py asks every case both ways.


class _LightRequest:
    """What the middleware and library functions called here read of a request."""

    def __init__(self, scope: dict[str, Any], headers: dict[str, str], meta: dict[str, Any]) -> None:
        self.method = scope["method"]
        self.path = self.path_info = scope["path"]
        self.headers = CaseInsensitiveMapping(headers)
        self.META = meta
        self.user: Any = None
        self._scheme = scope.get("scheme") or "http"

    def get_full_path(self) -> str:
        return self.path

    def is_secure(self) -> bool:
        # As HttpRequest.scheme decides.
        if settings.SECURE_PROXY_SSL_HEADER:
            header, secure_value = settings.SECURE_PROXY_SSL_HEADER
            value = self.META.get(header)
            if value is not None:
                return value.split(",", 1)[0].strip() == secure_value
        return self._scheme == "https"


def _headers_and_meta(scope: dict[str, Any], raw: dict[bytes, bytes]) -> tuple[dict[str, str], dict[str, Any]]:
    """The request's headers (``raw``: each name given once) by lower-case name, and META as
    ASGIRequest builds it (the headers part)."""
    headers = {name.decode("latin1").lower(): value.decode("latin1") for name, value in raw.items()}
    meta: dict[str, Any] = {"REQUEST_METHOD": scope["method"], "PATH_INFO": scope["path"], "QUERY_STRING": ""}
    for name, value in headers.items():
        key = name.upper().replace("-", "_")
        meta[key if key in ("CONTENT_LENGTH", "CONTENT_TYPE") else f"HTTP_{key}"] = value
    client = scope.get("client")
    meta[PEER_ADDR] = client[0] if client else None
    meta["REMOTE_ADDR"] = client_address({**meta, "REMOTE_ADDR": meta[PEER_ADDR]})
    return headers, meta


def _allowed_host(scope: dict[str, Any], meta: dict[str, Any]) -> bool:
    """Whether Django would take the request's host (``HttpRequest.get_host``, with ALLOWED_HOSTS)."""
    probe = HttpRequest()
    server = scope.get("server") or (None, None)
    probe.META = {**meta, "SERVER_NAME": server[0] or "unknown", "SERVER_PORT": str(server[1] or "80")}
    try:
        probe.get_host()
    except DisallowedHost:
        return False
    return True


class DirectRoad:
    """The two hot routes answered from the ASGI scope, for the requests described above."""

    def __init__(self) -> None:
        self.base = f"/{HOT_PREFIX}"
        self.prefix = _ShortChain.common_prefix()
        # Only their process_response is called, on the answer.
        self.security = SecurityMiddleware(lambda request: HttpResponse())
        self.csp = CSPMiddleware(lambda request: HttpResponse())
        self.frames = XFrameOptionsMiddleware(lambda request: HttpResponse())

    def _route(self, scope: dict[str, Any]) -> tuple[Callable[..., HttpResponse], int] | None:
        if scope.get("query_string") or scope.get("root_path") or not scope["path"].startswith(self.prefix):
            return None
        # Each pattern on its own, as the resolver would try them (without its bookkeeping of tries).
        rest = scope["path"][len(self.base) :]
        for pattern in hot_urlpatterns:
            match = pattern.resolve(rest)
            if match is not None:
                return match.func, match.kwargs["pk"]
        return None

    def answer(self, handler: ASGIHandler, scope: dict[str, Any], body_file: IO[bytes]) -> HttpResponseBase | None:
        """The answer to a request this road takes, or None: Django's road answers it (nothing has
        been done for it yet)."""
        if scope["type"] != "http":
            return None
        route = self._route(scope)
        if route is None:
            return None
        view, pk = route
        method = "GET" if view is hot_api.game_view else "POST"
        if scope["method"] != method:
            return None
        raw = dict(scope.get("headers", ()))
        # A header given twice is joined by Django (two tokens make no valid one): its road decides.
        if (
            len(raw) != len(scope.get("headers", ()))
            or b"cookie" in raw
            or raw.get(b"accept", b"*/*") not in (b"*/*", b"application/json", b"")
        ):
            return None
        try:
            user = token_user(raw.get(b"authorization"))
        except Exception:  # noqa: BLE001 - a database or cache that fails here fails again there, answered
            return None
        if user is None:
            return None
        headers, meta = _headers_and_meta(scope, raw)
        request = _LightRequest(scope, headers, meta)
        if settings.SECURE_SSL_REDIRECT and not request.is_secure():
            return None  # the security middleware's redirect
        if not _allowed_host(scope, meta):
            return None  # refused there with 400
        move = None
        if method == "POST":
            if raw.get(b"content-type") != b"application/json":
                return None
            move = hot_api.plain_move_body(body_file.read())
            body_file.seek(0)
            if move is None:
                return None
        return self._answer(handler, scope, body_file, request, user, pk, move)

    def _answer(
        self,
        handler: ASGIHandler,
        scope: dict[str, Any],
        body_file: IO[bytes],
        request: _LightRequest,
        user: Any,
        pk: int,
        move: dict[str, Any] | None,
    ) -> HttpResponseBase:
        started = time.perf_counter()
        signals.request_started.send(sender=handler.__class__, scope=scope)
        if not ignored_url(request):  # type: ignore[arg-type]
            set_guid(get_id_from_header(request))  # type: ignore[arg-type]
        activate_preferences(user)
        request.user = user
        allow = hot_api.VIEW_ALLOW if move is None else hot_api.MOVE_ALLOW
        try:
            hot_api.check_throttles(request)
            response: HttpResponseBase = (
                hot_api.view_answer(pk, user) if move is None else hot_api.move_answer(pk, user, move)
            )
        except Exception as exc:  # noqa: BLE001 - what the API does not answer, Django answers as ever
            response = hot_api.refusal(exc, allow) or _unexpected(handler, scope, body_file, exc)
        self._finish(request, response)
        access_log.log(request, response, started)
        response._handler_class = handler.__class__  # type: ignore[attr-defined]  # as Django's handler does
        response.close()
        body_file.close()
        return response

    def _finish(self, request: _LightRequest, response: HttpResponseBase) -> None:
        """What the short chain's middleware add to the answer, innermost first."""
        self.frames.process_response(request, response)  # type: ignore[arg-type]
        # The locale middleware, then the session's (the chain reads the session user, so Vary: Cookie).
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", translation.get_language())
        patch_vary_headers(response, ("Cookie",))
        self.csp.process_response(request, response)  # type: ignore[arg-type]
        self.security.process_response(request, response)  # type: ignore[arg-type]
        if guid_settings.return_header and not ignored_url(request):  # type: ignore[arg-type]
            response[guid_settings.guid_header_name] = get_guid()
            if guid_settings.expose_header:
                response["Access-Control-Expose-Headers"] = guid_settings.guid_header_name
        if isinstance(response, HttpResponse) and not response.has_header("Content-Length"):
            response.headers["Content-Length"] = str(len(response.content))


def _unexpected(handler: ASGIHandler, scope: dict[str, Any], body_file: IO[bytes], exc: Exception) -> HttpResponseBase:
    """Django's answer to an exception no API view answers (a busy database's 503, a 500), as the chain
    gives it."""
    body_file.seek(0)
    request, refused = handler.create_request(scope, body_file)
    if request is None:
        assert refused is not None
        return refused
    return db_busy.DatabaseBusyMiddleware(lambda r: HttpResponse()).process_exception(
        request, exc
    ) or response_for_exception(request, exc)


_direct: DirectRoad | None = None


def answer_directly(handler: ASGIHandler, scope: dict[str, Any], body_file: IO[bytes]) -> HttpResponseBase | None:
    """The direct road's answer to this request, or None when Django's road is to answer it."""
    global _direct
    if _direct is None:
        _direct = DirectRoad()
    return _direct.answer(handler, scope, body_file)
