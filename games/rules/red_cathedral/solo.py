"""Iwan, the solo opponent: five cards in a row, each with a die tile, played by the engine.

Where the rules text lets the human decide for Iwan (which of several finished sections he
decorates; which section he claims when no rule picks one), the human gets a decision
(``st["pend"]``); everything else follows the text's procedure.
"""

from __future__ import annotations

from games.rules.base import Event, Move, State, shuffled
from games.rules.base import gettext_noop as _

from . import track
from .building import complete, decorate, follow_marker, tsar_penalty
from .data import MATERIALS
from .influence import completed_kinds
from .market import DIE_NAMES, area_full, landing, quarter_card, reroll, tile_gives
from .state import (
    BASE_TILES,
    MODULE,
    ORN_FOR_KIND,
    SECTIONS,
    TILES,
    F,
    claimable,
    dice_in,
    find,
    gain_glory,
    gain_points,
    units_missing,
)

IWAN = 1
SOLO = F["solo"]
ORDER = F["solo_doc"]["ornament_order"]
ORNAMENT_GLORY = F["solo_doc"]["ornament_glory"]
CARD_NAMES = {
    "points": _("Gain construction points"),
    "stock": _("Fill the stock"),
    "transport": _("Deliver material"),
    "claim": _("Claim a section"),
    "build": _("Build"),
    "recruit": _("Recruit"),
}


def setup_iwan(st: State) -> None:
    module = "contr" in st
    die_tiles = sorted(t for t in BASE_TILES if "die" in TILES[t])
    if module:
        die_tiles.append(MODULE["iwan"]["tile"])
    cards = shuffled(st, sorted(SOLO) + ([MODULE["iwan"]["card"]] if module else []))
    tiles = shuffled(st, die_tiles)
    st["iwan"] = {
        "row": [{"card": c, "wt": t, "up": True} for c, t in zip(cards, tiles)],
        "banners": SOLO["claim"]["banners"],
        "stock": dict.fromkeys(MATERIALS, 0),
        "build": dict.fromkeys(MATERIALS, 0),
        "orn": 0,
    }
    iwan = st["pl"][IWAN]
    iwan["ruler"] = iwan["spare"] = 0
    iwan["ws"] = {}
    iwan["orn"] = {"door": 0, "arch": 0, "cross": 0}
    # With his sixth banner Iwan claims the base worth most points (the leftmost of equals); its tile leaves.
    bases = [(-SECTIONS[tower[0]["id"]]["rp"], t) for t, tower in enumerate(st["towers"])]
    _rp, t = min(bases)
    st["towers"][t][0]["owner"] = IWAN
    st["towers"][t][0]["wt"] = None
    if module:
        _setup_contractors(st, t)


def _setup_contractors(st: State, t: int) -> None:
    """His marker by the city over his start tower, one contractor there without a specialist, 3 glory."""
    iwan, rules = st["pl"][IWAN], MODULE["iwan"]
    follow_marker(st, t)
    city = st["contr"]["marker"]
    placed = rules["contractors_at_start"]
    st["contr"]["cities"][city]["men"][IWAN] += placed
    iwan.update(men=iwan["men"] - placed, permits=0, space=track.eagle_ahead(0, rules["start_glory"]))


def play_turn(st: State, events: list[Event]) -> None:
    """Iwan's whole turn, or as much of it as comes before a decision of the human's."""
    iw = st["iwan"]
    if all(not c["up"] for c in iw["row"]):
        if _ornament_step(st, events):
            return
        _reshuffle(st)
    slot = next(c for c in iw["row"] if c["up"])
    slot["up"] = False
    _move_die(st, TILES[slot["wt"]]["die"], events)
    events.append({"msg": _("Iwan plays his card: {card}."), "args": {"card": CARD_NAMES[slot["card"]]}})
    _card_action(st, slot["card"], events)


def _move_die(st: State, die: str, events: list[Event]) -> None:
    pips = st["market"]["dice"][die][1]
    area = landing(st, die, pips)
    if area_full(st, area, die):
        events.append(
            {"msg": _("Iwan cannot move {die}: it would land in a full area."), "args": {"die": DIE_NAMES[die]}}
        )
        return
    st["market"]["dice"][die][0] = area
    events.append({"msg": _("Iwan moves {die} to area {area}."), "args": {"die": DIE_NAMES[die], "area": area + 1}})
    key, amount = tile_gives(st, area)
    if key == "rp":
        points = amount * len(dice_in(st, area))
        gain_points(st, IWAN, points, "market")
        events.append({"msg": _("Iwan gains {rp} construction points at the market."), "args": {"rp": points}})
    card = quarter_card(st, area)
    if card["group"] == "clergy":
        best = 0
        for action in card["actions"]:
            if action["act"] == "glory" or (
                action["act"] == "all_kinds" and completed_kinds(st, IWAN) >= {"base", "middle", "dome"}
            ):
                best = max(best, action["glory"])
        if best:
            gain_glory(st, IWAN, best, "clergy")
            events.append({"msg": _("The clergy gives Iwan {glory} glory."), "args": {"glory": best}})
    reroll(st, area)


