"""Which game has a rules page, under which URL name and link text; the board, the new-table form
and the table page link it from here, so a new rules page needs one entry and no template change."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _l

RULES_PAGES: dict[str, tuple[str, Any]] = {
    "san-juan": ("sj-rules", _l("San Juan rules")),
    "red-cathedral": ("rc-rules", _l("Die Rote Kathedrale rules")),
    "sankt-petersburg": ("sp-rules", _l("Sankt Petersburg rules")),
}
# The link's element id: the URL name with "-link" ("sj-rules-link"), kept short for tests and styles.


def rules_link(slug: str) -> dict[str, str] | None:
    """The rules page link of a game (url, text, element id), or None if it has none."""
    entry = RULES_PAGES.get(slug)
    if entry is None:
        return None
    name, text = entry
    return {"url": reverse(name), "text": str(text), "id": f"{name}-link"}
