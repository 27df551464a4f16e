"""The Entrepreneurs' guild ("Unternehmer", with the Contractors module only).

Its actions read the module's pieces: the resources of the market area where the black specialist
die lies (once, however many dice lie there), and the contractors a player, or a chosen opponent,
has sent to the cities of the Grand Duchy of Moscow.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from ..data import BLACK
from ..state import RES_TILES, gain, gain_permits, who
from . import GuildAct, Label, register


def black_area(st: State) -> int:
    result: int = st["market"]["dice"][BLACK][0]
    return result


def area_gives(st: State, area: int) -> dict[str, int]:
    result: dict[str, int] = RES_TILES[st["market"]["res"][area]]["gives"]
    return result


def _area_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    return [dict(base)] if "contr" in st else []


def _area_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    area = black_area(st)
    events.append(
        {
            "msg": _("{seat} takes the resources of area {area}, where the black specialist die lies."),
            "args": {"seat": who(st, p), "area": area + 1},
        }
    )
    gain(st, p, area_gives(st, area), "guild", events)


def _area_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: take the resources of area {area}, where the black specialist die lies"),
        "args": {"group": group, "area": black_area(st) + 1},
    }


def _area_text(action: dict[str, Any]) -> Label:
    return {"msg": _("Gain the resources of the market area where the black specialist die lies (once)."), "args": {}}


def sent(st: State, q: int) -> int:
    """The contractors a player has on the map of the Grand Duchy of Moscow (in every city)."""
    return sum(city["men"][q] for city in st["contr"]["cities"].values())


def _count_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if "contr" not in st:
        return []
    if action["rival"]:
        return [{**base, "rival": q} for q in range(st["np"]) if q != p]
    return [dict(base)]


def _count_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    whose = move.get("rival", p)
    men = sent(st, whose)
    args: dict[str, Any] = {"seat": who(st, p)}
    if action["gain"] == "permits":
        got = gain_permits(st, p, men)
        msg = _("{seat} gains {permits_amount} for their contractors on the map.")
        events.append({"msg": msg, "args": {**args, "permits_amount": got}})
        return
    st["pl"][p]["rubles"] += men
    if "rival" in move:
        msg = _("{seat} gets {rubles_amount} for the contractors of {other_seat} on the map.")
        events.append({"msg": msg, "args": {**args, "rubles_amount": men, "other_seat": who(st, whose)}})
    else:
        msg = _("{seat} gets {rubles_amount} for their contractors on the map.")
        events.append({"msg": msg, "args": {**args, "rubles_amount": men}})


def _count_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    args: dict[str, Any] = {"group": group}
    if "rival" in move:
        men = sent(st, move["rival"])
        msg = _("{group}: {rubles_amount} for the contractors of {other_seat} on the map")
        return {"msg": msg, "args": {**args, "rubles_amount": men, "other_seat": who(st, move["rival"])}}
    men = sent(st, p)
    if action["gain"] == "permits":
        from ..state import MAX_PERMITS

        permits = max(0, min(men, MAX_PERMITS - st["pl"][p]["permits"]))
        return {
            "msg": _("{group}: {permits_amount} for your contractors on the map"),
            "args": {**args, "permits_amount": permits},
        }
    return {
        "msg": _("{group}: {rubles_amount} for your contractors on the map"),
        "args": {**args, "rubles_amount": men},
    }


def _count_text(action: dict[str, Any]) -> Label:
    if action["rival"]:
        msg = _("Gain 1 ruble per contractor a chosen opponent has on the map of the Grand Duchy of Moscow.")
    elif action["gain"] == "permits":
        msg = _("Gain 1 permit per contractor you have on the map of the Grand Duchy of Moscow.")
    else:
        msg = _("Gain 1 ruble per contractor you have on the map of the Grand Duchy of Moscow.")
    return {"msg": msg, "args": {}}


def _count_reason(st: State, p: int, move: Move, action: dict[str, Any]) -> Label | None:
    if action["rival"] and move.get("rival") not in [q for q in range(st["np"]) if q != p]:
        return {"msg": _("Choose another player whose contractors count."), "args": {}}
    return None


register("black_die_area", GuildAct(moves=_area_moves, apply=_area_apply, label=_area_label, text=_area_text))
register(
    "contractors_count",
    GuildAct(moves=_count_moves, apply=_count_apply, label=_count_label, text=_count_text, reason=_count_reason),
)