def _card_action(st: State, card: str, events: list[Event]) -> None:
    iw = st["iwan"]
    if card == "points":
        gain_points(st, IWAN, SOLO["points"]["rp"], "iwan")
        events.append({"msg": _("Iwan gains {rp} construction points."), "args": {"rp": SOLO["points"]["rp"]}})
    elif card == "stock":
        for _i in range(SOLO["stock"]["materials"]):
            biggest = max(MATERIALS, key=lambda m: (st["supply"][m], -MATERIALS.index(m)))
            if st["supply"][biggest]:
                st["supply"][biggest] -= 1
                iw["stock"][biggest] += 1
        events.append(
            {"msg": _("Iwan puts {count} materials on his stock card."), "args": {"count": SOLO["stock"]["materials"]}}
        )
    elif card == "transport":
        moved = sum(iw["stock"].values())
        for m in MATERIALS:
            iw["build"][m] += iw["stock"][m]
            iw["stock"][m] = 0
        events.append({"msg": _("Iwan moves {count} materials to his build card."), "args": {"count": moved}})
    elif card == "claim":
        _claim(st, events)
    elif card == "recruit":
        recruit(st, events)
    else:
        build(st, events)


def claim_options(st: State) -> tuple[list[str], bool]:
    """The sections Iwan claims by his card's priorities, and whether the human must pick one."""
    free = claimable(st)
    above_human = []
    for sid in free:
        t, lvl = find(st, sid)
        if lvl > 0 and st["towers"][t][lvl - 1]["owner"] == 0:
            above_human.append(sid)
    if above_human:
        return above_human[:1], False
    bases = [sid for sid in free if find(st, sid)[1] == 0]
    if bases:
        return bases[:1], False
    return free, len(free) > 1


def _claim(st: State, events: list[Event]) -> None:
    if not st["iwan"]["banners"]:
        events.append({"msg": _("Iwan has no banner left to claim with."), "args": {}})
        return
    options, ask = claim_options(st)
    if not options:
        return
    if ask:
        st["pend"] = {"k": "iwan_claim", "options": options}
        return
    claim_for_iwan(st, options[0], events)


def recruit(st: State, events: list[Event]) -> None:
    """A contractor to the marked city for nothing; both specialists there (Moscow: 1 glory instead),
    their free construction points taken, kept face down; two of the same tool go back to the bag."""
    from .contractors import CITY, CITY_NAMES, SPECIALISTS

    contr, iwan = st["contr"], st["pl"][IWAN]
    city = contr["marker"]
    if not iwan["men"] or not contr["cities"][city]["open"]:
        events.append({"msg": _("Iwan cannot send a contractor to {city}."), "args": {"city": CITY_NAMES[city]}})
        return
    iwan["men"] -= 1
    contr["cities"][city]["men"][IWAN] += 1
    events.append({"msg": _("Iwan sends a contractor to {city}."), "args": {"city": CITY_NAMES[city]}})
    if city == "moscow":
        glory = MODULE["iwan"]["moscow_glory"]
        gain_glory(st, IWAN, glory, "contractors")
        events.append({"msg": _("Iwan gains {glory} glory in Moscow."), "args": {"glory": glory}})
        return
    for space in CITY[city]["sees"]:
        tile = contr["row"][space]
        if tile is None:
            continue
        contr["row"][space] = contr["bag"].pop() if contr["bag"] else None
        iwan["tools"].append(tile)
        rp = SPECIALISTS[tile]["gain"].get("rp", 0)
        if rp:
            gain_points(st, IWAN, rp, "specialists")
        events.append(
            {
                "msg": _("Iwan takes specialist {specialist} face down ({rp} construction points)."),
                "args": {"specialist": tile, "rp": rp},
            }
        )
    tools: dict[str, list[str]] = {}
    for tile in iwan["tools"]:
        tools.setdefault(SPECIALISTS[tile]["tool"], []).append(tile)
    for same in (tiles for tiles in tools.values() if len(tiles) > 1):
        for tile in same:
            iwan["tools"].remove(tile)
        contr["bag"] = shuffled(st, contr["bag"] + same)
        events.append(
            {
                "msg": _("Iwan has specialists with the same tool: {specialists} go back to the bag."),
                "args": {"specialists": list(same)},
            }
        )


