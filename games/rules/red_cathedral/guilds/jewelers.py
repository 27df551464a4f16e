"""The Jewelers' guild: diamonds for rubles or materials, and permits for a diamond."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from .. import diamonds
from ..data import DIAMOND, MATERIALS
from ..state import MAX_PERMITS, NAMES, free_space, gain_permits, who
from . import GUILD_NAMES, GuildAct, Label, register

GROUP = GUILD_NAMES["jewelers"]


def _buy_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    pl, count = st["pl"][p], action["diamonds"]
    if pl["rubles"] < action["rubles"] or st["supply"].get(DIAMOND, 0) < count or free_space(pl) < count:
        return []
    return [dict(base)]


def _buy(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    st["pl"][p]["rubles"] -= action["rubles"]
    got = diamonds.take(st, p, action["diamonds"])
    events.append(
        {
            "msg": _("{group}: {seat} buys {count} diamond(s) for {rubles} rubles."),
            "args": {"group": GROUP, "seat": who(st, p), "count": got, "rubles": action["rubles"]},
        }
    )


def _buy_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: buy {count} diamond(s) for {rubles} rubles"),
        "args": {"group": group, "count": action["diamonds"], "rubles": action["rubles"]},
    }


def _buy_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Buy {count} diamond(s) for {rubles} rubles."),
        "args": {"count": action["diamonds"], "rubles": action["rubles"]},
    }


def _buy_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    from ..bot import rubles_worth, unit_worth

    held = seat.inv.get(DIAMOND, 0)
    gain = sum(unit_worth(seat, DIAMOND, held + i) for i in range(action["diamonds"]))
    return gain + rubles_worth(seat, -action["rubles"])


def _exchange_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    """Any materials (not diamonds: that would turn 1 diamond into 2), named in the board's order."""
    inv = st["pl"][p]["inv"]
    if st["supply"].get(DIAMOND, 0) < action["diamonds"]:
        return []
    held = [m for m in MATERIALS if inv[m]]
    out = []
    for goods in combinations_with_replacement(held, action["give"]):
        if all(inv[m] >= goods.count(m) for m in goods):
            out.append({**base, "materials": list(goods)})
    return out


def _exchange(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    pl = st["pl"][p]
    for m in move["materials"]:
        pl["inv"][m] -= 1
        st["supply"][m] += 1
    got = diamonds.take(st, p, action["diamonds"])
    events.append(
        {
            "msg": _("{group}: {seat} exchanges {goods} for {count} diamond(s)."),
            "args": {"group": GROUP, "seat": who(st, p), "goods": [NAMES[m] for m in move["materials"]], "count": got},
        }
    )


def _exchange_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: exchange {goods} for {count} diamond(s)"),
        "args": {"group": group, "goods": [NAMES[m] for m in move["materials"]], "count": action["diamonds"]},
    }


def _exchange_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Exchange {give} materials of any kinds for {count} diamond(s)."),
        "args": {"give": action["give"], "count": action["diamonds"]},
    }


def _exchange_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    from ..bot import loss, unit_worth

    held = seat.inv.get(DIAMOND, 0)
    gain = sum(unit_worth(seat, DIAMOND, held + i) for i in range(action["diamonds"]))
    paid = 0.0
    for m in set(move["materials"]):
        paid += loss(seat, m, move["materials"].count(m))
    return gain - paid


def _permit_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    pl = st["pl"][p]
    if "contr" not in st or diamonds.held(pl) < action["diamonds"] or pl["permits"] >= MAX_PERMITS:
        return []
    return [dict(base)]


def _permits(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    pl = st["pl"][p]
    pl["inv"][DIAMOND] -= action["diamonds"]
    st["supply"][DIAMOND] += action["diamonds"]
    got = gain_permits(st, p, action["permits"])
    events.append(
        {
            "msg": _("{group}: {seat} pays {count} diamond(s) for {permits} permits."),
            "args": {"group": GROUP, "seat": who(st, p), "count": action["diamonds"], "permits": got},
        }
    )


def _permit_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {count} diamond(s) for {permits} permits"),
        "args": {"group": group, "count": action["diamonds"], "permits": action["permits"]},
    }


def _permit_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {count} diamond(s) for {permits} permits."),
        "args": {"count": action["diamonds"], "permits": action["permits"]},
    }


def _permit_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    from ..bot import loss, permits_worth

    return permits_worth(seat, action["permits"]) - loss(seat, DIAMOND, action["diamonds"])


register("buy_diamonds", GuildAct(_buy_moves, _buy, _buy_label, _buy_text, _buy_worth))
register(
    "diamonds_for_materials", GuildAct(_exchange_moves, _exchange, _exchange_label, _exchange_text, _exchange_worth)
)
register("diamond_permits", GuildAct(_permit_moves, _permits, _permit_label, _permit_text, _permit_worth))
