"""Answers given without the usual page around them: the request was refused before it reached a view,
or the database could not serve it. JSON in the API's error shape under /api/, a plain page elsewhere;
neither touches the database."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.views import defaults
from rest_framework.exceptions import NotFound


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def plain_error(
    request: HttpRequest, status: int, code: str, title: str, message: str, headers: dict[str, str] | None = None
) -> HttpResponse:
    """``title`` and ``message`` are rendered in the language active now."""
    response: HttpResponse
    if is_api(request):
        response = JsonResponse({"detail": str(message), "code": code}, status=status)
    else:
        page = render_to_string("errors/plain.html", {"title": title, "message": message})
        response = HttpResponse(page, status=status)
    response.headers["Content-Language"] = translation.get_language()
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler404: a path the API has no route for (``/api/games/abc/``) gets the API's JSON error."""
    if is_api(request):
        return JsonResponse({"detail": str(NotFound.default_detail), "code": "not_found"}, status=404)
    return defaults.page_not_found(request, exception)
