"""The Sankt Petersburg rules page: the rounds of play, buying, the hand and scoring, the end, the
editions, the expansion, the 2nd edition's Market and modules, every card with its figures, and how
we read the places where the rules texts leave a question open.

Cards are drawn from ``cards.json`` as they are, deck by deck, so a card or a whole set added to the
file appears here without a change to the page. Figures under the file's "uncertain" key are marked.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules.sankt_petersburg.cards import DATA, KINDS, RULES, UNCERTAIN
from games.templatetags.sankt_petersburg import CRAFTS, deck_name, event_name, event_text, good_name

# The figures a card row shows, and what a 2nd-edition override of them is called.
FIGURES = ("cost", "rubles", "points", "copies")


def _local(entry: dict[str, Any], field: str) -> str:
    if (translation.get_language() or "en")[:2] == "de" and entry.get(f"{field}_de"):
        return entry[f"{field}_de"]
    return entry.get(f"{field}_en") or entry.get(field) or ""


def set_name(key: str) -> str:
    return {"base": _("base game"), "expansion": _("In bester Gesellschaft"), "market": _("Market")}.get(key, key)


def option_name(key: str) -> str:
    return {"expansion": _("In bester Gesellschaft"), "sp_plus": _("SP+")}.get(key, key)


def _edition_2(kind: dict[str, Any]) -> list[str]:
    """What the 2nd edition prints differently, in words."""
    changes = []
    for field, value in (kind.get("edition_2") or {}).items():
        if field == "cost":
            changes.append(_("cost %(n)s") % {"n": value})
        elif field == "points":
            changes.append(ngettext("%(n)s point", "%(n)s points", value) % {"n": value})
        elif field == "rubles":
            changes.append(ngettext("%(n)s ruble", "%(n)s rubles", value) % {"n": value})
        elif field == "name_en" and (translation.get_language() or "en")[:2] != "de":
            changes.append(_("named %(name)s") % {"name": value})
        elif field == "name_de" and (translation.get_language() or "en")[:2] == "de":
            changes.append(_("named %(name)s") % {"name": value})
        elif field == "craft":
            changes.append(
                _("no craft symbol") if value is None else CRAFTS[value]() if value in CRAFTS else str(value)
            )
        elif field == "text":
            changes.append(_local(kind["edition_2"], "text"))
    return [c for c in changes if c]


def card_row(kind: dict[str, Any]) -> dict[str, Any]:
    uncertain = set(UNCERTAIN.get(kind["key"], {}).get("fields", []))
    copies = kind.get("copies", 0)
    extra = kind.get("expansion_copies", 0)
    craft = kind.get("craft")
    good = kind.get("market_2nd") or (kind.get("params") or {}).get("market_2nd")
    return {
        "key": kind["key"],
        "name": _local(kind, "name") or kind["key"],
        "set": kind.get("set", ""),
        "set_name": set_name(kind.get("set", "")) if kind.get("set") != "base" else "",
        "cost": kind.get("cost"),
        "rubles": kind.get("rubles"),
        "points": kind.get("points"),
        "copies": copies,
        "extra_copies": extra,
        "exchange": kind.get("exchange", False),
        "craft": CRAFTS[craft]() if craft in CRAFTS else "",
        "good": good_name(good) if isinstance(good, str) else "",
        "good_count": kind.get("market_count", 1) if good else 0,
        "text": _local(kind, "text"),
        "edition_2": _edition_2(kind),
        "editions": kind.get("editions", []),
        "removed_by": [option_name(o) for o in kind.get("removed_by", [])],
        "sp_plus": kind.get("sp_plus", False),
        # A name counts as uncertain only in the reader's language.
        "uncertain": {f for f in uncertain if f in FIGURES or f == "expansion_copies"}
        | ({"name"} if f"name_{(translation.get_language() or 'en')[:2]}" in uncertain else set()),
        "uncertain_note": UNCERTAIN.get(kind["key"], {}).get("note", ""),
    }


def decks() -> list[dict[str, Any]]:
    """Every deck of the file with its cards, in the file's order; decks only cards name come last."""
    keys = [d["key"] for d in DATA["decks"]]
    for kind in KINDS:
        if kind["deck"] not in keys:
            keys.append(kind["deck"])
    options = {d["key"]: d.get("option") for d in DATA["decks"]}
    out = []
    for key in keys:
        cards = [card_row(k) for k in KINDS if k["deck"] == key]
        if cards:
            out.append({"key": key, "name": deck_name(key), "cards": cards, "option": options.get(key)})
    return out


def rules_context() -> dict[str, Any]:
    tiles = RULES["market_tiles"]
    return {
        "r": RULES,
        "first_display": sorted((int(n), c) for n, c in RULES["first_display"].items()),
        "noble_points": list(enumerate(RULES["noble_points"]))[1:],
        "noble_last": len(RULES["noble_points"]) - 1,
        "decks": decks(),
        "events": [
            {"name": event_name(e["key"]), "text": event_text(e["key"]) or _local(e, "text")} for e in RULES["events"]
        ],
        "helpers": [
            {"name": _local(h, "name"), "text": _local(h, "text"), "players": ", ".join(str(n) for n in h["players"])}
            for h in RULES["helpers"]
        ],
        "assignments": [
            {"number": a["number"], "text": _local(a, "text"), "not_2": a.get("not_with_2_players", False)}
            for a in RULES["assignments"]
        ],
        "obstacles": [
            {"name": _local(o, "name"), "text": _local(o, "text"), "kind": o.get("kind")} for o in RULES["obstacles"]
        ],
        "obstacle_spaces": RULES["obstacle_spaces"],
        "market_tiles": [{"first": t[0], "second": t[1]} for t in tiles],
        "market_tiles_uncertain": "market_tiles" in UNCERTAIN.get("rules", {}).get("fields", []),
        "goods": ", ".join(good_name(g) for g in RULES["market_goods"]),
    }


def sp_rules(request):
    return render(request, "games/sankt-petersburg/rules.html", rules_context())
