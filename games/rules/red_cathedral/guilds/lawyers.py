"""The Lawyers' guild ("Anwälte", with the Contractors module only): permits gained, or paid for a
delivery, for glory or for a material of the player's choice."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from ..data import MATERIALS
from ..state import MAX_PERMITS, NAMES, free_space, gain_glory, gain_permits, take_materials, who
from . import GuildAct, Label, register


def _permits(st: State, p: int) -> int:
    result: int = st["pl"][p].get("permits", 0)
    return result


def _pay(st: State, p: int, action: dict[str, Any]) -> None:
    st["pl"][p]["permits"] -= action["permits"]


def _can_pay(st: State, p: int, action: dict[str, Any]) -> bool:
    return "contr" in st and _permits(st, p) >= action["permits"]


# --- gain permits ---------------------------------------------------------------------------------


def _gain_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    return [dict(base)] if "contr" in st and _permits(st, p) < MAX_PERMITS else []


def _gain_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    got = gain_permits(st, p, action["permits"])
    events.append({"msg": _("{seat} gains {permits_amount}."), "args": {"seat": who(st, p), "permits_amount": got}})


def _gain_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {"msg": _("{group}: gain {permits_amount}"), "args": {"group": group, "permits_amount": action["permits"]}}


def _gain_text(action: dict[str, Any]) -> Label:
    return {"msg": _("Gain {permits_amount}."), "args": {"permits_amount": action["permits"]}}


# --- permits for a delivery -----------------------------------------------------------------------


def _deliver_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    return [dict(base)] if _can_pay(st, p, action) else []


def _deliver_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    st["turn"]["budget"] += action["units"]
    events.append(
        {
            "msg": _("{seat} pays {permits_amount} to deliver {materials_amount}."),
            "args": {"seat": who(st, p), "permits_amount": action["permits"], "materials_amount": action["units"]},
        }
    )


def _deliver_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {permits_amount} to deliver {materials_amount}"),
        "args": {"group": group, "permits_amount": action["permits"], "materials_amount": action["units"]},
    }


def _deliver_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {permits_amount} to deliver {materials_amount}."),
        "args": {"permits_amount": action["permits"], "materials_amount": action["units"]},
    }


# --- permits for glory ----------------------------------------------------------------------------


def _glory_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    return [dict(base)] if _can_pay(st, p, action) else []


def _glory_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    gain_glory(st, p, action["glory"], "guild")
    events.append(
        {
            "msg": _("{seat} pays {permits_amount} for {glory_amount}."),
            "args": {"seat": who(st, p), "permits_amount": action["permits"], "glory_amount": action["glory"]},
        }
    )


def _glory_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {permits_amount} for {glory_amount}"),
        "args": {"group": group, "permits_amount": action["permits"], "glory_amount": action["glory"]},
    }


def _glory_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {permits_amount} for {glory_amount}."),
        "args": {"permits_amount": action["permits"], "glory_amount": action["glory"]},
    }


# --- permits for a material -----------------------------------------------------------------------


def _material_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if not _can_pay(st, p, action) or free_space(st["pl"][p]) <= 0:
        return []
    return [{**base, "material": m} for m in MATERIALS if st["supply"][m] > 0]


def _material_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    _pay(st, p, action)
    take_materials(st, p, move["material"], 1)
    events.append(
        {
            "msg": _("{seat} pays {permits_amount} for {material}."),
            "args": {"seat": who(st, p), "permits_amount": action["permits"], "material": NAMES[move["material"]]},
        }
    )


def _material_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: pay {permits_amount} for {material}"),
        "args": {"group": group, "permits_amount": action["permits"], "material": NAMES[move["material"]]},
    }


def _material_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Pay {permits_amount} for 1 material of your choice."),
        "args": {"permits_amount": action["permits"]},
    }


def _gain_reason(st: State, p: int, move: Move, action: dict[str, Any]) -> Label | None:
    if _permits(st, p) >= MAX_PERMITS:
        return {"msg": _("You already hold 6 permits."), "args": {}}
    return None


def _pay_reason(st: State, p: int, move: Move, action: dict[str, Any]) -> Label | None:
    if _permits(st, p) < action["permits"]:
        return {"msg": _("This action costs {permits_amount}."), "args": {"permits_amount": action["permits"]}}
    return None


def _material_reason(st: State, p: int, move: Move, action: dict[str, Any]) -> Label | None:
    if _permits(st, p) < action["permits"]:
        return _pay_reason(st, p, move, action)
    if free_space(st["pl"][p]) <= 0:
        return {"msg": _("Your stock has no room for another material."), "args": {}}
    if move.get("material") not in MATERIALS or not st["supply"][move["material"]]:
        return {"msg": _("The supply has none of that material left."), "args": {}}
    return None


register(
    "permit_gain",
    GuildAct(moves=_gain_moves, apply=_gain_apply, label=_gain_label, text=_gain_text, reason=_gain_reason),
)
register(
    "permit_deliver",
    GuildAct(moves=_deliver_moves, apply=_deliver_apply, label=_deliver_label, text=_deliver_text, reason=_pay_reason),
)
register(
    "permit_glory",
    GuildAct(moves=_glory_moves, apply=_glory_apply, label=_glory_label, text=_glory_text, reason=_pay_reason),
)
register(
    "permit_material",
    GuildAct(
        moves=_material_moves,
        apply=_material_apply,
        label=_material_label,
        text=_material_text,
        reason=_material_reason,
    ),
)
