"""The San Juan rules page: a turn in short, the buildings with their figures, and how we read the
places where the rules text leaves a question open."""

from __future__ import annotations

from typing import Any

from django.shortcuts import render

from games.rules.san_juan.cards import KINDS, ROLE_INFO, ROLES


def _buildings() -> list[dict[str, Any]]:
    rows = []
    for kind in KINDS:
        rows.append(
            {
                "key": kind["key"],
                "name_en": kind["en"],
                "name_de": kind["de"],
                "text": kind["text"],
                "text_de": kind.get("text_de", kind["text"]),
                "cost": kind["cost"],
                "cost_1st": kind.get("cost_1st_edition"),
                "vp": kind["vp"],
                "kind": kind["kind"],
                "count": kind["count"] + kind.get("expansion_count", 0),
                "expansion": kind["set"] != "base",
                # Figures no source settles: "count" covers the expansion's extra copies too.
                "uncertain": {f.replace("expansion_count", "count") for f in kind.get("uncertain", [])},
            }
        )
    return rows


def sj_rules(request):
    roles = [ROLE_INFO[r] | {"key": r, "name_en": ROLE_INFO[r]["en"], "name_de": ROLE_INFO[r]["de"]} for r in ROLES]
    buildings = _buildings()
    return render(
        request,
        "games/san-juan/rules.html",
        {
            "roles": roles,
            "production": [b for b in buildings if b["kind"] == "production"],
            "city": [b for b in buildings if b["kind"] != "production"],
        },
    )
