"""The actions of the influence cards (one of the card's two, repeatable ones as often as wished)."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from games.rules.base import Event, Move, State
from games.rules.base import gettext_noop as _

from .building import activate_tile
from .data import MATERIALS, SECTION_KINDS
from .guilds import ACTS
from .market import GROUP_NAMES, quarter_card
from .state import INFLUENCE, NAMES, SECTIONS, SLOT_NAMES, free_space, gain_glory, take_materials, who


def completed_kinds(st: State, p: int) -> set[str]:
    return {SECTIONS[s["id"]]["kind"] for tower in st["towers"] for s in tower if s["done"] and s["owner"] == p}


def available(st: State) -> list[int]:
    """Indexes of the card actions the player may still use this turn."""
    turn = st["turn"]
    card = quarter_card(st, turn["area"])
    out = []
    for i, action in enumerate(card["actions"]):
        if turn["inf"] is not None and turn["inf"] != i:
            continue
        if turn["inf"] == i and not action["repeat"]:
            continue
        out.append(i)
    return out


def refusal(st: State, p: int, move: Move) -> dict[str, Any] | None:
    """Why an influence move of the market stage is refused, when it can be said more precisely
    than in general: the card's other action was chosen, the action was used, or its own reason."""
    turn = st["turn"]
    if turn["stage"] != "market" or turn["area"] is None:
        return None
    card = quarter_card(st, turn["area"])
    i = move.get("action")
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(card["actions"]):
        return None
    if turn["inf"] is not None and turn["inf"] != i:
        return {"msg": _("You have chosen the card's other action this turn."), "args": {}}
    action = card["actions"][i]
    if turn["inf"] == i and not action["repeat"]:
        return {"msg": _("This action may be used only once per turn."), "args": {}}
    hook = ACTS[action["act"]].reason if action["act"] in ACTS else None
    return hook(st, p, move, action) if hook else None


def _materials(spec: Any) -> tuple[str, ...]:
    return MATERIALS if spec == "any" else tuple(m for m in MATERIALS if m in spec)


def moves(st: State, p: int) -> list[Move]:
    """The actions of the influence card in the quarter where the die landed."""
    return action_moves(st, p, quarter_card(st, st["turn"]["area"]), available(st), {"type": "influence"})


def other_cards(st: State) -> list[dict[str, Any]]:
    """The cards of the other three quarters, for actions that borrow another group's action."""
    here = st["turn"]["area"] // 2 if st["turn"]["area"] is not None else None
    return [INFLUENCE[c] for q, c in enumerate(st["influence"]) if q != here]


def action_moves(st: State, p: int, card: dict[str, Any], indexes: list[int], start: Move) -> list[Move]:
    """Every legal move for the actions ``indexes`` of ``card``, each extending ``start``."""
    pl = st["pl"][p]
    inv, rubles, supply = pl["inv"], pl["rubles"], st["supply"]
    out: list[Move] = []
    for i in indexes:
        a = card["actions"][i]
        act = a["act"]
        base = {**start, "action": i}
        if act in ACTS:
            out += ACTS[act].moves(st, p, a, base)
        elif act == "sell":
            out += [{**base, "material": m} for m in _materials(a["materials"]) if inv[m]]
        elif act == "buy":
            if rubles >= a["rubles"] and free_space(pl):
                out += [{**base, "material": m} for m in _materials(a["materials"]) if supply[m]]
        elif act in ("deliver", "income", "glory"):
            if rubles >= a.get("rubles", 0) or act != "deliver":
                out.append(dict(base))
        elif act == "swap_tiles":
            if rubles >= a["rubles"]:
                out += [{**base, "areas": [x, y]} for x, y in combinations(range(8), 2)]
        elif act == "exchange":
            for m in MATERIALS:
                if inv[m] >= a["give"]:
                    for got in combinations_with_replacement([x for x in MATERIALS if x != m], a["get"]):
                        if all(supply[x] >= got.count(x) for x in got):
                            out.append({**base, "give": m, "get": list(got)})
        elif act == "trade":
            if rubles >= a["rubles"]:
                out += [
                    {**base, "give": m, "get": x}
                    for m in MATERIALS
                    if inv[m]
                    for x in MATERIALS
                    if x != m and supply[x]
                ]
        elif act == "activate":
            out += [{**base, "slot": s} for s in SLOT_NAMES if isinstance(pl["ws"][s], dict) and pl["ws"][s]["up"]]
        elif act == "pay_glory":
            if rubles >= a["rubles"]:
                out.append(dict(base))
        elif act == "offer":
            have = [m for m in MATERIALS if inv[m]]
            out += [{**base, "materials": list(c)} for c in combinations(have, a["different"])]
        elif act == "all_kinds":
            if completed_kinds(st, p) >= set(SECTION_KINDS):
                out.append(dict(base))
    return out


