"""The Wholesalers' guild ("Großhändler"): rubles for more market actions.

The rules do not say what a "market action" is. Read here (provisionally) as one of the steps of a
market visit other than the card itself: ``take`` the resources of the area where the die landed
once more (as the market gives them: the tile's amount per die there), or activate once more what
the moved die activates, the face-up workshop tile on its space (a workshop space's name) or, with
the black die, the player's ``specialist`` (the face-up one or the one used this turn; it keeps its
side). A move lists them in ``market``: one, the same one twice, or two different ones.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from ..building import activate_tile
from ..data import BLACK, MATERIALS
from ..state import NAMES, free_space, gain, take_materials, who
from . import GuildAct, Label, register

# The market actions as a move's label and a log line name them.
ACTION_NAMES = {
    "take": _("the market area's resources"),
    "white1": _("the workshop tile on White 1"),
    "white2": _("the workshop tile on White 2"),
    "yellow": _("the workshop tile on Yellow"),
    "red": _("the workshop tile on Red"),
    "blue": _("the workshop tile on Blue"),
    "green": _("the workshop tile on Green"),
    "specialist": _("the specialist"),
}


def specialist(st: State, p: int) -> str | None:
    """The specialist the black die activates: the face-up one, else the one used this turn."""
    pl = st["pl"][p]
    if pl.get("spec"):
        result: str = pl["spec"]
        return result
    if st["turn"]["act"] and pl.get("tools"):
        used: str = pl["tools"][-1]
        return used
    return None


def market_actions(st: State, p: int) -> list[str]:
    """The market actions this turn's die move offers the player now."""
    from ..market import take_limit

    turn = st["turn"]
    out = []
    if take_limit(st, p)[1] > 0:
        out.append("take")
    die = turn["die"]
    if die == BLACK:
        if specialist(st, p):
            out.append("specialist")
        return out
    ws = st["pl"][p]["ws"]
    slots = ("white1", "white2") if die == "white" else (die,)
    out += [s for s in slots if isinstance(ws.get(s), dict) and ws[s]["up"]]
    return out


def _moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if st["pl"][p]["rubles"] < action["rubles"] or st["turn"]["area"] is None:
        return []
    offered = market_actions(st, p)
    if action["times"] == 1:
        picks = [[a] for a in offered]
    elif action["different"]:
        picks = [list(pair) for pair in combinations(offered, 2)]
    else:
        picks = [[a, a] for a in offered]
    if not action["materials"] or free_space(st["pl"][p]) <= 0:
        return [{**base, "market": pick} for pick in picks]
    extras = [m for m in MATERIALS if st["supply"][m] > 0]
    return [{**base, "market": pick, "material": m} for pick in picks for m in extras]


def _reason(st: State, p: int, move: Move, action: dict[str, Any]) -> Label | None:
    """Why a wholesalers' move is refused, the first thing wrong with it."""
    if st["pl"][p]["rubles"] < action["rubles"]:
        return {"msg": _("This action costs {rubles_amount}."), "args": {"rubles_amount": action["rubles"]}}
    picked = move.get("market")
    offered = market_actions(st, p)
    if not isinstance(picked, list) or len(picked) != action["times"]:
        if action["times"] == 1:
            return {"msg": _("Choose one market action to repeat."), "args": {}}
        return {"msg": _("Choose two market actions to repeat."), "args": {}}
    if any(a not in offered for a in picked):
        return {
            "msg": _(
                "Only the market area's resources (while your stock has room for them) and the tile or "
                "specialist the moved die activates can be repeated."
            ),
            "args": {},
        }
    if action["times"] == 2 and action["different"] and picked[0] == picked[1]:
        return {"msg": _("Choose two different market actions."), "args": {}}
    if action["times"] == 2 and not action["different"] and picked[0] != picked[1]:
        return {"msg": _("This action repeats the same market action twice."), "args": {}}
    if action["materials"] and free_space(st["pl"][p]) > 0 and move.get("material") not in MATERIALS:
        return {"msg": _("Choose the material of your choice."), "args": {}}
    if "material" in move and (move["material"] not in MATERIALS or not st["supply"][move["material"]]):
        return {"msg": _("The supply has none of that material left."), "args": {}}
    return None


