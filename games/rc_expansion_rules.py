"""The rules page's sections on the Jewelers' and the Artisans' guild and the special workshop tiles.

The cards and figures come from the validated data files; the actions are said in the words the
board uses for them (the guild modules' ``text``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.rc_figures import provenance_name
from games.rc_special_board import special_name
from games.rules.red_cathedral.data import figures, load_raw
from games.rules.red_cathedral.special_tiles import EFFECT_TEXTS
from games.templatetags.red_cathedral import action_text, repeat_text


def guild_cards(group: str) -> list[dict[str, Any]]:
    doc = load_raw(f"guilds/{group}")
    return [
        {
            "number": c["number"],
            "contractors": c["contractors"],
            "provenance": c["provenance"],
            "provenance_name": provenance_name(c["provenance"]),
            "actions": [{"text": action_text(a), "repeat": repeat_text(a)} for a in c["actions"]],
        }
        for c in sorted(doc["records"], key=lambda c: c["number"])
    ]


def expansion_context() -> dict[str, Any]:
    f = figures()
    return {
        "diamonds": f["diamonds"]["supply"]["count"],
        "jewelers": guild_cards("jewelers"),
        "artisans": guild_cards("artisans"),
        "special": [
            {"name": special_name(t["effect"]), "text": _(EFFECT_TEXTS[t["effect"]])}
            for t in f["special_tiles"]["tiles"].values()
        ],
    }
