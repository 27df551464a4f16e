"""The Brickmakers' reinforcement tiles: set out face up, taken for 2 bricks, used in the owner's turn.

A held tile may be used at any stage of its owner's turn, at most one per turn; it then goes back to
the box. State: ``st["reinf_box"]`` the tiles used so far, ``pl["reinf"]`` the tiles a player holds,
``pl["free_up"]`` the next claimed workshop tile goes face up for free, ``turn["reinf_used"]``.
The tiles still beside the board are the ones in play that nobody holds and nobody has used.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from games.rules.base import Event, IllegalMove, Move, State
from games.rules.base import gettext_noop as _

from .building import activate_tile, claim, deliver
from .data import MATERIALS, figures
from .state import (
    INFLUENCE,
    NAMES,
    ORNAMENT_NAMES,
    RES_TILES,
    SECTIONS,
    SLOT_NAMES,
    dice_of,
    free_space,
    gain,
    gain_glory,
    gain_points,
    who,
)

TILES: dict[str, dict[str, Any]] = {r["id"]: r for r in figures()["reinforcement_tiles"]}
GROUP = "brickmakers"
SOURCE = "reinforcements"


def in_game(st: State) -> bool:
    """The Brickmakers are the fourth group (their card lies on the board)."""
    return st.get("guild") == GROUP or any(c.startswith(GROUP + "-") for c in st["influence"])


def in_play(st: State) -> list[str]:
    """Every tile set out at the start: the Contractors module's only when it is played."""
    if not in_game(st):
        return []
    module = "contr" in st
    return [t for t, r in TILES.items() if module or not r.get("contractors")]


def held(st: State, p: int) -> list[str]:
    result: list[str] = st["pl"][p].get("reinf", [])
    return result


def available(st: State) -> list[str]:
    """The tiles still face up beside the board."""
    gone = set(st.get("reinf_box", []))
    for p in range(st["np"]):
        gone |= set(held(st, p))
    return [t for t in in_play(st) if t not in gone]


def take(st: State, p: int, tile: str, events: list[Event]) -> None:
    st["pl"][p].setdefault("reinf", []).append(tile)
    events.append({"msg": _("{seat} takes reinforcement tile {tile}."), "args": {"seat": who(st, p), "tile": tile}})


# --- legal moves ---------------------------------------------------------------------------------


def _face_up(st: State, p: int) -> list[str]:
    ws = st["pl"][p]["ws"]
    return [s for s in SLOT_NAMES if isinstance(ws[s], dict) and ws[s]["up"]]


def delivery_targets(st: State, p: int, extra: str | None = None) -> list[tuple[str, str]]:
    """(section, material) a single delivery may bring: own unfinished sections, held materials
    (and ``extra``, a material about to be gained)."""
    inv = st["pl"][p]["inv"]
    out = []
    for tower in st["towers"]:
        for sec in tower:
            if sec["owner"] != p or sec["done"]:
                continue
            cost = SECTIONS[sec["id"]]["cost"]
            for m in MATERIALS:
                if cost.get(m, 0) > sec["mat"].get(m, 0) and (inv[m] or m == extra):
                    out.append((sec["id"], m))
    return out


