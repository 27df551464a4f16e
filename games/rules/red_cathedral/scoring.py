"""Final scoring: back to the last glory space, leftovers, tower majorities; the expected end value."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, State, rank_by
from games.rules.base import gettext_noop as _

from . import track
from .guilds import GUILD_NAMES
from .state import GAME, MODULE, gain_glory, stock

LEFTOVER = GAME["end"]["leftover_per_glory"]


def presence(tower: list[dict[str, Any]], p: int) -> int:
    """A player's share of a tower: banners on its completed sections plus ornaments on it."""
    return sum(1 for s in tower if s["done"] and s["owner"] == p) + sum(
        1 for s in tower if s["orn"] is not None and s["orn"][1] == p
    )


def tower_value(tower: list[dict[str, Any]]) -> int:
    return 2 * sum(1 for s in tower if s["done"]) + sum(1 for s in tower if s["orn"] is not None)


def tower_points(tower: list[dict[str, Any]], players: int) -> list[int]:
    """Glory each player gets for one tower."""
    value = tower_value(tower)
    shares = [presence(tower, p) for p in range(players)]
    out = [0] * players
    present = sorted((p for p in range(players) if shares[p] > 0), key=lambda p: -shares[p])
    if not present or not value:
        return out
    if players == 2:
        if len(present) == 2 and shares[0] == shares[1]:
            return out  # a tie gives nobody anything
        out[present[0]] = value
        if len(present) == 2:
            out[present[1]] = value // 3
        return out
    amounts, amount = [], value
    for _p in present:
        amounts.append(amount)
        amount //= 2
    i = 0
    while i < len(present):
        j = i
        while j + 1 < len(present) and shares[present[j + 1]] == shares[present[i]]:
            j += 1
        split = sum(amounts[i : j + 1]) // (j - i + 1)
        for k in range(i, j + 1):
            out[present[k]] = split
        i = j + 1
    return out


def towers_glory(st: State) -> list[int]:
    totals = [0] * st["np"]
    for tower in st["towers"]:
        for p, g in enumerate(tower_points(tower, st["np"])):
            totals[p] += g
    return totals


def leftover_units(st: State, p: int) -> int:
    pl = st["pl"][p]
    if pl["iwan"]:
        from .solo import leftovers

        return leftovers(st)
    result: int = stock(pl) + pl["rubles"] + pl.get("permits", 0)
    return result


def finish(st: State, events: list[Event]) -> None:
    """The final scoring, in the order of the rules: the Archivists' contracts before everything else."""
    if "contracts" in st:
        from .guilds.contracts import score

        score(st, events)
    towers = towers_glory(st)
    for p, pl in enumerate(st["pl"]):
        pl["space"] = track.at_or_behind(pl["space"])
        left = leftover_units(st, p) // LEFTOVER
        if left:
            gain_glory(st, p, left, "leftovers")
        if towers[p]:
            gain_glory(st, p, towers[p], "towers")
        if "contr" in st:
            from .contractors import score_tools

            score_tools(st, p, events)
        pl["final"] = track.glory(pl["space"])
        events.append(
            {
                "msg": _(
                    "{seat}: {leftovers} glory for leftover resources, {towers} for the towers; {glory} glory in all."
                ),
                "args": {
                    "seat": _("Iwan") if pl["iwan"] else p,
                    "leftovers": left,
                    "towers": towers[p],
                    "glory": pl["final"],
                },
            }
        )
    st["over"] = True


def expected(st: State, p: int, viewer: int | None = None) -> dict[str, int]:
    """Where the marker would end if the game ended now, in construction points, with its parts.

    The Archivists' contracts count only for their holder (``viewer == p``): they are secret."""
    pl = st["pl"][p]
    now = pl["space"]
    contracts = 0
    if "contracts" in st and viewer == p and not st["over"]:
        from .guilds.contracts import expected_glory

        glory = expected_glory(st, p)
        contracts = track.eagle_ahead(now, glory) - now if glory else 0
    now += contracts
    snapped = track.at_or_behind(now)
    left = leftover_units(st, p) // LEFTOVER
    after_left = track.eagle_ahead(snapped, left) if left else snapped
    towers = towers_glory(st)[p]
    final = track.eagle_ahead(after_left, towers) if towers else after_left
    out = {
        "now": pl["space"],
        "contracts": contracts,
        "rounding": snapped - now,
        "leftovers": after_left - snapped,
        "towers": final - after_left,
        "total": final,
        "glory": track.glory(final),
    }
    if "contr" in st:
        from .contractors import tool_glory

        tools = tool_glory(pl["tools"])
        with_tools = track.eagle_ahead(final, tools) if tools else final
        out.update(tools=with_tools - final, total=with_tools, glory=track.glory(with_tools))
    return out


