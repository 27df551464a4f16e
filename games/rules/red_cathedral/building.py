"""Claiming sections, delivering materials, ornaments, completion and the Tsar's penalty."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, State
from games.rules.base import gettext_noop as _

from . import diamonds
from .data import GEMS
from .guilds import foremen
from .state import (
    END_SECTIONS,
    GAME,
    KIND_NAMES,
    NAMES,
    ORN_FOR_KIND,
    ORNAMENT_NAMES,
    ORNAMENTS,
    RES_TILES,
    SECTIONS,
    TILES,
    find,
    gain,
    gain_glory,
    gain_points,
    missing,
    slot_cost,
    slot_ornament,
    who,
)


def banner_sources(st: State, p: int) -> list[str]:
    """Where the next banner may come from: the ruler first on the basic side (it frees a space)."""
    pl = st["pl"][p]
    if st["side"] == "extended":
        out = ["ruler"] if pl["ruler"] else []
        return out + [s for s in ("white1", "white2") if pl["ws"][s] == "banner"]
    if pl["ruler"]:
        return ["ruler"]
    return ["spare"] if pl["spare"] else []


def banners_left(pl: dict[str, Any]) -> int:
    result: int = pl["ruler"] + pl["spare"] + sum(1 for v in pl["ws"].values() if v == "banner")
    return result


def claim(st: State, p: int, section: str, banner: str, slot: str | None, up: bool, events: list[Event]) -> None:
    """Checked by the caller against the legal moves."""
    pl = st["pl"][p]
    if banner == "ruler":
        pl["ruler"] -= 1
    elif banner == "spare":
        pl["spare"] -= 1
    else:
        pl["ws"][banner] = None
    t, lvl = find(st, section)
    sec = st["towers"][t][lvl]
    sec["owner"] = p
    tile, sec["wt"] = sec["wt"], None
    kind = KIND_NAMES[SECTIONS[section]["kind"]]
    events.append(
        {
            "msg": _("{seat} claims {kind} {section} in tower {tower}."),
            "args": {"seat": who(st, p), "kind": kind, "section": section, "tower": t + 1},
        }
    )
    follow_marker(st, t)
    if tile is None or slot is None:
        return
    place_tile(st, p, tile, slot, up, claim_cost(st, p, slot), events)


def place_tile(st: State, p: int, tile: str, slot: str, up: bool, cost: int, events: list[Event]) -> None:
    """A workshop tile onto a free workshop space: face up for ``cost`` rubles, then activated once."""
    pl = st["pl"][p]
    pl["ws"][slot] = {"t": tile, "up": up}
    if not up:
        pl["free_up"] = False  # a reinforcement's free placement is for the next claimed tile only
    ornament = slot_ornament(pl["colour"], slot) if st["side"] == "extended" and not slot.startswith("white") else None
    if not up:
        if ornament:
            pl["locked"][ornament] -= 1
        events.append({"msg": _("{seat} puts the workshop tile face down."), "args": {"seat": who(st, p)}})
        return
    pl["free_up"] = False
    pl["rubles"] -= cost
    if ornament:
        pl["locked"][ornament] -= 1
        pl["orn"][ornament] += 1
    events.append(
        {
            "msg": _("{seat} pays {rubles} rubles and puts the workshop tile face up."),
            "args": {"seat": who(st, p), "rubles": cost},
        }
    )
    activate_tile(st, p, tile, events)


def claim_cost(st: State, p: int, slot: str) -> int:
    """Rubles to put a claimed tile face up there: none after the reinforcement tile that frees it."""
    return 0 if st["pl"][p].get("free_up") else slot_cost(st, p, slot)


def follow_marker(st: State, t: int) -> None:
    """Solo with the Contractors: Iwan's marker goes to the tower of every newly claimed section."""
    if st["solo"] and "contr" in st:
        st["contr"]["marker"] = st["contr"]["over"][t]


def activate_tile(st: State, p: int, tile: str, events: list[Event]) -> None:
    data = TILES[tile]
    if "effect" in data:
        from .special_tiles import activate

        activate(st, p, tile, events)
    elif "gain" in data:
        gain(st, p, data["gain"], "tiles", events)
    else:
        area = st["market"]["dice"][data["die"]][0]
        gain(st, p, RES_TILES[st["market"]["res"][area]]["gives"], "tiles", events)


def deliver(st: State, p: int, section: str, material: str, events: list[Event], diamond: bool = False) -> None:
    """``diamond``: a diamond stands in for ``material``."""
    pl = st["pl"][p]
    t, lvl = find(st, section)
    sec = st["towers"][t][lvl]
    if diamond:
        diamonds.deliver(st, p, sec, material)
    else:
        pl["inv"][material] -= 1
    sec["mat"][material] = sec["mat"].get(material, 0) + 1
    args = {"seat": who(st, p), "material": NAMES[material], "section": section}
    if diamond:
        events.append({"msg": _("{seat} delivers a diamond as {material} to {section}."), "args": args})
    else:
        events.append({"msg": _("{seat} delivers {material} to {section}."), "args": args})
    if not missing(sec):
        complete(st, t, lvl, events)


def ornament_options(st: State, p: int) -> list[tuple[str, str]]:
    """(section, ornament) pairs this player could decorate, material aside."""
    pl = st["pl"][p]
    out = []
    for tower in st["towers"]:
        for sec in tower:
            if sec["done"] and sec["orn"] is None:
                kind = ORN_FOR_KIND[SECTIONS[sec["id"]]["kind"]]
                if pl["orn"][kind] > 0:
                    out.append((sec["id"], kind))
    return out


