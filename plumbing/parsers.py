"""The API's JSON parser with a depth limit, apart from the error envelope: DRF resolves the parser
setting while ``rest_framework.views`` is imported, so this module must not import that one."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

# No request of this API needs more; Python's json module and everything after it recurse per level.
MAX_JSON_DEPTH = 32


def nesting_depth(value: Any) -> int:
    """How deep lists and objects nest in ``value``, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node)
    return deepest


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
