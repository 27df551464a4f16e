"""How a move's events are stored: shorter than the engines emit them, rendered identically.

Two savings, both undone by :func:`decode_events` (or by the log's fallback to the move's seat):

- an event's top-level ``"seat"`` (the actor) is dropped when it is the move's own seat;
- a message template found in the catalogue is stored as its index there. Templates not (yet)
  listed stay text, so an engine may add a message before the catalogue learns it.

The catalogue, event_messages.json, is one list for every engine and the platform's own notes, so a
stored id decodes without knowing the game; it is append-only: an id, once stored, keeps its template.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

CATALOGUE_PATH = Path(__file__).with_name("event_messages.json")


@lru_cache(maxsize=1)
def catalogue() -> tuple[str, ...]:
    return tuple(json.loads(CATALOGUE_PATH.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def _ids() -> dict[str, int]:
    return {template: i for i, template in enumerate(catalogue())}


def encode_events(events: Iterable[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The events as stored with a move played by ``seat``; the given events are left as they are."""
    ids = _ids()
    out = []
    for event in events:
        stored = {k: v for k, v in event.items() if not (k == "seat" and v == seat)}
        msg = stored.get("msg")
        if isinstance(msg, str) and msg in ids:
            stored["msg"] = ids[msg]
        out.append(stored)
    return out


def template(msg: Any) -> str:
    """The English template of a stored ``msg``: an id from the catalogue, or the text itself."""
    if isinstance(msg, int) and not isinstance(msg, bool):
        templates = catalogue()
        return templates[msg] if 0 <= msg < len(templates) else ""
    return msg if isinstance(msg, str) else ""


def decode_events(events: Iterable[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """Stored events (either form: rows written before encoding hold text and every seat) as the
    engine emitted them, except that an event without an actor now names the move's seat."""
    out = []
    for event in events:
        decoded = dict(event)
        decoded["msg"] = template(event.get("msg"))
        decoded.setdefault("seat", seat)
        out.append(decoded)
    return out
