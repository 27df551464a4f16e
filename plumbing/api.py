"""The API's error envelope and its JSON parser, shared by every app's API views."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers, serializers
from rest_framework.exceptions import APIException, ParseError, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from plumbing.errors import ServiceError
from plumbing.json_depth import MAX_JSON_DEPTH, nesting_depth


class ErrorSerializer(serializers.Serializer):
    """The shape of every error answer (for the OpenAPI schema)."""

    detail = serializers.CharField()
    code = serializers.CharField()
    version = serializers.IntegerField(required=False, help_text="The game's current version (409 only).")
    # A declared field named like Serializer.errors: the metaclass takes it out of the class.
    errors = serializers.DictField(  # type: ignore[assignment]
        required=False, help_text="Messages per field, for invalid input."
    )


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error answer has the same shape: a readable ``detail``, a ``code`` and, for invalid
    input, the messages per field under ``errors``."""
    if isinstance(exc, ServiceError):
        return Response({"detail": exc.message, "code": exc.code, **exc.extra()}, status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        errors = response.data if isinstance(response.data, dict) else {"non_field_errors": response.data}
        response.data = {"detail": _first_message(errors), "code": "invalid", "errors": errors}
    elif isinstance(response.data, dict) and "detail" in response.data:
        # Django's Http404 and PermissionDenied arrive unconverted.
        code = (
            exc.get_codes()
            if isinstance(exc, APIException)
            else {404: "not_found"}.get(response.status_code, "permission_denied")
        )
        response.data["code"] = code if isinstance(code, str) else "error"
    return response


def _first_message(errors: Any) -> str:
    """The first message in DRF's nested error structure, prefixed with the field it is about."""
    path = []
    node = errors
    while isinstance(node, (dict, list)) and node:
        if isinstance(node, dict):
            key = next(iter(node))
            if key != "non_field_errors":
                path.append(str(key))
            node = node[key]
        else:
            node = node[0]
    message = str(node) if node else _("The request is not valid.")
    return f"{'.'.join(path)}: {message}" if path else message


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing documents nested too deeply with a 400 instead of a crash."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("The JSON document is nested too deeply.")) from None
        if nesting_depth(data) > MAX_JSON_DEPTH:
            raise ParseError(_("The JSON document is nested too deeply."))
        return data