def apply(st: State, p: int, move: Move, events: list[Event]) -> None:
    """``move`` is one of :func:`moves`."""
    turn = st["turn"]
    turn["inf"] = move["action"]
    turn["inf_used"] += 1
    perform(st, p, quarter_card(st, turn["area"]), move, events)


def perform(st: State, p: int, card: dict[str, Any], move: Move, events: list[Event]) -> None:
    """Carries out ``move``, one of :func:`action_moves` for ``card``."""
    pl = st["pl"][p]
    turn = st["turn"]
    a = card["actions"][move["action"]]
    act = a["act"]
    seat = who(st, p)
    group = GROUP_NAMES[card["group"]]
    if act in ACTS:
        ACTS[act].apply(st, p, move, a, events)
    elif act == "sell":
        m = move["material"]
        pl["inv"][m] -= 1
        st["supply"][m] += 1
        pl["rubles"] += a["rubles"]
        events.append(
            {
                "msg": _("{group}: {seat} sells {material} for {rubles} rubles."),
                "args": {"group": group, "seat": seat, "material": NAMES[m], "rubles": a["rubles"]},
            }
        )
    elif act == "buy":
        m = move["material"]
        pl["rubles"] -= a["rubles"]
        take_materials(st, p, m, 1)
        events.append(
            {
                "msg": _("{group}: {seat} buys {material} for {rubles} rubles."),
                "args": {"group": group, "seat": seat, "material": NAMES[m], "rubles": a["rubles"]},
            }
        )
    elif act == "deliver":
        pl["rubles"] -= a["rubles"]
        turn["budget"] += a["units"]
        events.append(
            {
                "msg": _("{group}: {seat} pays {rubles} rubles to deliver {count} material(s)."),
                "args": {"group": group, "seat": seat, "rubles": a["rubles"], "count": a["units"]},
            }
        )
    elif act == "income":
        pl["rubles"] += a["rubles"]
        events.append(
            {
                "msg": _("{group}: {seat} gets {rubles} rubles."),
                "args": {"group": group, "seat": seat, "rubles": a["rubles"]},
            }
        )
    elif act == "swap_tiles":
        x, y = move["areas"]
        pl["rubles"] -= a["rubles"]
        res = st["market"]["res"]
        res[x], res[y] = res[y], res[x]
        events.append(
            {
                "msg": _("{group}: {seat} swaps the resource tiles of areas {first} and {second}."),
                "args": {"group": group, "seat": seat, "first": x + 1, "second": y + 1},
            }
        )
    elif act in ("exchange", "trade"):
        give = move["give"]
        got = move["get"] if isinstance(move["get"], list) else [move["get"]]
        count = a.get("give", 1)
        pl["inv"][give] -= count
        st["supply"][give] += count
        if act == "trade":
            pl["rubles"] -= a["rubles"]
        for m in got:
            take_materials(st, p, m, 1)
        events.append(
            {
                "msg": _("{group}: {seat} exchanges {count}× {material} for {goods}."),
                "args": {
                    "group": group,
                    "seat": seat,
                    "count": count,
                    "material": NAMES[give],
                    "goods": [NAMES[m] for m in got],
                },
            }
        )
    elif act == "activate":
        events.append({"msg": _("{group}: {seat} activates a workshop tile."), "args": {"group": group, "seat": seat}})
        activate_tile(st, p, pl["ws"][move["slot"]]["t"], events)
    else:
        if act == "pay_glory":
            pl["rubles"] -= a["rubles"]
        elif act == "offer":
            for m in move["materials"]:
                pl["inv"][m] -= 1
                st["supply"][m] += 1
        gain_glory(st, p, a["glory"], "clergy")
        events.append(
            {
                "msg": _("{group}: {seat} gains {glory} glory."),
                "args": {"group": group, "seat": seat, "glory": a["glory"]},
            }
        )
