"""The Managers' guild: materials of given kinds, and payments in materials for points, rubles or glory.

Amounts go into messages as "<resource>_amount" arguments, which the log shows in words ("1 ruble").
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from ..state import NAMES, free_space, gain_glory, gain_points, take_materials, who
from . import GuildAct, Label, register


def _gain_moves(st: State, p: int, a: dict[str, Any], base: Move) -> list[Move]:
    if free_space(st["pl"][p]) <= 0:
        return []
    return [{**base, "material": m} for m in a["materials"] if st["supply"][m]]


def _gain(st: State, p: int, move: Move, a: dict[str, Any], events: list[Event]) -> None:
    take_materials(st, p, move["material"], 1)
    events.append(
        {
            "msg": _("Managers' guild: {seat} takes {material}."),
            "args": {"seat": who(st, p), "material": NAMES[move["material"]]},
        }
    )


def _gain_label(st: State, p: int, move: Move, a: dict[str, Any], group: str) -> Label:
    return {"msg": _("{group}: take {material}"), "args": {"group": group, "material": NAMES[move["material"]]}}


def _gain_text(a: dict[str, Any]) -> Label:
    return {"msg": _("Take 1 material: {materials}."), "args": {"materials": [NAMES[m] for m in a["materials"]]}}


def _give_back(st: State, p: int, material: str) -> None:
    st["pl"][p]["inv"][material] -= 1
    st["supply"][material] += 1


def _points_moves(st: State, p: int, a: dict[str, Any], base: Move) -> list[Move]:
    inv = st["pl"][p]["inv"]
    return [{**base, "material": m} for m in a["materials"] if inv[m]]


def _points(st: State, p: int, move: Move, a: dict[str, Any], events: list[Event]) -> None:
    _give_back(st, p, move["material"])
    gain_points(st, p, a["rp"], "guild")
    events.append(
        {
            "msg": _("Managers' guild: {seat} pays {material} for {rp_amount}."),
            "args": {"seat": who(st, p), "material": NAMES[move["material"]], "rp_amount": a["rp"]},
        }
    )


def _points_label(st: State, p: int, move: Move, a: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {material} for {rp_amount}"),
        "args": {"group": group, "material": NAMES[move["material"]], "rp_amount": a["rp"]},
    }


def _points_text(a: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay 1 material ({materials}) for {rp_amount}."),
        "args": {"materials": [NAMES[m] for m in a["materials"]], "rp_amount": a["rp"]},
    }


def _rubles_moves(st: State, p: int, a: dict[str, Any], base: Move) -> list[Move]:
    return [dict(base)] if st["pl"][p]["inv"][a["material"]] else []


def _rubles(st: State, p: int, move: Move, a: dict[str, Any], events: list[Event]) -> None:
    _give_back(st, p, a["material"])
    st["pl"][p]["rubles"] += a["rubles"]
    events.append(
        {
            "msg": _("Managers' guild: {seat} pays {material} for {rubles_amount}."),
            "args": {"seat": who(st, p), "material": NAMES[a["material"]], "rubles_amount": a["rubles"]},
        }
    )


def _rubles_label(st: State, p: int, move: Move, a: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {material} for {rubles_amount}"),
        "args": {"group": group, "material": NAMES[a["material"]], "rubles_amount": a["rubles"]},
    }


def _rubles_text(a: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay 1 {material} for {rubles_amount}."),
        "args": {"material": NAMES[a["material"]], "rubles_amount": a["rubles"]},
    }


def _gems_moves(st: State, p: int, a: dict[str, Any], base: Move) -> list[Move]:
    inv = st["pl"][p]["inv"]
    return [dict(base)] if inv["green"] and inv["violet"] else []


def _gems(st: State, p: int, move: Move, a: dict[str, Any], events: list[Event]) -> None:
    _give_back(st, p, "green")
    _give_back(st, p, "violet")
    st["pl"][p]["rubles"] += a["rubles"]
    gain_glory(st, p, a["glory"], "guild")
    events.append(
        {
            "msg": _("Managers' guild: {seat} pays a green and a violet gem for {glory_amount} and {rubles_amount}."),
            "args": {"seat": who(st, p), "glory_amount": a["glory"], "rubles_amount": a["rubles"]},
        }
    )


def _gems_label(st: State, p: int, move: Move, a: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay a green and a violet gem for {glory_amount} and {rubles_amount}"),
        "args": {"group": group, "glory_amount": a["glory"], "rubles_amount": a["rubles"]},
    }


def _gems_text(a: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay 1 green and 1 violet gem for {glory_amount} and {rubles_amount}."),
        "args": {"glory_amount": a["glory"], "rubles_amount": a["rubles"]},
    }


register("gain_material", GuildAct(_gain_moves, _gain, _gain_label, _gain_text))
register("pay_material_points", GuildAct(_points_moves, _points, _points_label, _points_text))
register("pay_material_rubles", GuildAct(_rubles_moves, _rubles, _rubles_label, _rubles_text))
register("pay_gems_glory", GuildAct(_gems_moves, _gems, _gems_label, _gems_text))
