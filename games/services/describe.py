"""A table's options as the short text lists show beside the game's name."""

from __future__ import annotations

from games.services.engines import get_engine
from games.services.log import render_event


def options_text(slug: str, options: dict) -> str:
    """The engine's short text for a table's options, e.g. "(Händler 1, Klerus)"; "" when it has none."""
    try:
        described = get_engine(slug).describe_options(options or {})
    except KeyError:
        return ""
    if not described:
        return ""
    return "(" + ", ".join(render_event(part, {}) for part in described["parts"]) + ")"
