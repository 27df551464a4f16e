"""What a player (or a spectator) sees: the whole board, which holds no secret, minus the generator.

The face-up row of Iwan's cards is public; nothing that is drawn later (the plans, sections and
tiles left in the box) is kept in the state at all. Derived figures the board shows are added
here: each tower's value and shares, the penalty it would cost now, every player's expected end
value with its parts, the supply, and whose turn it is and at which stage.
"""

from __future__ import annotations

import copy
from typing import Any

from games.rules.base import State

from . import scoring, track
from .building import banners_left, penalties
from .data import MATERIALS
from .guilds import choice, foremen
from .market import quarter_card
from .reinforcement import in_game
from .state import (
    INFLUENCE,
    RES_TILES,
    SECTIONS,
    SLOT_NAMES,
    TILES,
    claimable,
    dice_of,
    free_space,
    missing,
    relation,
    slot_cost,
    stock,
)


def build_view(st: State, seat: int | None) -> dict[str, Any]:
    np_ = st["np"]
    towers = []
    for t, tower in enumerate(st["towers"]):
        sections = []
        for sec in tower:
            data = SECTIONS[sec["id"]]
            sections.append(
                {
                    "id": sec["id"],
                    "kind": data["kind"],
                    "cost": data["cost"],
                    "rp": data["rp"],
                    "rubles": data["rubles"],
                    "owner": sec["owner"],
                    "done": sec["done"],
                    "delivered": dict(sec["mat"]),
                    "missing": missing(sec) if not sec["done"] else {},
                    "ornament": sec["orn"],
                    "tile": _tile(sec["wt"]),
                }
            )
            if sec.get("dia"):
                sections[-1]["diamonds"] = dict(sec["dia"])  # delivered diamonds, by the material they replace
        towers.append(
            {
                "number": t + 1,
                "sections": sections,
                "value": scoring.tower_value(tower),
                "shares": [scoring.presence(tower, p) for p in range(np_)],
                "points": scoring.tower_points(tower, np_),
                "penalty_now": [
                    {"player": p, "rp": rp} for p, rp in penalties(tower, per_card=foremen.penalty_per_card(st, t))
                ],
            }
        )
    players = []
    for p, pl in enumerate(st["pl"]):
        exp = scoring.expected(st, p, seat)
        entry = {
            "player": p,
            "seat": None if pl["iwan"] else p,
            "iwan": pl["iwan"],
            "colour": pl["colour"],
            "space": pl["space"],
            "glory": track.glory(pl["space"]),
            "on_eagle": track.is_eagle(pl["space"]),
            "plus40": pl["space"] >= track.LAP,
            "expected": exp,
            "done": pl["done"],
            "placed": pl["placed"],
            "rubles": pl["rubles"],
            "inventory": dict(pl["inv"]),
            "stock": stock(pl),
            "capacity": 0 if pl["iwan"] else track_capacity(pl),
            "free": 0 if pl["iwan"] else free_space(pl),
            "banners": banners_left(pl) if not pl["iwan"] else st["iwan"]["banners"],
            "ruler_banners": pl["ruler"],
            "ornaments": dict(pl["orn"]),
            "locked": dict(pl["locked"]),
            "workshop": [] if pl["iwan"] else _workshop(st, p),
            "sources": dict(pl["src"]),
        }
        if in_game(st):
            entry["reinforcements"] = list(pl.get("reinf", []))
            entry["free_up"] = bool(pl.get("free_up"))
        if "final" in pl:
            entry["final"] = pl["final"]
        if "special" in pl:
            from .special_tiles import placing_cost

            entry["special"] = _tile(pl["special"])  # the drafted special tile, until it is placed
            entry["special_cost"] = placing_cost(pl)  # what placing it face up costs now
        if "contracts" in st and not pl["iwan"]:
            entry["contracts"] = _contracts(st, p, seat)
        if "contr" in st:
            from .contractors import player_view

            entry["contractors"] = player_view(st, p)
        players.append(entry)
    market = []
    for area, rid in enumerate(st["market"]["res"]):
        card = quarter_card(st, area)
        market.append(
            {
                "area": area + 1,
                "resource": RES_TILES[rid]["gives"],
                "tile_id": rid,
                "dice": [
                    {"die": d, "pips": st["market"]["dice"][d][1]}
                    for d in dice_of(st)
                    if st["market"]["dice"][d][0] == area
                ],
                "quarter": area // 2,
                "group": card["group"],
                "card": card["id"],
            }
        )
    turn = dict(st["turn"])
    if "choice" in turn:
        # Drawn contracts are their drawer's secret; the choice shows only what the viewer may see.
        turn["choice"] = choice.public(st, seat)
    view: dict[str, Any] = {
        "seat": seat,
        "solo": st["solo"],
        "side": st["side"],
        "plan": st["plan"],
        "players": players,
        "towers": towers,
        "market": market,
        "supply": dict(st["supply"]),
        "influence": [{"quarter": q, **copy.deepcopy(INFLUENCE[c])} for q, c in enumerate(st["influence"])],
        "claimable": claimable(st),
        "turn": turn,
        "end": copy.deepcopy(st["end"]),
        "over": st["over"],
        "pending": copy.deepcopy(st["pend"]),
        "turns": st["turns"],
        "track": {"lap": track.LAP, "eagles": list(track.EAGLES)},
        "materials": list(MATERIALS),
    }
    if in_game(st):
        from .reinforcement import available

        view["reinforcements"] = {"available": available(st), "box": list(st.get("reinf_box", []))}
    if foremen.in_play(st):
        view["foreman"] = {"tower": foremen.tower(st) + 1}
    if st.get("draft"):
        view["draft"] = {"left": [_tile(t) for t in st["draft"]["left"]], "order": list(st["draft"]["order"])}
    if st["turn"].get("choices"):
        view["choice"] = _tile(st["turn"]["choices"][0])
    if "contr" in st:
        from .contractors import public

        view["contractors"] = public(st)
    if "contracts" in st:
        view["contract_deck"] = len(st["contracts"])  # face down: its order is nobody's to see
    if "builders" in st:
        view["builders"] = {"deck": len(st["builders"]["deck"]), "discard": list(st["builders"]["discard"])}
    if st["solo"]:
        iw = st["iwan"]
        view["iwan"] = {
            "row": [{"card": c["card"], "die": TILES[c["wt"]]["die"], "up": c["up"]} for c in iw["row"]],
            "stock": dict(iw["stock"]),
            "build": dict(iw["build"]),
            "banners": iw["banners"],
            "ornaments_used": iw["orn"],
        }
    return view


