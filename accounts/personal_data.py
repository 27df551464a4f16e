"""What the platform keeps about a person, section by section: how each section is exported (the
data download) and how it is cleaned away when the account is deleted.

Accounts imports no other app, so each app registers its own sections when it is ready
(``AppConfig.ready``). A table that holds personal data and is added later (addresses of an
account library, API tokens of a token library) gets a section here or in its app; the deletion
test checks that every registered section leaves nothing of the person behind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Exporter = Callable[[Any], Any]
Cleaner = Callable[[Any], None]


@dataclass(frozen=True)
class Section:
    name: str
    export: Exporter | None
    clean: Cleaner | None
    # Cleaners run in this order, lowest first: games are given up before their tables and entries.
    order: int


_sections: dict[str, Section] = {}


def register(name: str, *, export: Exporter | None = None, clean: Cleaner | None = None, order: int = 100) -> None:
    """Add (or replace, for a reload) a section; ``name`` is its key in the download."""
    _sections[name] = Section(name, export, clean, order)


def sections() -> list[Section]:
    return sorted(_sections.values(), key=lambda s: (s.order, s.name))


def export(user) -> dict[str, Any]:
    """Every exporting section's data about ``user``, keyed by section name."""
    return {s.name: s.export(user) for s in sorted(_sections.values(), key=lambda s: s.name) if s.export}


def clean(user) -> None:
    """Run every cleaner, in order, inside the caller's transaction."""
    for section in sections():
        if section.clean:
            section.clean(user)