def effect_moves(st: State, p: int, tile: str) -> list[Move]:
    """Every way to use ``tile`` now (the owner's turn and the one-per-turn limit aside)."""
    r = TILES[tile]
    effect = r["effect"]
    pl = st["pl"][p]
    inv, supply = pl["inv"], st["supply"]
    base: Move = {"type": "reinforce", "tile": tile}
    if effect == "gain":
        return [base]
    if effect == "pay":
        return [base] if all(inv[m] >= n for m, n in r["pays"].items()) else []
    if effect == "activate":
        return [{**base, "slot": s} for s in _face_up(st, p)]
    if effect == "activate_twice":
        return [{**base, "slots": list(c)} for c in combinations_with_replacement(_face_up(st, p), 2)]
    if effect == "deliver":
        return [{**base, "section": s, "material": m} for s, m in delivery_targets(st, p)]
    if effect == "free_tile":
        return [] if pl.get("free_up") else [base]
    if effect == "materials":
        size = min(r["count"], free_space(pl))
        if size <= 0:
            return []
        return [
            {**base, "materials": list(c)}
            for c in combinations_with_replacement(MATERIALS, size)
            if all(supply[m] >= c.count(m) for m in c)
        ]
    if effect == "die_area":
        return [{**base, "die": d} for d in dice_of(st)]
    if effect == "resource_tile":
        return [{**base, "area": a} for a in range(len(st["market"]["res"]))]
    if effect == "discard_ornament":
        return [{**base, "ornament": k} for k in ("door", "arch", "cross") if pl["orn"][k] > 0]
    if effect == "buy_rp":
        return [{**base, "rubles": n} for n in range(1, min(r["most"], pl["rubles"]) + 1)]
    if effect == "material_deliver":
        return _material_deliver_moves(st, p, base)
    if effect == "claim":
        from .flow import claim_moves

        return [{**base, **{k: v for k, v in m.items() if k != "type"}} for m in claim_moves(st, p)]
    if effect == "group_action":
        return _group_action_moves(st, p, base)
    return []


def _material_deliver_moves(st: State, p: int, base: Move) -> list[Move]:
    """Gain 1 material and deliver 1, in either order: the delivered one may be the one gained."""
    pl = st["pl"][p]
    out: list[Move] = []
    for m in MATERIALS:
        if not st["supply"][m]:
            continue
        # A held material is delivered first, which frees a space for the gain; the gained one needs a space.
        targets = [(s, x) for s, x in delivery_targets(st, p, extra=m) if pl["inv"][x] or free_space(pl)]
        out += [{**base, "get": m, "section": s, "material": x} for s, x in targets]
        if not targets and free_space(pl):
            out.append({**base, "get": m})
    return out


def _group_action_moves(st: State, p: int, base: Move) -> list[Move]:
    """One action of any of the four cards in play, as if its quarter had been visited."""
    from .influence import action_moves

    out: list[Move] = []
    for card_id in st["influence"]:
        card = INFLUENCE[card_id]
        out += action_moves(st, p, card, list(range(len(card["actions"]))), {**base, "card": card_id})
    return out


def moves(st: State, p: int) -> list[Move]:
    """Uses of the held tiles, in the owner's turn, once per turn."""
    if st["pend"] or st["turn"]["seat"] != p or st["turn"].get("reinf_used") or not held(st, p):
        return []
    if st["turn"]["stage"] in ("bonus", "hire"):
        return []
    out: list[Move] = []
    for tile in sorted(set(held(st, p))):
        out += effect_moves(st, p, tile)
    return out


# --- using a tile --------------------------------------------------------------------------------


