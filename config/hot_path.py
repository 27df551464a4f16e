"""The API's two most frequent requests, a player's view of a game and a move, through a shorter
middleware chain: the only place where a request goes round part of ``MIDDLEWARE``.

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

Measured side by side (bench/side_by_side.py, the README's benchmark section): the whole chain and
the URL resolution cost more CPU than the view of a cached game did.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import cast

from django.conf import settings
from django.core.handlers.base import BaseHandler
from django.core.handlers.exception import convert_exception_to_response
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.urls import Resolver404, ResolverMatch, URLResolver
from django.urls.resolvers import RegexPattern
from django.utils.module_loading import import_string

from config.api_urls import HOT_PREFIX, hot_urlpatterns
from games import hot_api


def _routes() -> URLResolver:
    return URLResolver(RegexPattern(rf"^/{HOT_PREFIX}"), hot_urlpatterns)


class _ShortChain(BaseHandler):
    """Django's handler over ``HOT_PATH_MIDDLEWARE`` and the hot routes (BaseHandler reads only
    ``MIDDLEWARE``; the chain is built as it builds it, for synchronous requests)."""

    def __init__(self) -> None:
        super().__init__()
        self.routes = _routes()
        # What every hot path starts with, up to its first variable part: most requests go on at once.
        self.prefix = os.path.commonprefix([f"/{HOT_PREFIX}{str(p.pattern).split('<')[0]}" for p in hot_urlpatterns])

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
        request.resolver_match = match
        response = self.short(request)
        # What CommonMiddleware, left out of the short chain, adds to every answer it passes.
        if isinstance(response, HttpResponse) and not response.has_header("Content-Length"):
            response.headers["Content-Length"] = str(len(response.content))
        return response
