"""Texts the games read from data files and translate when shown, for the catalogs.

makemessages reads only code and templates; these texts live in JSON:

- every template ever listed in games/services/event_messages.json (moves store templates by their
  index there, so a stored game may show any of them, also ones the engines no longer emit);
- the engines' names of cards, roles, goods, decks, events, obstacles and helpers (``en``/``de`` or
  ``name_en``/``name_de``; the German given there is the catalog's German unless a catalog has one),
  and a rules text without its own ``text_de``;
- the figures files of Die Rote Kathedrale: each file's method and each record's note;
- what every engine declares for the table forms: its name, its options' labels, help texts and
  choices, its player-count help and its solo opponent (plain strings of the engine's class).
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from games.services.engines import available_engines
from plumbing.catalogs import DataMessage

GAMES = Path(__file__).resolve().parent
BASE = GAMES.parent
EVENT_MESSAGES = GAMES / "services" / "event_messages.json"
CARD_FILES = [GAMES / "rules" / "san_juan" / "cards.json", GAMES / "rules" / "sankt_petersburg" / "cards.json"]
FIGURE_FILES = GAMES / "rules" / "red_cathedral" / "data"
NAME_PAIRS = (("en", "de"), ("name_en", "name_de"))


def _rel(path: Path) -> str:
    return path.relative_to(BASE).as_posix()


def _names(value: Any, source: str) -> Iterator[DataMessage]:
    if isinstance(value, dict):
        for en, de in NAME_PAIRS:
            if isinstance(value.get(en), str) and value[en]:
                german = value.get(de) if isinstance(value.get(de), str) else None
                yield DataMessage(value[en], source, german or None)
        if isinstance(value.get("text"), str) and value["text"] and "text_de" not in value and "name_en" in value:
            yield DataMessage(value["text"], source)
        for key, item in value.items():
            if key != "uncertain":
                yield from _names(item, source)
    elif isinstance(value, list):
        for item in value:
            yield from _names(item, source)


def data_messages() -> list[DataMessage]:
    out = [DataMessage(t, _rel(EVENT_MESSAGES)) for t in json.loads(EVENT_MESSAGES.read_text(encoding="utf-8")) if t]
    for path in CARD_FILES:
        out += _names(json.loads(path.read_text(encoding="utf-8")), _rel(path))
    for path in sorted(FIGURE_FILES.rglob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("method"):
            out.append(DataMessage(doc["method"], _rel(path)))
        out += [DataMessage(r["note"], _rel(path)) for r in doc.get("records", []) if r.get("note")]
    return out + engine_messages()


def engine_messages() -> list[DataMessage]:
    out = []
    for engine in available_engines():
        path = Path(inspect.getfile(type(engine))).resolve()
        if GAMES not in path.parents:
            continue  # an engine of the tests
        source = _rel(path)
        texts = [engine.name, getattr(engine, "players_help", ""), getattr(engine, "solo_opponent", "")]
        for opt in engine.options:
            texts += [opt.label, opt.help or "", *(label for _value, label in opt.choices or ())]
        out += [DataMessage(t, source) for t in texts if t]
    return out
