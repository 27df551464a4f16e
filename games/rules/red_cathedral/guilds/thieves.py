"""The Thieves' guild (promo): smuggling, a forced swap, a bribe and a change of plan."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from .. import diamonds
from ..data import DIAMOND, MATERIALS
from ..market import tile_gives
from ..special_tiles import is_special
from ..state import MAX_PERMITS, NAMES, SLOT_NAMES, free_space, gain, gain_glory, lose_glory, section_at, who
from . import GuildAct, Label, add_reason, register

SOURCE = "guild"


def opponents(st: State, p: int) -> list[int]:
    return [q for q in range(st["np"]) if q != p]


# --- Schmuggel: 1 ruble for 1 resource of an area that holds a die -------------------------------------


def smuggle_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    pl = st["pl"][p]
    if pl["rubles"] < action["rubles"]:
        return []
    out = []
    held = sorted({area for area, _pips in st["market"]["dice"].values()})
    for area in held:
        key, _amount = tile_gives(st, area)
        if key in MATERIALS and (not st["supply"][key] or not free_space(pl)):
            continue
        if key == "rubles":
            continue  # a ruble for a ruble changes nothing
        if key == "permits" and pl.get("permits", MAX_PERMITS) >= MAX_PERMITS:
            continue
        out.append({**base, "area": area})
    return out


def smuggle_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    st["pl"][p]["rubles"] -= action["rubles"]
    key, _amount = tile_gives(st, move["area"])
    events.append(
        {
            "msg": _("{seat} pays {rubles} rubles to smuggle from area {area}."),
            "args": {"seat": who(st, p), "rubles": action["rubles"], "area": move["area"] + 1},
        }
    )
    gain(st, p, {key: 1}, SOURCE, events)


def smuggle_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    key, _amount = tile_gives(st, move["area"])
    return {
        "msg": _("{group}: pay {rubles} rubles for {count}× {resource} from area {area}"),
        "args": {
            "group": group,
            "rubles": action["rubles"],
            "count": 1,
            "resource": NAMES[key],
            "area": move["area"] + 1,
        },
    }


def smuggle_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Smuggling: pay {rubles} rubles for 1 resource from an area where a die lies."),
        "args": {"rubles": action["rubles"]},
    }


# --- Zwangstausch: 1 own material for 1 of an opponent's ------------------------------------------------


def _kinds(st: State) -> tuple[str, ...]:
    """What the swap may move: the building materials, diamonds among them where they are played
    (the rules store diamonds "like every other building material")."""
    return (*MATERIALS, DIAMOND) if diamonds.on(st) else MATERIALS


def swap_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    inv = st["pl"][p]["inv"]
    kinds = _kinds(st)
    out = []
    for q in opponents(st, p):
        theirs = st["pl"][q]["inv"]
        if st["pl"][q]["iwan"]:
            continue  # Iwan keeps no inventory: his materials lie on his cards
        for m in kinds:
            if inv.get(m):
                out += [{**base, "target": q, "give": m, "get": x} for x in kinds if x != m and theirs.get(x)]
    return out


def swap_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    mine, theirs = st["pl"][p]["inv"], st["pl"][move["target"]]["inv"]
    give, get = move["give"], move["get"]
    mine[give] -= 1
    theirs[give] += 1
    theirs[get] -= 1
    mine[get] += 1
    events.append(
        {
            "msg": _("{seat} forces {target_seat} to swap: {given} for {taken}."),
            "args": {
                "seat": who(st, p),
                "target_seat": who(st, move["target"]),
                "given": NAMES[give],
                "taken": NAMES[get],
            },
        }
    )


def swap_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: swap your {given} for {taken} of {target_seat}"),
        "args": {
            "group": group,
            "given": NAMES[move["give"]],
            "taken": NAMES[move["get"]],
            "target_seat": move["target"],
        },
    }


def swap_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _("Forced swap: swap 1 of your materials for 1 of another kind from an opponent's inventory."),
        "args": {},
    }


# --- Bestechung: 3 rubles to an opponent, who goes back one glory space while you go forward one ---------


def bribe_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    if st["pl"][p]["rubles"] < action["rubles"]:
        return []
    return [{**base, "target": q} for q in opponents(st, p)]


def bribe_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    q = move["target"]
    st["pl"][p]["rubles"] -= action["rubles"]
    st["pl"][q]["rubles"] += action["rubles"]
    args = {"seat": who(st, p), "target_seat": who(st, q), "rubles": action["rubles"]}
    if lose_glory(st, q, SOURCE):
        events.append(
            {
                "msg": _("{seat} gives {target_seat} {rubles} rubles: {target_seat} goes back one glory space."),
                "args": args,
            }
        )
    else:
        events.append(
            {
                "msg": _("{seat} gives {target_seat} {rubles} rubles; {target_seat} has no glory space behind."),
                "args": args,
            }
        )
    gain_glory(st, p, 1, SOURCE)
    events.append({"msg": _("{seat} goes forward one glory space."), "args": {"seat": who(st, p)}})


def bribe_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    """As the move's simulated worth, with the strongest opponent the one to bribe."""
    from ..bot import simulated_worth
    from ..scoring import expected

    st, p = seat.st, seat.p
    worth: float = simulated_worth(seat, lambda after: bribe_apply(after, p, move, action, []))
    glory = {q: expected(st, q)["glory"] for q in opponents(st, p)}
    if glory[move["target"]] == max(glory.values()):
        worth += 0.3
    return worth


