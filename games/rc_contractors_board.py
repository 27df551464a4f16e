"""The Contractors module ("Die Unternehmer") on the Die Rote Kathedrale board.

``contractors_board`` shapes the engine's public module view (cities, the five specialist spaces of
the Grand Duchy of Moscow, how many specialists are left in the bag) and every player's
contractors, permits, specialist and tools into what the templates draw; ``contractor_moves``
groups the module's moves (recruit, the unlocked bonus, hiring, the specialist, a permit for glory)
with ids derived from the moves. The bag's order is never in the view, so it cannot show here;
everything else of the module lies open on the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext

from games.rules.red_cathedral.data import figures

CITY_NAMES = {
    "moscow": _l("Moscow"),
    "smolensk": _l("Smolensk"),
    "ryazan": _l("Ryazan"),
    "suzdal": _l("Suzdal"),
    "vologda": _l("Vologda"),
    "vladimir": _l("Vladimir"),
}
TOOLS = ("hammer", "saw", "trowel", "chisel", "plumb", "square")
TOOL_NAMES = {
    "hammer": _l("hammer"),
    "saw": _l("saw"),
    "trowel": _l("trowel"),
    "chisel": _l("chisel"),
    "plumb": _l("plumb line"),
    "square": _l("square"),
}
Who = Callable[[int | None], dict[str, Any] | None]


def module() -> dict[str, Any]:
    return figures()["contractors"]


def city_name(city: str) -> str:
    return str(CITY_NAMES.get(city, city))


def tool_name(tool: str) -> str:
    return str(TOOL_NAMES.get(tool, tool))


def gain_text(gain: dict[str, int] | None) -> str:
    from games.templatetags.red_cathedral import amounts_text

    return amounts_text(gain) or _("nothing")


def unlock_text(number: int) -> str:
    """What sending the contractor with this number (1-6, leftmost first) unlocks."""
    bonus = module()["unlocks"].get(number) or {}
    if bonus.get("choice"):
        return _("1 material of your choice")
    return gain_text(bonus.get("gain"))


def specialist(sid: str | None, gain: dict[str, int] | None = None) -> dict[str, Any] | None:
    """A specialist tile as the board draws it: its tool (its back) and what it brings once."""
    from games.templatetags.red_cathedral import res_items

    if sid is None:
        return None
    data = module()["specialists"].get(sid) or {}
    gain = gain if gain is not None else data.get("gain")
    tool = data.get("tool", "")
    return {
        "id": sid,
        "tool": tool,
        "tool_name": tool_name(tool),
        "gain_items": res_items(gain),
        "text": gain_text(gain),
    }


def tool_sets(tools: list[str]) -> list[dict[str, Any]]:
    """Face-down specialists as sets of different tools, largest first, with the glory of each."""
    scores = module()["rules"]["tool_sets"]
    counts = {t: tools.count(t) for t in TOOLS if t in tools}
    sets = []
    while counts:
        members = [t for t in TOOLS if t in counts]
        sets.append(
            {
                "tools": [{"tool": t, "name": tool_name(t)} for t in members],
                "size": len(members),
                "glory": scores[len(members) - 1],
            }
        )
        counts = {t: n - 1 for t, n in counts.items() if n > 1}
    return sets


# --- the Grand Duchy of Moscow and the cities -----------------------------------------------------


def contractors_board(view: dict[str, Any], who: Who) -> dict[str, Any] | None:
    public = view.get("contractors")
    if not public:
        return None
    row = [
        {"space": i + 1, "tile": specialist(sid, (public.get("specialists") or {}).get(sid, {}).get("gain"))}
        for i, sid in enumerate(public.get("row") or [])
    ]
    over = list(public.get("over") or [])
    towers_done = {t["number"]: all(s.get("done") for s in t.get("sections", [])) for t in view.get("towers", [])}
    marker = public.get("marker")
    cities = []
    for key, info in (public.get("cities") or {}).items():
        tower = over.index(key) + 1 if key in over else None
        state = "open" if info.get("open") else ("done" if tower else "out")
        men = []
        for p, count in enumerate(info.get("men") or []):
            player = who(p)
            if count and player:
                men.append({**player, "count": count, "pips": range(count)})
        sees = [i + 1 for i in info.get("sees") or []]
        moscow = len(sees) == len(row) and len(row) > 1
        cities.append(
            {
                "key": key,
                "name": city_name(key),
                "tower": tower,
                "state": state,
                "cost": info.get("cost", 1),
                "men": men,
                "total": sum(info.get("men") or []),
                "sees": sees,
                "moscow": moscow,
                "specialists": [r for r in row if r["space"] in sees and r["tile"]],
                "marker": marker == key,
                "tower_done": bool(tower and towers_done.get(tower)),
                "state_text": (
                    _("over tower %(n)s") % {"n": tower}
                    if state == "open"
                    else _("tower %(n)s finished: closed") % {"n": tower}
                    if state == "done"
                    else _("not in play")
                ),
                "sees_text": (
                    _("sees all five specialists")
                    if moscow
                    else _("sees spaces %(a)s and %(b)s") % {"a": sees[0], "b": sees[1]}
                    if len(sees) == 2
                    else ", ".join(map(str, sees))
                ),
            }
        )
    bag = public.get("bag", 0)
    return {
        "row": row,
        "cities": cities,
        "by_tower": {c["tower"]: c for c in cities if c["tower"]},
        "bag": bag,
        "bag_text": ngettext("%(n)s specialist left in the bag", "%(n)s specialists left in the bag", bag) % {"n": bag},
        "marker": next((c for c in cities if c["marker"]), None),
    }


def player_contractors(pl: dict[str, Any]) -> dict[str, Any] | None:
    """A player's workshop extension: contractors with the bonus each unlocks, permits, specialist, tools."""
    from games.templatetags.red_cathedral import res_items

    mine = pl.get("contractors")
    if not mine:
        return None
    rules = module()["rules"]
    left = mine.get("contractors", 0)
    sent = rules["contractors"] - left
    unlocks = module()["unlocks"]
    men = [
        {
            "number": n,
            "sent": n <= sent,
            "next": n == sent + 1,
            "bonus": unlock_text(n),
            "choice": bool((unlocks.get(n) or {}).get("choice")),
            "items": res_items((unlocks.get(n) or {}).get("gain")),
        }
        for n in range(1, rules["contractors"] + 1)
    ]
    permits = mine.get("permits", 0)
    tools = list(mine.get("tools") or [])
    counts = [{"tool": t, "name": tool_name(t), "count": tools.count(t)} for t in TOOLS if t in tools]
    return {
        "left": left,
        "sent": sent,
        "men": men,
        "next": men[sent] if sent < len(men) else None,
        "permits": permits,
        "max_permits": rules["max_permits"],
        "permit_cells": [i < permits for i in range(rules["max_permits"])],
        "specialist": specialist(mine.get("specialist"), mine.get("specialist_gain")),
        "tools": counts,
        "tool_count": len(tools),
        "sets": tool_sets(tools),
        "tool_glory": mine.get("tool_glory", 0),
    }


