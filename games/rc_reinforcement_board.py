"""The Brickmakers' reinforcement tiles on the Die Rote Kathedrale board.

``reinforcement_board`` shapes the tiles beside the board and those used so far; ``held_tiles`` a
player's tiles; ``reinforcement_moves`` groups the uses of the tiles by tile, each with its effect
in words. Every tile lies open on the table, so everything here is public.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.red_cathedral.reinforcement import TILES
from games.rules.red_cathedral.reinforcement_labels import text


def tile_words(tile: str) -> str:
    """A tile's effect in the reader's language."""
    from games.services.log import render_event

    return render_event(text(TILES[tile]), {}) if tile in TILES else tile


def tile_items(tiles: list[str]) -> list[dict[str, Any]]:
    return [{"id": t, "text": tile_words(t), "effect": TILES[t]["effect"]} for t in tiles if t in TILES]


def reinforcement_board(view: dict[str, Any]) -> dict[str, Any] | None:
    data = view.get("reinforcements")
    if not data:
        return None
    return {"available": tile_items(data.get("available", [])), "box": len(data.get("box", []))}


def held_tiles(pl: dict[str, Any]) -> list[dict[str, Any]] | None:
    """None when the game has no reinforcement tiles."""
    if "reinforcements" not in pl:
        return None
    return tile_items(pl["reinforcements"])


def reinforcement_moves(labelled: list[dict[str, Any]], unique: Callable[[str], str]) -> list[dict[str, Any]]:
    """The uses of the held tiles, one group per tile, in the order of the tiles."""
    groups: dict[str, dict[str, Any]] = {}
    for lm in labelled:
        move = lm["move"]
        tile = move["tile"]
        group = groups.setdefault(tile, {"tile": tile, "text": tile_words(tile), "moves": [], "id": f"rc-reinf-{tile}"})
        label = lm["label"]
        head, sep, rest = label.partition(": ")
        # Inside the tile's group the tile need not be named again; a borrowed action keeps its group.
        short = rest[:1].upper() + rest[1:] if sep and tile in head else label
        ident = unique(f"rc-reinf-{tile}-{len(group['moves'])}")
        group["moves"].append({"move": move, "label": label, "short": short, "id": ident})
    for group in groups.values():
        group["many"] = len(group["moves"]) > 1
        # A claim offers every open section with every workshop space: one list per section.
        by_section: dict[str, list[dict[str, Any]]] = {}
        for m in group["moves"]:
            if "banner" in m["move"]:
                by_section.setdefault(m["move"]["section"], []).append(m)
        group["sections"] = [
            {"section": sid, "moves": ms, "id": f"{group['id']}-{sid}"} for sid, ms in by_section.items()
        ]
    return [groups[t] for t in sorted(groups)]