def claim_for_iwan(st: State, section: str, events: list[Event]) -> None:
    t, lvl = find(st, section)
    sec = st["towers"][t][lvl]
    follow_marker(st, t)
    sec["owner"] = IWAN
    st["iwan"]["banners"] -= 1
    tile, sec["wt"] = sec["wt"], None
    events.append({"msg": _("Iwan claims {section} in tower {tower}."), "args": {"section": section, "tower": t + 1}})
    rp = TILES[tile].get("gain", {}).get("rp", 0) if tile else 0
    if rp:
        gain_points(st, IWAN, rp, "tiles")
        events.append({"msg": _("Iwan gains {rp} construction points from the workshop tile."), "args": {"rp": rp}})


def build(st: State, events: list[Event]) -> None:
    """All material of the build card onto Iwan's sections: towers left to right, each top to bottom;
    only the number of units counts; what is left over goes on to the next section."""
    iw = st["iwan"]
    pile = [m for m in MATERIALS for _i in range(iw["build"][m])]
    if not pile:
        return
    delivered = 0
    for t, tower in enumerate(st["towers"]):
        for lvl in range(len(tower) - 1, -1, -1):
            sec = tower[lvl]
            if sec["owner"] != IWAN or sec["done"] or not pile:
                continue
            need = units_missing(sec)
            for _i in range(min(need, len(pile))):
                m = pile.pop(0)
                iw["build"][m] -= 1
                sec["mat"][m] = sec["mat"].get(m, 0) + 1
                delivered += 1
            if units_missing(sec) == 0:
                complete(st, t, lvl, events)
    events.append({"msg": _("Iwan delivers {count} materials."), "args": {"count": delivered}})


def ornament_options(st: State) -> tuple[list[str], str | None]:
    """Sections Iwan would decorate with his next ornament: the human's first, else his own."""
    iw = st["iwan"]
    if iw["orn"] >= len(ORDER):
        return [], None
    kind = ORDER[iw["orn"]]
    fits = [
        s
        for tower in st["towers"]
        for s in tower
        if s["done"] and s["orn"] is None and ORN_FOR_KIND[SECTIONS[s["id"]]["kind"]] == kind
    ]
    human = [s["id"] for s in fits if s["owner"] == 0]
    own = [s["id"] for s in fits if s["owner"] == IWAN]
    return (human or own), kind


def _ornament_step(st: State, events: list[Event]) -> bool:
    """Step 1 when all of Iwan's tiles lie face down; True when the human must choose the section."""
    options, _kind = ornament_options(st)
    if len(options) > 1:
        st["pend"] = {"k": "iwan_ornament", "options": options}
        return True
    if options:
        ornament_for_iwan(st, options[0], events)
    return False


def ornament_for_iwan(st: State, section: str, events: list[Event]) -> None:
    iw = st["iwan"]
    kind = ORDER[iw["orn"]]
    iw["orn"] += 1
    st["pl"][IWAN]["orn"][kind] += 1
    decorate(st, IWAN, section, [], events, pay=False)
    gain_glory(st, IWAN, ORNAMENT_GLORY, "ornaments")
    events.append({"msg": _("Iwan gains {glory} glory for his ornament."), "args": {"glory": ORNAMENT_GLORY}})


def _reshuffle(st: State) -> None:
    iw = st["iwan"]
    tiles = shuffled(st, sorted(c["wt"] for c in iw["row"]))
    for c, t in zip(iw["row"], tiles):
        c["wt"], c["up"] = t, True


def resolve(st: State, move: Move, events: list[Event]) -> None:
    """The human's choice for Iwan; then Iwan's turn goes on."""
    pend, st["pend"] = st["pend"], None
    if pend["k"] == "iwan_ornament":
        ornament_for_iwan(st, move["section"], events)
        _reshuffle(st)
        play_turn(st, events)
    else:
        claim_for_iwan(st, move["section"], events)


def leftovers(st: State) -> int:
    iw = st["iwan"]
    result: int = sum(iw["stock"].values()) + sum(iw["build"].values())
    return result


__all__ = [
    "setup_iwan",
    "play_turn",
    "resolve",
    "claim_options",
    "ornament_options",
    "build",
    "leftovers",
    "tsar_penalty",
]