# --- the module's moves ---------------------------------------------------------------------------


def contractor_moves(
    labelled: list[dict[str, Any]], view: dict[str, Any], seat: int | None, unique: Callable[[str], str]
) -> dict[str, Any]:
    from games.templatetags.red_cathedral import resource_name

    public = view.get("contractors") or {}
    cities = public.get("cities") or {}
    row = public.get("row") or []
    specs = public.get("specialists") or {}
    me = view["players"][seat] if seat is not None and seat < len(view.get("players", [])) else {}
    mine = (me or {}).get("contractors") or {}
    sent = module()["rules"]["contractors"] - mine.get("contractors", 0)
    out: dict[str, Any] = {
        "recruit": [],
        "bonus": [],
        "hire": [],
        "specialist": None,
        "glory_permit": None,
        "next_bonus": unlock_text(sent + 1) if mine.get("contractors") else "",
        "city": None,
        "holding": specialist(mine.get("specialist"), mine.get("specialist_gain")),
    }
    hires: dict[int, dict[str, Any]] = {}
    for lm in labelled:
        move, label = lm["move"], lm["label"]
        kind = move.get("type")
        if kind == "recruit":
            city = move["city"]
            sees = [i + 1 for i in (cities.get(city) or {}).get("sees") or []]
            out["recruit"].append(
                {
                    "move": move,
                    "label": label,
                    "id": unique(f"rc-recruit-{city}"),
                    "city": city,
                    "name": city_name(city),
                    "cost": (cities.get(city) or {}).get("cost"),
                    "specialists": [
                        specialist(row[s - 1], (specs.get(row[s - 1]) or {}).get("gain"))
                        for s in sees
                        if s - 1 < len(row) and row[s - 1]
                    ],
                }
            )
        elif kind == "bonus":
            m = move["material"]
            out["bonus"].append(
                {"move": move, "label": label, "key": m, "name": resource_name(m), "id": unique(f"rc-bonus-{m}")}
            )
        elif kind == "hire":
            space = move["space"]
            sid = row[space] if space < len(row) else None
            group = hires.setdefault(
                space,
                {
                    "space": space + 1,
                    "pay": None,
                    "discard": None,
                    "tile": specialist(sid, (specs.get(sid) or {}).get("gain")),
                },
            )
            side = "pay" if move.get("pay") else "discard"
            group[side] = {"move": move, "label": label, "id": unique(f"rc-hire-{space + 1}-{side}")}
        elif kind == "specialist":
            out["specialist"] = {"move": move, "label": label, "id": unique("rc-specialist")}
        elif kind == "glory_permit":
            out["glory_permit"] = {"move": move, "label": label, "id": unique("rc-glory-permit")}
    out["hire"] = [hires[s] for s in sorted(hires)]
    city = (view.get("turn") or {}).get("city")
    if city:
        out["city"] = city_name(city)
    out["any"] = bool(out["recruit"] or out["bonus"] or out["hire"])
    return out
