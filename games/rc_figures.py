"""The component-figures page of Die Rote Kathedrale: every data file, each record's figures and
where they come from (the rules text, a review, or provisional: designed here because the printed
figure is published nowhere).

The page reads the files through ``provenance_report()``, so a corrected figure shows up here the
moment the file changes. The files' "method" and "note" texts are English message ids; the catalog
translates them.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext, pgettext

from games.rules.red_cathedral.data import PROVENANCES, load_raw, provenance_report
from games.templatetags.red_cathedral import (
    action_text,
    amounts_text,
    colour_name,
    die_name,
    group_name,
    iwan_card_name,
    kind_name,
    ornament_name,
    repeat_text,
    resource_name,
)

RESOURCE_KEYS = ("wood", "brick", "stone", "gold", "green", "violet", "rubles", "rp", "glory", "permits")
# Columns wider than this many keys are shown as one list of figures per record.
MAX_COLUMNS = 6


def file_title(kind: str) -> str:
    if kind.startswith("guild-"):
        return _("Influence cards: %(group)s") % {"group": group_name(kind[len("guild-") :])}
    return {
        "game": _("Game figures"),
        "sections": _("Section cards"),
        "plans": _("Plan cards"),
        "workshop_tiles": _("Workshop tiles"),
        "resource_tiles": _("Resource tiles"),
        "score_track": _("Score track"),
        "workshop_boards": _("Workshop boards"),
        "influence_cards": _("Influence cards"),
        "solo_cards": _("Iwan's cards (solo game)"),
        "contractors": _("Contractors module"),
        "contracts": _("Contract cards (Archivists' guild)"),
        "foreman": _("The foreman (Foremen's guild)"),
    }.get(kind, kind)


def file_name(kind: str) -> str:
    """Where a file lies under the data folder."""
    if kind.startswith("guild-"):
        return f"guilds/{kind[len('guild-') :]}.json"
    return f"{kind}.json"


def record_name(kind: str, rid: str) -> str:
    """A record's id, named in words where the id is a word."""
    if kind == "game":
        return {
            "supply": _("Supply"),
            "coins": _("Coins"),
            "start": _("Start"),
            "workshop": _("Workshop"),
            "ornaments": _("Ornaments"),
            "end": _("Game end"),
            "build": _("Build action"),
            "market": pgettext("red-cathedral", "Market"),
            "optional": _("Optional actions"),
        }.get(rid, rid)
    if kind == "workshop_boards":
        return {
            "white1": _("1st white space"),
            "white2": _("2nd white space"),
            "own": _("space of the own colour"),
            "next": _("space of the next colour"),
            "opposite": _("space of the opposite colour"),
            "previous": _("space of the previous colour"),
        }.get(rid, rid)
    if kind == "solo_cards":
        return iwan_card_name(rid)
    if kind == "contractors":
        return contractors_record_name(rid)
    if kind == "foreman":
        return _("Foreman")
    return rid


def contractors_record_name(rid: str) -> str:
    """The Contractors module's records: cities, unlock bonuses and specialists by name."""
    from games.rc_contractors_board import city_name

    if rid.startswith("city-"):
        return city_name(rid[5:])
    if rid.startswith("unlock-"):
        return _("Contractor %(n)s") % {"n": rid[7:]}
    if rid.startswith("S") and rid[1:].isdigit():
        return _("Specialist %(id)s") % {"id": rid}
    return {"rules": _("Module figures"), "iwan": _("Iwan (solo game)"), "two-players": _("Fewer than 3 players")}.get(
        rid, rid
    )


def provenance_name(value: str) -> str:
    return {"rules": _("rules text"), "review": _("review"), "provisional": _("provisional")}.get(value, value)


