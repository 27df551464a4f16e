"""Diamonds and the special workshop tiles on the Die Rote Kathedrale board.

``special_board`` shapes the draft (the tiles left and who picks next) for the templates;
``special_moves`` groups the draft picks, the choices an activated special tile asks for and the
claims that place the special tile instead of the section's tile. Everything here lies open on the
table: the four tiles are known, and a drafted tile is shown in its owner's panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext

from games.rules.red_cathedral.special_tiles import EFFECT_TEXTS

Who = Callable[[int | None], dict[str, Any] | None]
# Short names of the special tiles, for their faces.
SPECIAL_NAMES = {
    "diamond": _l("Diamond"),
    "material": _l("Material and ruble"),
    "die": _l("Any die"),
    "guild": _l("Influence group"),
}


def special_text(tile: dict[str, Any] | None) -> str:
    """What a special tile brings, in words."""
    if not tile or not tile.get("special"):
        return ""
    return _(EFFECT_TEXTS[tile["special"]])


def special_name(effect: str) -> str:
    return str(SPECIAL_NAMES.get(effect, effect))


def special_info(tile: dict[str, Any] | None) -> dict[str, Any] | None:
    if not tile or not tile.get("special"):
        return None
    return {**tile, "name": special_name(tile["special"]), "text": special_text(tile)}


def special_board(view: dict[str, Any], who: Who) -> dict[str, Any] | None:
    draft = view.get("draft")
    if not draft:
        return None
    from games.templatetags.red_cathedral import tile_info

    return {
        "left": [special_info(tile_info(t)) for t in draft["left"]],
        "next": who(draft["order"][0]) if draft["order"] else None,
        "after": [who(p) for p in draft["order"][1:]],
    }


def special_moves(labelled: list[dict[str, Any]], unique: Callable[[str], str]) -> dict[str, Any]:
    """The draft picks and the special tile's choices, with ids derived from the moves."""
    from games.templatetags.red_cathedral import _id, resource_name

    out: dict[str, Any] = {"draft": [], "choice": []}
    for lm in labelled:
        move, label = lm["move"], lm["label"]
        if move.get("type") == "draft":
            out["draft"].append(
                {"move": move, "label": label, "id": unique(_id("rc-draft", move["tile"])), "tile": _tile(move["tile"])}
            )
        elif move.get("type") == "tile_choice":
            parts: list[Any] = [move.get("card"), move.get("action"), move.get("material"), move.get("die")]
            parts += ["pass"] if move.get("pass") else []
            for key in ("give", "get", "slot", "slots", "player", "materials", "areas"):
                if key in move:
                    parts.append(str(move[key]))
            item = {"move": move, "label": label, "id": unique(_id("rc-choice", *parts))}
            if "material" in move and "card" not in move:
                item.update(key=move["material"], name=resource_name(move["material"]))
            out["choice"].append(item)
    return out


def _tile(tile: str) -> dict[str, Any] | None:
    """A special tile as the templates draw it (its gain as items, its name and text)."""
    from games.rules.red_cathedral.special_tiles import TILES
    from games.templatetags.red_cathedral import tile_info

    data = TILES[tile]
    return special_info(tile_info({"id": tile, "special": data["effect"], "gain": data.get("gain")}))


def special_claim_text(up: bool, cost: int) -> str:
    """A button in the special tile's table: its columns already say that the special tile is placed."""
    if up:
        return ngettext("face up, %(n)s ruble", "face up, %(n)s rubles", cost) % {"n": cost}
    return _("face down")


def diamonds_note(diamonds: dict[str, int] | None) -> str:
    """A section's delivered diamonds, by the materials they stand in for."""
    if not diamonds:
        return ""
    from games.templatetags.red_cathedral import resource_name

    parts = [
        ngettext("%(n)s diamond as %(material)s", "%(n)s diamonds as %(material)s", n)
        % {"n": n, "material": resource_name(m)}
        for m, n in sorted(diamonds.items())
    ]
    return ", ".join(parts)