def gem_glory(gems: list[str]) -> int:
    if sorted(gems) == list(GEMS):
        result: int = ORNAMENTS["pair_glory"]
        return result
    result = ORNAMENTS["gem_glory"] * len(gems)
    return result


def decorate(
    st: State,
    p: int,
    section: str,
    gems: list[str],
    events: list[Event],
    pay: bool = True,
    replaced: list[str] | None = None,
) -> None:
    """``replaced``: the payments (the ornament's material, gems) that diamonds make."""
    pl = st["pl"][p]
    t, lvl = find(st, section)
    sec = st["towers"][t][lvl]
    kind = ORN_FOR_KIND[SECTIONS[section]["kind"]]
    if pay and replaced:
        diamonds.pay_ornament(st, p, ORNAMENTS[kind]["material"], gems, replaced)
        args = {"seat": who(st, p), "goods": [NAMES[m] for m in replaced]}
        if len(replaced) == 1:
            events.append({"msg": _("{seat} pays with a diamond instead of {goods}."), "args": args})
        else:
            events.append({"msg": _("{seat} pays with diamonds instead of {goods}."), "args": args})
    elif pay:
        pl["inv"][ORNAMENTS[kind]["material"]] -= 1
        for g in gems:
            pl["inv"][g] -= 1
        st["supply"][ORNAMENTS[kind]["material"]] += 1
        for g in gems:
            st["supply"][g] += 1
    pl["orn"][kind] -= 1
    pl["placed"] += 1
    sec["orn"] = [kind, p]
    events.append(
        {
            "msg": _("{seat} adds {ornament} to {section} in tower {tower}."),
            "args": {"seat": who(st, p), "ornament": ORNAMENT_NAMES[kind], "section": section, "tower": t + 1},
        }
    )
    glory = gem_glory(gems)
    if glory:
        gain_glory(st, p, glory, "gems")
        events.append(
            {
                "msg": _("{seat} sets {count} gem(s) and gains {glory} glory."),
                "args": {"seat": who(st, p), "count": len(gems), "glory": glory},
            }
        )


def complete(st: State, t: int, lvl: int, events: list[Event]) -> None:
    """The section's last material has come: reward, the Tsar's penalty, perhaps the end."""
    tower = st["towers"][t]
    sec = tower[lvl]
    owner = sec["owner"]
    pl = st["pl"][owner]
    data = SECTIONS[sec["id"]]
    diamonds.give_back(st, sec)
    sec["mat"] = {}
    sec["done"] = True
    pl["done"] += 1
    gain_points(st, owner, data["rp"], "sections")
    foreman_rp = foremen.completion_rp(st, t)
    if not pl["iwan"]:
        pl["rubles"] += data["rubles"]
    events.append(
        {
            "msg": _("{seat} completes {section} in tower {tower}: {rp} construction points and {rubles} rubles."),
            "args": {
                "seat": who(st, owner),
                "section": sec["id"],
                "tower": t + 1,
                "rp": data["rp"],
                "rubles": 0 if pl["iwan"] else data["rubles"],
            },
        }
    )
    if foreman_rp:
        gain_points(st, owner, foreman_rp, "sections")
        events.append(
            {
                "msg": _("The foreman watches tower {tower}: {seat} gains {rp_amount} extra."),
                "args": {"seat": who(st, owner), "tower": t + 1, "rp_amount": foreman_rp},
            }
        )
    tsar_penalty(st, t, events, below=lvl)
    if "contr" in st and all(s["done"] for s in tower):
        # The city is scored before the bonus for ending the game, when both come at once.
        from .contractors import tower_completed

        tower_completed(st, t, events)
    if pl["done"] == END_SECTIONS and st["end"] is None:
        trigger_end(st, owner, events)


def penalties(tower: list[dict[str, Any]], below: int | None = None, per_card: int = 1) -> list[tuple[int, int]]:
    """(player, points) the Tsar takes now: per unfinished claimed section (below level ``below``,
    the section just completed, when given), ``per_card`` for each section above it that other
    players have completed (2 under the foreman, 1 elsewhere)."""
    out = []
    for lvl, sec in enumerate(tower[:below]):
        if sec["owner"] is None or sec["done"]:
            continue
        above = sum(1 for s in tower[lvl + 1 :] if s["done"] and s["owner"] != sec["owner"])
        if above:
            out.append((sec["owner"], above * per_card))
    return out


def tsar_penalty(st: State, t: int, events: list[Event], below: int | None = None) -> None:
    """Only the unfinished sections below the one just completed are punished ("unterhalb")."""
    for owner, points in penalties(st["towers"][t], below, foremen.penalty_per_card(st, t)):
        gain_points(st, owner, -points, "penalty")
        events.append(
            {
                "msg": _("The Tsar punishes {seat} for slow work in tower {tower}: {rp} construction points lost."),
                "args": {"seat": who(st, owner), "tower": t + 1, "rp": points},
            }
        )


def trigger_end(st: State, p: int, events: list[Event]) -> None:
    order = [(p + k) % st["np"] for k in range(1, st["np"])]
    st["end"] = {"by": p, "left": order}
    if st["solo"]:
        events.append(
            {
                "msg": _("{seat} completes a sixth section: the other player plays once more."),
                "args": {"seat": who(st, p)},
            }
        )
        return
    gain_glory(st, p, GAME["end"]["bonus_glory"], "end_bonus")
    events.append(
        {
            "msg": _("{seat} completes a sixth section and gains {glory} glory; everyone else plays once more."),
            "args": {"seat": who(st, p), "glory": GAME["end"]["bonus_glory"]},
        }
    )
