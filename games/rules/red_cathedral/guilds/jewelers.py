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
            "msg": _("{group}: {seat} buys {diamond_amount} for {rubles_amount}."),
            "args": {"group": GROUP, "seat": who(st, p), "diamond_amount": got, "rubles_amount": action["rubles"]},
        }
    )


def _buy_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: buy {diamond_amount} for {rubles_amount}"),
        "args": {"group": group, "diamond_amount": action["diamonds"], "rubles_amount": action["rubles"]},
    }


def _buy_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Buy {diamond_amount} for {rubles_amount}."),
        "args": {"diamond_amount": action["diamonds"], "rubles_amount": action["rubles"]},
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
            "msg": _("{group}: {seat} exchanges {goods} for {diamond_amount}."),
            "args": {
                "group": GROUP,
                "seat": who(st, p),
                "goods": [NAMES[m] for m in move["materials"]],
                "diamond_amount": got,
            },
        }
    )


def _exchange_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: exchange {goods} for {diamond_amount}"),
        "args": {"group": group, "goods": [NAMES[m] for m in move["materials"]], "diamond_amount": action["diamonds"]},
    }


def _exchange_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Exchange {materials_amount} of any kinds for {diamond_amount}."),
        "args": {"materials_amount": action["give"], "diamond_amount": action["diamonds"]},
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
            "msg": _("{group}: {seat} pays {diamond_amount} for {permits_amount}."),
            "args": {"group": GROUP, "seat": who(st, p), "diamond_amount": action["diamonds"], "permits_amount": got},
        }
    )


def _permit_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {diamond_amount} for {permits_amount}"),
        "args": {"group": group, "diamond_amount": action["diamonds"], "permits_amount": action["permits"]},
    }


def _permit_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {diamond_amount} for {permits_amount}."),
        "args": {"diamond_amount": action["diamonds"], "permits_amount": action["permits"]},
    }


def _permit_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    from ..bot import loss, permits_worth

    return permits_worth(seat, action["permits"]) - loss(seat, DIAMOND, action["diamonds"])


register("buy_diamonds", GuildAct(_buy_moves, _buy, _buy_label, _buy_text, _buy_worth))
register(
    "diamonds_for_materials", GuildAct(_exchange_moves, _exchange, _exchange_label, _exchange_text, _exchange_worth)
)
register("diamond_permits", GuildAct(_permit_moves, _permits, _permit_label, _permit_text, _permit_worth))
