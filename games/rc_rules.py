"""The Die Rote Kathedrale rules page: set-up, a turn, building, the market and the influence
cards, the end, the solo game against Iwan and the extended workshops, and how we read the places
where the rules text leaves a question open.

Every figure comes from the validated data files (``figures()``), so the page and the engine never
disagree; which of those figures are provisional is the component-figures page's business.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import render

from games.rc_expansion_rules import expansion_context
from games.rc_figures import provenance_name, record_name
from games.rules.red_cathedral.data import GROUPS, SLOTS, figures
from games.templatetags.red_cathedral import (
    action_text,
    amounts_text,
    group_name,
    iwan_card_name,
    ornament_name,
    repeat_text,
)


def _influence(cards: list[dict[str, Any]], groups_shown: tuple[str, ...] = GROUPS) -> list[dict[str, Any]]:
    groups = []
    for group in groups_shown:
        rows = [
            {
                "number": c["number"],
                "provenance": c["provenance"],
                "provenance_name": provenance_name(c["provenance"]),
                "contractors": c.get("contractors", False),
                "actions": [{"text": action_text(a), "repeat": repeat_text(a)} for a in c["actions"]],
            }
            for c in sorted((c for c in cards if c["group"] == group), key=lambda c: c["number"])
        ]
        groups.append({"key": group, "name": group_name(group), "cards": rows})
    return groups


def _board(slot: str, board: dict[str, Any]) -> dict[str, Any]:
    ornament = board["extended_ornament"]
    return {
        "name": record_name("workshop_boards", slot),
        "cost": board["basic_cost"],
        "ornament": ornament_name(ornament) if ornament else "",
        "provenance": board["provenance"],
        "provenance_name": provenance_name(board["provenance"]),
    }


def rules_context() -> dict[str, Any]:
    f = figures()
    g = f["game"]
    orn = g["ornaments"]
    return {
        "g": g,
        "supply": amounts_text({k: v for k, v in g["supply"].items() if k not in ("id", "provenance")}),
        "start_rubles": " / ".join(str(n) for n in g["start"]["rubles_by_seat"]),
        "ornaments": [
            {
                "name": ornament_name(k),
                "count": orn[k]["count"],
                "material": amounts_text({orn[k]["material"]: 1}),
                "on": k,
            }
            for k in ("door", "arch", "cross")
        ],
        "free_spaces": g["workshop"]["inventory"] - g["workshop"]["ruler_banners"],
        "tiles": [
            {
                "id": t["id"],
                "gives": amounts_text(t["gives"]),
                "provenance": t["provenance"],
                "provenance_name": provenance_name(t["provenance"]),
            }
            for t in f["resource_tiles"]
        ],
        "boards": [_board(s, f["boards"][s]) for s in SLOTS],
        "extended_cost": f["extended_cost"],
        "influence": _influence(f["influence"]),
        # Each expansion guild's cards, for the guild's own section.
        "guild_cards": {g: _influence(d["cards"], (g,))[0] for g, d in f["guilds"].items()},
        "solo": {k: v | {"name": iwan_card_name(k)} for k, v in f["solo"].items()},
        "iwan_ornament_glory": f["solo_doc"]["ornament_glory"],
        "iwan_order": " – ".join(ornament_name(o) for o in f["solo_doc"]["ornament_order"]),
        "max_extra_steps": g["market"]["areas"] - 1,
        "contractors": _contractors(f["contractors"]),
        "expansion": expansion_context(),
        **_guilds(),
    }


def _guilds() -> dict[str, Any]:
    from games.rc_guilds_board import guild_rules

    return {"archivists": guild_rules("archivists")}


def _contractors(module: dict[str, Any]) -> dict[str, Any]:
    """The Contractors module's figures for its section: counts, the unlock bonuses, tool sets, Iwan's figures."""
    from games.rc_contractors_board import unlock_text

    rules = module["rules"]
    unlocks = [
        {
            "number": n,
            "text": unlock_text(n),
            "provenance": module["unlocks"][n]["provenance"],
            "provenance_name": provenance_name(module["unlocks"][n]["provenance"]),
        }
        for n in sorted(module["unlocks"])
    ]
    return {
        "rules": rules,
        "unlocks": unlocks,
        "tool_sets": " / ".join(str(n) for n in rules["tool_sets"]),
        "iwan": module["iwan"],
        "specialists": len(module["specialists"]),
    }


def rc_rules(request):
    return render(request, "games/red-cathedral/rules.html", rules_context())
