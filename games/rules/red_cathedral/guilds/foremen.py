"""The Foremen's guild ("Vorarbeiter"): the foreman walks under the towers from left to right.

The foreman starts under the leftmost tower (``st["foreman"]``, the tower's index, absent until it
first moves); each card action moves it 1 or 2 towers on, round to the leftmost after the
rightmost, and pays the banners the player (or a chosen opponent) has in the tower it reaches. A
section completed in its tower gives 1 extra construction point, and the Tsar's penalty there is 2
per card (building.py asks :func:`completion_rp` and :func:`penalty_per_card`).
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from ..data import figures
from ..state import gain_points, who
from . import GuildAct, Label, register

FOREMAN: dict[str, Any] = figures()["foreman"]


def in_play(st: State) -> bool:
    return bool(st.get("guild") == "foremen")


def tower(st: State) -> int:
    """The index of the tower the foreman stands under."""
    result: int = st.get("foreman", FOREMAN["start_tower"] - 1)
    return result


def watched(st: State, t: int) -> bool:
    return in_play(st) and tower(st) == t


def completion_rp(st: State, t: int) -> int:
    """Extra construction points for completing a section in tower ``t``."""
    return int(FOREMAN["completion_rp"]) if watched(st, t) else 0


def penalty_per_card(st: State, t: int) -> int:
    return int(FOREMAN["penalty_per_card"]) if watched(st, t) else 1


def banners(st: State, p: int, t: int) -> int:
    """A player's banners in a tower: every section they claimed there, completed or not."""
    return sum(1 for sec in st["towers"][t] if sec["owner"] == p)


def destination(st: State, steps: int) -> int:
    return (tower(st) + steps) % len(st["towers"])


def _moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    rivals = [q for q in range(st["np"]) if q != p] if action["rival"] else [None]
    out = []
    for steps in FOREMAN["steps"]:
        for q in rivals:
            out.append({**base, "steps": steps} if q is None else {**base, "steps": steps, "rival": q})
    return out


def _counted(st: State, p: int, move: Move) -> int:
    return banners(st, move.get("rival", p), destination(st, move["steps"]))


def _apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    amount = _counted(st, p, move)
    st["foreman"] = destination(st, move["steps"])
    if action["gain"] == "rp":
        gain_points(st, p, amount, "guild")
    else:
        st["pl"][p]["rubles"] += amount
    args = {"seat": who(st, p), "tower": st["foreman"] + 1}
    events.append({"msg": _("{seat} moves the foreman to tower {tower}."), "args": args})
    if "rival" in move:
        rival = {**args, "other_seat": who(st, move["rival"])}
        if action["gain"] == "rp":
            msg = _("{seat} gains {rp_amount} for the banners of {other_seat} in tower {tower}.")
            events.append({"msg": msg, "args": {**rival, "rp_amount": amount}})
        else:
            msg = _("{seat} gets {rubles_amount} for the banners of {other_seat} in tower {tower}.")
            events.append({"msg": msg, "args": {**rival, "rubles_amount": amount}})
    elif action["gain"] == "rp":
        msg = _("{seat} gains {rp_amount} for their banners in tower {tower}.")
        events.append({"msg": msg, "args": {**args, "rp_amount": amount}})
    else:
        msg = _("{seat} gets {rubles_amount} for their banners in tower {tower}.")
        events.append({"msg": msg, "args": {**args, "rubles_amount": amount}})


def _label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    args: dict[str, Any] = {"group": group, "tower": destination(st, move["steps"]) + 1}
    amount = _counted(st, p, move)
    if "rival" in move:
        args["other_seat"] = who(st, move["rival"])
        if action["gain"] == "rp":
            msg = _("{group}: foreman to tower {tower}, {rp_amount} for the banners of {other_seat}")
            return {"msg": msg, "args": {**args, "rp_amount": amount}}
        msg = _("{group}: foreman to tower {tower}, {rubles_amount} for the banners of {other_seat}")
        return {"msg": msg, "args": {**args, "rubles_amount": amount}}
    if action["gain"] == "rp":
        msg = _("{group}: foreman to tower {tower}, {rp_amount} for your banners")
        return {"msg": msg, "args": {**args, "rp_amount": amount}}
    msg = _("{group}: foreman to tower {tower}, {rubles_amount} for your banners")
    return {"msg": msg, "args": {**args, "rubles_amount": amount}}


def _text(action: dict[str, Any]) -> Label:
    if action["rival"]:
        if action["gain"] == "rp":
            msg = _(
                "Move the foreman 1 or 2 towers on; gain 1 construction point per banner of a chosen opponent there."
            )
        else:
            msg = _("Move the foreman 1 or 2 towers on; gain 1 ruble per banner of a chosen opponent there.")
    elif action["gain"] == "rp":
        msg = _("Move the foreman 1 or 2 towers on; gain 1 construction point per banner of yours there.")
    else:
        msg = _("Move the foreman 1 or 2 towers on; gain 1 ruble per banner of yours there.")
    return {"msg": msg, "args": {}}


def _reason(st: State, p: int, move: Move, action: dict[str, Any]) -> Label | None:
    """Why a foreman move is refused."""
    if move.get("steps") not in FOREMAN["steps"]:
        return {"msg": _("The foreman walks 1 or 2 towers on."), "args": {}}
    if action["rival"] and move.get("rival") not in [q for q in range(st["np"]) if q != p]:
        return {"msg": _("Choose another player whose banners count."), "args": {}}
    return None


# Worth of the foreman standing under a tower where the player still builds a claimed section:
# the extra construction point when it is completed there, if the foreman has not moved on by then.
WATCHED_SECTION = 0.4


def _worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    """What the banners bring, plus the foreman's watch over the player's unfinished sections there."""
    from ..bot import rubles_worth

    st, p = seat.st, seat.p
    amount = _counted(st, p, move)
    worth: float = amount if action["gain"] == "rp" else rubles_worth(seat, amount)
    t = destination(st, move["steps"])
    worth += WATCHED_SECTION * sum(1 for sec in st["towers"][t] if sec["owner"] == p and not sec["done"])
    return worth


register("foreman", GuildAct(moves=_moves, apply=_apply, label=_label, text=_text, worth=_worth, reason=_reason))