def perform(st: State, p: int, name: str, events: list[Event]) -> None:
    """One market action once more."""
    from ..contractors import SPECIALISTS
    from ..market import take_limit

    if name == "take":
        key, limit = take_limit(st, p)
        gain(st, p, {key: limit}, "market", events)
    elif name == "specialist":
        tile = specialist(st, p)
        assert tile is not None, "offered only with a specialist"
        gain(st, p, SPECIALISTS[tile]["gain"], "specialists", events)
    else:
        activate_tile(st, p, st["pl"][p]["ws"][name]["t"], events)


def _apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    st["pl"][p]["rubles"] -= action["rubles"]
    names = [ACTION_NAMES[a] for a in move["market"]]
    args: dict[str, Any] = {"seat": who(st, p), "rubles_amount": action["rubles"], "actions": names}
    if "material" in move:
        # The material first: the inventory space it needs is paid for, whatever the market brings.
        take_materials(st, p, move["material"], 1)
        msg = _("{seat} pays {rubles_amount} for {material} and repeats: {actions}.")
        events.append({"msg": msg, "args": {**args, "material": NAMES[move["material"]]}})
    else:
        events.append({"msg": _("{seat} pays {rubles_amount} and repeats: {actions}."), "args": args})
    for name in move["market"]:
        perform(st, p, name, events)


def _label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    args: dict[str, Any] = {
        "group": group,
        "rubles_amount": action["rubles"],
        "actions": [ACTION_NAMES[a] for a in move["market"]],
    }
    if "material" in move:
        msg = _("{group}: pay {rubles_amount} for {material} and repeat: {actions}")
        return {"msg": msg, "args": {**args, "material": NAMES[move["material"]]}}
    return {"msg": _("{group}: pay {rubles_amount} and repeat: {actions}"), "args": args}


def _text(action: dict[str, Any]) -> Label:
    args = {"rubles_amount": action["rubles"]}
    if action["times"] == 2 and action["different"]:
        return {"msg": _("Pay {rubles_amount}: two different market actions."), "args": args}
    if action["times"] == 2:
        return {"msg": _("Pay {rubles_amount}: the same market action twice."), "args": args}
    if action["materials"]:
        return {
            "msg": _("Pay {rubles_amount}: one market action once more and 1 material of your choice."),
            "args": args,
        }
    return {"msg": _("Pay {rubles_amount}: one market action once more."), "args": args}


def _worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    """What the repeated actions bring, less the rubles; nothing while the die has not moved yet
    (the bot weighing a quarter before its die move: what the take would bring is not known then)."""
    from .. import bot
    from ..contractors import SPECIALISTS
    from ..market import take_limit

    st, p = seat.st, seat.p
    if st["turn"]["area"] is None:
        return 0.0
    gives: dict[str, int] = {}

    def add(more: dict[str, int]) -> None:
        for key, n in more.items():
            gives[key] = gives.get(key, 0) + n

    if "material" in move:
        add({move["material"]: 1})
    for name in move["market"]:
        if name == "take":
            key, limit = take_limit(st, p)
            add({key: limit})
        elif name == "specialist":
            tile = specialist(st, p)
            add(SPECIALISTS[tile]["gain"] if tile else {})
        else:
            from ..bot import tile_gives_now

            add(tile_gives_now(st, st["pl"][p]["ws"][name]["t"]))
    result: float = bot.gain_worth(seat, gives) + bot.rubles_worth(seat, -action["rubles"])
    return result


register("market_actions", GuildAct(moves=_moves, apply=_apply, label=_label, text=_text, worth=_worth, reason=_reason))