def apply(st: State, p: int, move: Move, events: list[Event]) -> None:
    """``move`` is one of :func:`moves`: the tile goes to the box, then its effect happens."""
    tile = move["tile"]
    pl = st["pl"][p]
    pl["reinf"].remove(tile)
    st.setdefault("reinf_box", []).append(tile)
    st["turn"]["reinf_used"] = True
    seat = who(st, p)
    events.append({"msg": _("{seat} uses reinforcement tile {tile}."), "args": {"seat": seat, "tile": tile}})
    r = TILES[tile]
    effect = r["effect"]
    if effect == "gain":
        gain(st, p, r["gives"], SOURCE, events)
    elif effect == "pay":
        for m, n in r["pays"].items():
            pl["inv"][m] -= n
            st["supply"][m] += n
        events.append(
            {
                "msg": _("{seat} returns {goods} to the supply."),
                "args": {"seat": seat, "goods": [NAMES[m] for m, n in r["pays"].items() for _i in range(n)]},
            }
        )
        gain(st, p, r["gives"], SOURCE, events)
    elif effect == "activate":
        activate_tile(st, p, pl["ws"][move["slot"]]["t"], events)
    elif effect == "activate_twice":
        for slot in move["slots"]:
            activate_tile(st, p, pl["ws"][slot]["t"], events)
    elif effect == "deliver":
        deliver(st, p, move["section"], move["material"], events)
    elif effect == "free_tile":
        pl["free_up"] = True
        events.append(
            {"msg": _("{seat} will put the next claimed workshop tile face up for free."), "args": {"seat": seat}}
        )
    elif effect == "materials":
        counts: dict[str, int] = {}
        for m in move["materials"]:
            counts[m] = counts.get(m, 0) + 1
        gain(st, p, counts, SOURCE, events)
    elif effect == "die_area":
        area = st["market"]["dice"][move["die"]][0]
        gain(st, p, RES_TILES[st["market"]["res"][area]]["gives"], SOURCE, events)
    elif effect == "resource_tile":
        gain(st, p, RES_TILES[st["market"]["res"][move["area"]]]["gives"], SOURCE, events)
    elif effect == "discard_ornament":
        kind = move["ornament"]
        pl["orn"][kind] -= 1
        gain_glory(st, p, r["glory"], SOURCE)
        events.append(
            {
                "msg": _("{seat} puts {ornament} back in the box and gains {glory} glory."),
                "args": {"seat": seat, "ornament": ORNAMENT_NAMES[kind], "glory": r["glory"]},
            }
        )
    elif effect == "buy_rp":
        rubles = move["rubles"]
        pl["rubles"] -= rubles
        gain_points(st, p, rubles, SOURCE)
        events.append(
            {
                "msg": _("{seat} pays {rubles} rubles for {rp} construction points."),
                "args": {"seat": seat, "rubles": rubles, "rp": rubles},
            }
        )
    elif effect == "material_deliver":
        _material_deliver(st, p, move, events)
    elif effect == "claim":
        claim(st, p, move["section"], move["banner"], move.get("slot"), move.get("up", False), events)
    elif effect == "group_action":
        from .influence import perform

        perform(st, p, INFLUENCE[move["card"]], move, events)


def _material_deliver(st: State, p: int, move: Move, events: list[Event]) -> None:
    pl = st["pl"][p]
    got = move["get"]
    if "section" not in move:
        gain(st, p, {got: 1}, SOURCE, events)
        return
    if pl["inv"][move["material"]]:
        deliver(st, p, move["section"], move["material"], events)
        gain(st, p, {got: 1}, SOURCE, events)
    else:
        gain(st, p, {got: 1}, SOURCE, events)
        deliver(st, p, move["section"], move["material"], events)


# --- reasons for a refused use -----------------------------------------------------------------------

REASONS = {
    "pay": _("Reinforcement tile {tile} takes materials you do not have."),
    "activate": _("Choose one of your face-up workshop tiles."),
    "activate_twice": _("Choose two of your face-up workshop tiles, or one of them twice."),
    "deliver": _("Deliver a material you hold to one of your sections that still needs it."),
    "free_tile": _("Your next claimed workshop tile already goes face up for free."),
    "materials": _("Choose materials the supply still holds and your inventory has room for."),
    "discard_ornament": _("Choose one of your ornaments that is not on the cathedral yet."),
    "buy_rp": _("Pay at least 1 ruble and at most 5, no more than you have."),
    "material_deliver": _("Choose a material the supply holds and a delivery to one of your sections."),
    "claim": _("That section cannot be claimed like this now."),
}


def refuse(st: State, p: int, move: dict[str, Any]) -> IllegalMove:
    """Why a use of a reinforcement tile is refused."""
    tile = move.get("tile")
    if not in_game(st):
        return IllegalMove(_("Reinforcement tiles belong to the Brickmakers' guild, which is not in this game."))
    if st["turn"].get("reinf_used"):
        return IllegalMove(_("You may use only one reinforcement tile per turn."))
    if tile not in held(st, p):
        return IllegalMove(_("You do not hold reinforcement tile {tile}."), tile=str(tile))
    if st["turn"]["stage"] in ("bonus", "hire"):
        return IllegalMove(_("First finish your contractor's recruitment."))
    effect = TILES[tile]["effect"]
    if effect in REASONS:
        return IllegalMove(REASONS[effect], tile=tile)
    return IllegalMove(_("Reinforcement tile {tile} cannot be used like this now."), tile=tile)