FIELD_NAMES = {
    "kind": _l("Kind"),
    "cost": _l("Cost"),
    "rp": _l("Construction points"),
    "rubles": _l("Rubles"),
    "players": _l("Players"),
    "middles": _l("Middle sections per tower"),
    "three_plus": _l("Only with 3+ players"),
    "gain": _l("Brings"),
    "die": _l("Die"),
    "gives": _l("Gives per die"),
    "dice_start": _l("Dice start here"),
    "space": _l("Space on the track"),
    "basic_cost": _l("Cost (basic side)"),
    "extended_ornament": _l("Ornament (extended side)"),
    "group": _l("Group"),
    "number": _l("Number"),
    "actions": _l("Actions"),
    "needs_contractors": _l("Needs the Contractors module"),
    "materials": _l("Materials"),
    "banners": _l("Banners"),
    "denominations": _l("Coins"),
    "count": _l("Count"),
    "limited": _l("Limited"),
    "rubles_by_seat": _l("Starting rubles by seat"),
    "inventory": _l("Stock spaces"),
    "ruler_banners": _l("Banners on the ruler"),
    "spaces": _l("Workshop spaces"),
    "door": _l("Door"),
    "arch": _l("Arch"),
    "cross": _l("Cross"),
    "on": _l("On"),
    "material": _l("Material"),
    "gem_glory": _l("Glory per gem"),
    "pair_glory": _l("Glory for a pair of different gems"),
    "max_gems": _l("Gems per ornament"),
    "sections": _l("Sections"),
    "bonus_glory": _l("Glory for ending the game"),
    "leftover_per_glory": _l("Leftovers per glory"),
    "units": _l("Units"),
    "areas": _l("Areas"),
    "die_spaces": _l("Die spaces per area"),
    "glory_rubles": _l("Rubles per glory given up"),
    "reroll_glory": _l("Glory for a reroll"),
    "lap": _l("Spaces in a lap"),
    "extended_cost": _l("Cost (extended side)"),
    "ornament_glory": _l("Glory per ornament of Iwan's"),
    "ornament_order": _l("Iwan's ornaments in order"),
    "type": _l("Type"),
    "contractors": _l("Contractors"),
    "start_permits": _l("Permits at the start"),
    "max_permits": _l("Most permits held"),
    "hire_rubles": _l("Rubles to hire a specialist"),
    "permit_glory": _l("Glory for a permit"),
    "tool_sets": _l("Glory for a set of 1–6 different tools"),
    "specialist_spaces": _l("Specialist spaces"),
    "city": _l("City"),
    "sees": _l("Sees the specialist spaces"),
    "contractor": _l("Contractor"),
    "choice": _l("Choice"),
    "tool": _l("Tool"),
    "card": _l("Card"),
    "tile": _l("Workshop tile"),
    "start_glory": _l("Glory at the start"),
    "contractors_at_start": _l("Contractors placed at the start"),
    "moscow_glory": _l("Glory in Moscow"),
    "replaces": _l("Replaces"),
    "removes": _l("Removes"),
    "permits": _l("permits"),
    "condition": _l("Condition"),
    "give": _l("Return"),
    "gem": _l("gem (green or violet)"),
    "glory_2p": _l("Glory with 2 players"),
    "start_tower": _l("Starts under tower (from the left)"),
    "steps": _l("Towers it may walk"),
    "completion_rp": _l("Extra construction points for a completion in its tower"),
    "penalty_per_card": _l("The Tsar's penalty per card in its tower"),
}
RECORD_TYPES = {
    "rules": _l("module figures"),
    "city": _l("city"),
    "unlock": _l("unlock bonus"),
    "specialist": _l("specialist"),
    "solo": _l("solo game"),
    "resource_tile": _l("resource tile"),
    "workshop_tile": _l("workshop tile"),
    "swap": _l("tile swap"),
}


def field_name(key: str) -> str:
    """A figure's name as a column or list heading (one message translated per call)."""
    if key in FIELD_NAMES:
        return str(FIELD_NAMES[key])
    return resource_name(key) if key in RESOURCE_KEYS else key


