"""The rules page's figures for the diamonds and the special workshop tiles, from the validated data
files (the guilds' cards come with every guild's in ``rc_rules``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.rc_special_board import special_name
from games.rules.red_cathedral.data import figures
from games.rules.red_cathedral.special_tiles import EFFECT_TEXTS


def expansion_context() -> dict[str, Any]:
    f = figures()
    return {
        "diamonds": f["diamonds"]["supply"]["count"],
        "special": [
            {"name": special_name(t["effect"]), "text": _(EFFECT_TEXTS[t["effect"]])}
            for t in f["special_tiles"]["tiles"].values()
        ],
    }
