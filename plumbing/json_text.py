"""JSON text as the API writes it: DRF's encoder and its JSON settings, as its renderer uses them.

Parts of an answer written ahead of time (a game's view, kept per version) are spliced into the
answer as they are, so they must be written exactly as the renderer would write them.
"""

from __future__ import annotations

import json
from typing import Any

from rest_framework.settings import api_settings
from rest_framework.utils.encoders import JSONEncoder


class JSONText(str):
    """A value already written as JSON (by ``dumps``), to be sent as it is."""

    __slots__ = ()

    def value(self) -> Any:
        return json.loads(self)


def dumps(data: Any) -> str:
    """``data`` as DRF's JSON renderer writes it, with DRF's encoder and settings."""
    return json.dumps(
        data,
        cls=JSONEncoder,
        ensure_ascii=not api_settings.UNICODE_JSON,
        allow_nan=not api_settings.STRICT_JSON,
        separators=(",", ":") if api_settings.COMPACT_JSON else None,
    )
