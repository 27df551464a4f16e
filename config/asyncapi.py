"""The sockets' AsyncAPI document (docs/asyncapi.yaml), served beside the REST API's OpenAPI schema."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

DOCUMENT = settings.BASE_DIR / "docs" / "asyncapi.yaml"


@cache
def _text() -> bytes:
    return DOCUMENT.read_bytes()


@require_GET
def asyncapi_document(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_text(), content_type="application/yaml; charset=utf-8")