def keys(st: State) -> list[tuple[int, int, int]]:
    """Glory, then completed sections, then ornaments placed (the rules' tie-breaks)."""
    return [(track.glory(pl["space"]), pl["done"], pl["placed"]) for pl in st["pl"]]


SOURCES = (
    ("sections", _("Completed sections")),
    ("penalty", _("The Tsar's penalty")),
    ("tiles", _("Workshop tiles")),
    ("market", _("Market points")),
    ("gems", _("Gems on ornaments")),
    ("ornaments", _("Iwan's ornaments")),
    ("clergy", _("Clergy")),
    ("guild", _("Guild")),  # the expansion's guild in the clergy's place, named by the table
    ("iwan", _("Iwan's points card")),
    ("end_bonus", _("Ending the game")),
    ("spent", _("Glory given up")),
    ("contracts", _("Contracts")),
    ("leftovers", _("Leftover resources")),
    ("towers", _("Towers")),
    ("contractors", _("Contractors' bonuses")),
    ("specialists", _("Specialists")),
    ("cities", _("Cities")),
    ("tools", _("Tool sets")),
)

IWAN_ONLY = ("ornaments", "iwan")  # people's ornaments earn glory through their gems and the towers
MODULE_ONLY = ("contractors", "specialists", "cities", "tools")  # the Contractors module's sources


def ranks(st: State) -> list[int]:
    k = keys(st)
    if st["solo"]:
        return [1 if k[0] >= k[1] else 2]
    return rank_by(k)


def stats(st: State) -> list[dict[str, Any]]:
    """The ∑ table: glory per source per player (Iwan too, in the solo game), then counts."""
    cols = range(st["np"])
    rows = []
    for key, label in SOURCES:
        if key in IWAN_ONLY and not st["solo"] or key in MODULE_ONLY and "contr" not in st:
            continue
        if key == "contracts" and "contracts" not in st:
            continue  # the Archivists' guild only
        if key == "guild":
            if st.get("guild", "clergy") == "clergy":
                continue
            label = GUILD_NAMES[st["guild"]]
        # Every other source keeps its row, zero or not, so that the tables of all games compare.
        rows.append({"label": label, "values": [st["pl"][p]["src"].get(key, 0) for p in cols], "group": _("Glory")})
    # The platform marks the row of the "total" group as the table's total.
    rows.append({"label": _("Total"), "values": [track.glory(st["pl"][p]["space"]) for p in cols], "group": "total"})
    rows.append(
        {"label": _("Sections completed"), "values": [st["pl"][p]["done"] for p in cols], "group": _("Tie-breaks")}
    )
    rows.append(
        {"label": _("Ornaments placed"), "values": [st["pl"][p]["placed"] for p in cols], "group": _("Tie-breaks")}
    )
    rows.append(
        {
            "label": _("Construction points (space on the track)"),
            "values": [st["pl"][p]["space"] for p in cols],
            "group": _("Game"),
        }
    )
    if "contr" in st:
        rows += module_stats(st)
    return rows


def module_stats(st: State) -> list[dict[str, Any]]:
    """The Contractors module's counts: contractors sent, permits left (counted with the leftovers), tools."""
    cols = range(st["np"])
    sent = MODULE["rules"]["contractors"]
    group = _("Contractors module")
    return [
        {"label": _("Contractors sent"), "values": [sent - st["pl"][p]["men"] for p in cols], "group": group},
        {"label": _("Permits left at the end"), "values": [st["pl"][p]["permits"] for p in cols], "group": group},
        {
            "label": _("Specialists face down (tools)"),
            "values": [len(st["pl"][p]["tools"]) for p in cols],
            "group": group,
        },
    ]
