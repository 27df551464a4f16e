"""Points per source for one city; the Palace is computed last."""

from __future__ import annotations

from collections import Counter

from games.rules.base import State

from .cards import COST, GOOD, KEY, MONUMENT, PRODUCTION, RULES, VP

SOURCES = [
    "buildings",
    "chapel",
    "bank",
    "harbor",
    "guild_hall",
    "city_hall",
    "triumphal_arch",
    "residence",
    "cathedral",
    "palace",
]


def residence_groups(costs_and_keys: list[tuple[int, str]]) -> int:
    """Most groups of three different buildings sharing a cost.

    Copies of one production building may sit in different groups, so per cost
    the answer is the largest t with sum(min(copies, t)) >= 3t.
    """
    by_cost: dict[int, Counter[str]] = {}
    for cost, key in costs_and_keys:
        by_cost.setdefault(cost, Counter())[key] += 1
    total = 0
    for copies in by_cost.values():
        t = 0
        while sum(min(n, t + 1) for n in copies.values()) >= 3 * (t + 1):
            t += 1
        total += t
    return total


def breakdown(st: State, seat: int, hide_secret: bool = False) -> dict[str, int]:
    """Points per source; ``hide_secret`` leaves out the cards under Chapel, Bank and Harbour
    (what the other players may know before the end)."""
    p = st["p"][seat]
    city = p["city"]
    keys = {KEY[b] for b in city}
    ed = st["ed"]
    out = dict.fromkeys(SOURCES, 0)
    out["buildings"] = sum(VP[b] for b in city)
    if not hide_secret:
        out["chapel"] = len(p["chapel"])
        out["bank"] = len(p["bank"])
        out["harbor"] = len(p["harbor"])
    production = [b for b in city if PRODUCTION[b]]
    if "guild_hall" in keys:
        if ed == "1":
            out["guild_hall"] = RULES["guild_hall_per_production_1st_edition"] * len(production)
        else:
            out["guild_hall"] = len(production) + len({GOOD[b] for b in production})
    if "city_hall" in keys:
        out["city_hall"] = sum(1 for b in city if not PRODUCTION[b])
    if "triumphal_arch" in keys:
        out["triumphal_arch"] = RULES["triumphal_arch_points"][len({KEY[b] for b in city if MONUMENT[b]})]
    if "residence" in keys:
        groups = residence_groups([(COST[ed][b], KEY[b]) for b in city])
        out["residence"] = sum(RULES["residence_points"][:groups])
    if "cathedral" in keys:
        sixes = sum(1 for other in range(st["n"]) if other != seat for b in st["p"][other]["city"] if COST[ed][b] == 6)
        out["cathedral"] = sum(RULES["cathedral_points"][:sixes])
    if "palace" in keys:
        out["palace"] = sum(out.values()) // RULES["palace_divisor"]
    return out


def current_points(st: State, seat: int, hide_secret: bool = False) -> int:
    """Points already secure: printed values and cards under Chapel, Bank and Harbour."""
    b = breakdown(st, seat, hide_secret)
    return b["buildings"] + b["chapel"] + b["bank"] + b["harbor"]


def total(st: State, seat: int, hide_secret: bool = False) -> int:
    return sum(breakdown(st, seat, hide_secret).values())


def tie_break(st: State, seat: int) -> int:
    p = st["p"][seat]
    return len(p["hand"]) + sum(1 for g in p["goods"] if g >= 0)