def _contracts(st: State, p: int, seat: int | None) -> dict[str, Any]:
    """A player's contracts: the cards to their holder (and to all once the game is over), else the count."""
    from .guilds.contracts import held, worth

    cards = held(st, p)
    if seat != p and not st["over"]:
        return {"count": len(cards), "cards": []}
    return {"count": len(cards), "cards": [{"id": c, "worth": worth(st, p, c)} for c in cards]}


def track_capacity(pl: dict[str, Any]) -> int:
    from .state import INVENTORY

    result: int = INVENTORY - pl["ruler"]
    return result


def _tile(tile: str | None) -> dict[str, Any] | None:
    if tile is None:
        return None
    data = TILES[tile]
    out = {"id": tile, "gain": data.get("gain"), "die": data.get("die")}
    if "effect" in data:
        out["special"] = data["effect"]
    return out


def _workshop(st: State, p: int) -> list[dict[str, Any]]:
    pl = st["pl"][p]
    out = []
    for slot in SLOT_NAMES:
        held = pl["ws"][slot]
        entry: dict[str, Any] = {
            "slot": slot,
            "relation": relation(pl["colour"], slot),
            "cost": slot_cost(st, p, slot),
            "banner": held == "banner",
            "tile": None,
            "up": None,
        }
        if isinstance(held, dict):
            entry["tile"] = _tile(held["t"])
            entry["up"] = held["up"]
        if st["side"] == "extended" and not slot.startswith("white"):
            from .state import slot_ornament

            entry["ornament"] = slot_ornament(pl["colour"], slot)
        out.append(entry)
    return out