def format_value(key: str, value: Any) -> str:
    """A figure in words of the reader's language."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return "–"
    if key == "actions" and isinstance(value, list):
        return " / ".join(f"{action_text(a)} ({repeat_text(a)})" for a in value)
    if isinstance(value, dict):
        if not value and key == "gain":
            return _("nothing")
        if value and all(k in RESOURCE_KEYS for k in value):
            return amounts_text(value)
        return "; ".join(f"{field_name(k)}: {format_value(k, v)}" for k, v in value.items())
    if key == "sees" and isinstance(value, list):
        return ", ".join(str(v + 1) for v in value)  # stored from 0, numbered from 1 on the board
    if isinstance(value, list):
        return ", ".join(format_value(key, v) for v in value)
    if isinstance(value, str):
        if key == "type" and value in RECORD_TYPES:
            return str(RECORD_TYPES[value])
        if key == "city":
            from games.rc_contractors_board import city_name

            return city_name(value)
        if key == "tool":
            from games.rc_contractors_board import tool_name

            return tool_name(value)
        if key == "choice":
            return _("1 material of your choice")
        if key == "card" and value == "recruit":
            return _("Recruit")
        if key == "condition":
            from games.rc_guilds_board import CONTRACT_KIND_NAMES

            return str(CONTRACT_KIND_NAMES.get(value, value))
        if key in ("kind", "on"):
            return kind_name(value)
        if key == "group":
            return group_name(value)
        if key == "die":
            return die_name(value)
        if key in ("extended_ornament", "ornament_order"):
            return ornament_name(value)
        if key in ("material", "materials"):
            return _("any material") if value == "any" else resource_name(value)
        if value in ("yellow", "red", "blue", "white"):
            return colour_name(value)
        return _(value)
    return str(value)


def _file(doc: dict[str, Any]) -> dict[str, Any]:
    records = doc.get("records") or []
    keys: list[str] = []
    for r in records:
        for k in r:
            if k not in ("id", "provenance", "note") and k not in keys:
                keys.append(k)
    columns = len(keys) <= MAX_COLUMNS
    rows = []
    for r in records:
        cells = [
            {"key": k, "name": field_name(k), "value": format_value(k, r[k]) if k in r else "", "present": k in r}
            for k in keys
        ]
        rows.append(
            {
                "id": r.get("id"),
                "name": record_name(doc.get("kind", ""), r.get("id", "")),
                "provenance": r.get("provenance"),
                "provenance_name": provenance_name(r.get("provenance")),
                "cells": cells,
                "figures": [c for c in cells if c["present"]],
                "note": _(r["note"]) if r.get("note") else "",
            }
        )
    extras = []
    for k, v in doc.items():
        if k in ("kind", "method", "records") or k.endswith("_provenance"):
            continue
        prov = doc.get(f"{k}_provenance")
        extras.append(
            {
                "key": k,
                "name": field_name(k),
                "value": format_value(k, v),
                "provenance": prov,
                "provenance_name": provenance_name(prov) if prov else "",
            }
        )
    counts = {p: sum(1 for r in records if r.get("provenance") == p) for p in PROVENANCES}
    return {
        "kind": doc.get("kind"),
        "title": file_title(doc.get("kind", "")),
        "method": _(doc["method"]) if doc.get("method") else "",
        "columns": [{"key": k, "name": field_name(k)} for k in keys] if columns else None,
        "rows": rows,
        "extras": extras,
        "counts": [{"key": p, "name": provenance_name(p), "n": counts[p]} for p in PROVENANCES],
        "provisional": counts["provisional"],
        "total": len(records),
        "filename": file_name(doc.get("kind", "")),
        "summary": ngettext("%(n)s record", "%(n)s records", len(records)) % {"n": len(records)},
    }


def figures_context() -> dict[str, Any]:
    docs = provenance_report()
    if not any(d.get("kind") == "contractors" for d in docs):
        # The module's file, with the module now on the tables' form.
        docs.append({"kind": "contractors", **load_raw("contractors")})
    files = [_file(doc) for doc in docs]
    total = sum(f["total"] for f in files)
    provisional = sum(f["provisional"] for f in files)
    return {
        "files": files,
        "total": total,
        "provisional": provisional,
        "provenances": [{"key": p, "name": provenance_name(p)} for p in PROVENANCES],
    }


def rc_figures(request):
    return render(request, "games/red-cathedral/figures.html", figures_context())