def bribe_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _(
            "{group}: bribe {target_seat} with {rubles} rubles (they go back one glory space, you go forward one)"
        ),
        "args": {"group": group, "target_seat": move["target"], "rubles": action["rubles"]},
    }


def bribe_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _(
            "Bribe: give an opponent {rubles} rubles; their marker goes back to the previous glory space, "
            "yours forward to the next."
        ),
        "args": {"rubles": action["rubles"]},
    }


# --- Planänderung: a face-up workshop tile for one still on a section -------------------------------------


def plan_moves(st: State, p: int, action: dict[str, Any], base: Move) -> list[Move]:
    ws = st["pl"][p]["ws"]
    # A special workshop tile was drafted by its player and placed instead of a section's tile: it
    # never lies on a section, so it is not swapped onto one.
    slots = [s for s in SLOT_NAMES if isinstance(ws[s], dict) and ws[s]["up"] and not is_special(ws[s]["t"])]
    sections = [sec["id"] for tower in st["towers"] for sec in tower if sec["wt"] is not None]
    return [{**base, "slot": s, "section": sid} for s in slots for sid in sections]


def plan_apply(st: State, p: int, move: Move, action: dict[str, Any], events: list[Event]) -> None:
    held = st["pl"][p]["ws"][move["slot"]]
    sec = section_at(st, move["section"])
    assert sec is not None, "the legal moves name sections on the board"
    held["t"], sec["wt"] = sec["wt"], held["t"]
    events.append(
        {
            "msg": _("{seat} swaps the workshop tile on the {slot} workshop space with the tile on {section}."),
            "args": {"seat": who(st, p), "slot": _slot_label(move["slot"]), "section": move["section"]},
        }
    )


def _slot_label(slot: str) -> str:
    from ..flow import SLOT_LABELS

    return SLOT_LABELS[slot]


def plan_label(st: State, p: int, move: Move, action: dict[str, Any], group: str) -> Label:
    return {
        "msg": _("{group}: swap the tile on the {slot} workshop space with the tile on {section}"),
        "args": {"group": group, "slot": _slot_label(move["slot"]), "section": move["section"]},
    }


def plan_text(action: dict[str, Any]) -> Label:
    return {
        "msg": _(
            "Change of plan: swap one of your face-up workshop tiles with a tile still on a section, without using it now."
        ),
        "args": {},
    }


def plan_worth(seat: Any, move: Move, action: dict[str, Any]) -> float:
    """The new tile's future activations against the old one's."""
    from ..bot import ACTIVATIONS, tile_worth
    from ..state import relation

    held = seat.pl["ws"][move["slot"]]["t"]
    sec = section_at(seat.st, move["section"])
    assert sec is not None
    uses: float = ACTIVATIONS[relation(seat.pl["colour"], move["slot"])] * seat.turns_left
    return (tile_worth(seat, sec["wt"]) - tile_worth(seat, held)) * uses


register("smuggle", GuildAct(smuggle_moves, smuggle_apply, smuggle_label, smuggle_text))
register("forced_swap", GuildAct(swap_moves, swap_apply, swap_label, swap_text))
register("bribe", GuildAct(bribe_moves, bribe_apply, bribe_label, bribe_text, bribe_worth))
register("change_plan", GuildAct(plan_moves, plan_apply, plan_label, plan_text, plan_worth))


def _smuggle_refusal(st: State, p: int, move: dict[str, Any], action: dict[str, Any]) -> Label:
    if st["pl"][p]["rubles"] < action["rubles"]:
        return {"msg": _("You need {rubles} rubles to smuggle."), "args": {"rubles": action["rubles"]}}
    area = move.get("area")
    if isinstance(area, int) and not isinstance(area, bool) and 0 <= area < len(st["market"]["res"]):
        if not any(at == area for at, _pips in st["market"]["dice"].values()):
            return {
                "msg": _("No die lies in area {area}: smuggle from an area that holds a die."),
                "args": {"area": area + 1},
            }
        return {
            "msg": _("The supply or your inventory has no room for what area {area} gives."),
            "args": {"area": area + 1},
        }
    return {"msg": _("Choose an area that holds a die."), "args": {}}


def _swap_refusal(st: State, p: int, move: dict[str, Any], action: dict[str, Any]) -> Label:
    return {
        "msg": _("Swap one of your materials for one of another kind from an opponent's inventory (not Iwan's)."),
        "args": {},
    }


def _bribe_refusal(st: State, p: int, move: dict[str, Any], action: dict[str, Any]) -> Label:
    if st["pl"][p]["rubles"] < action["rubles"]:
        return {"msg": _("You need {rubles} rubles to bribe an opponent."), "args": {"rubles": action["rubles"]}}
    return {"msg": _("Choose an opponent to bribe."), "args": {}}


def _plan_refusal(st: State, p: int, move: dict[str, Any], action: dict[str, Any]) -> Label:
    held = st["pl"][p]["ws"].get(move.get("slot")) if isinstance(move.get("slot"), str) else None
    if isinstance(held, dict) and is_special(held.get("t")):
        return {
            "msg": _("The special workshop tile stays on your workshop board: it never lies on a section."),
            "args": {},
        }
    return {
        "msg": _("Swap one of your face-up workshop tiles with a workshop tile still lying on a section."),
        "args": {},
    }


add_reason("smuggle", _smuggle_refusal)
add_reason("forced_swap", _swap_refusal)
add_reason("bribe", _bribe_refusal)
add_reason("change_plan", _plan_refusal)
