"""What one seat (or a spectator, seat None) may see."""

from __future__ import annotations

from typing import Any

from games.rules.base import State

from .cards import (
    CATHEDRAL,
    GOOD_NAMES,
    GOODS,
    KIND_BY_KEY,
    ROLE_INFO,
    ROLES,
    TILES,
    card_info,
)
from .common import hand_limit
from .flow import pickers
from .scoring import current_points, total


def _prices(tile: int) -> list[dict[str, Any]]:
    return [
        {"good": g, "name_en": GOOD_NAMES[g]["en"], "name_de": GOOD_NAMES[g]["de"], "price": v}
        for g, v in zip(GOODS, TILES[tile])
    ]


def _pending(st: State, seat: int) -> dict[str, Any] | None:
    pend = st["pend"][seat]
    if not pend:
        return None
    ed = st["ed"]
    out: dict[str, Any] = {"kind": pend["k"], "decided": bool(pend.get("ok"))}
    for field in ("n", "why", "due", "chapel", "bank", "goods_paid", "kept"):
        if field in pend:
            out[field] = pend[field]
    if pend["k"] == "ask" and pend["qs"]:
        q = dict(pend["qs"][0])
        if q["q"] in KIND_BY_KEY:
            q["building"] = {"name_en": KIND_BY_KEY[q["q"]]["en"], "name_de": KIND_BY_KEY[q["q"]]["de"]}
        out["question"] = q
    if "drawn" in pend:
        out["cards"] = [card_info(c, ed) for c in pend["drawn"]]
    if pend["k"] == "pay":
        out["building"] = card_info(pend["card"], ed)
        out["over"] = card_info(pend["over"], ed) if pend["over"] >= 0 else None
    if "sel" in pend:
        out["chosen"] = list(pend["sel"])
    return out


def build_view(st: State, seat: int | None) -> dict[str, Any]:
    ed = st["ed"]
    over = st["phase"] == "over"
    players = []
    for s, p in enumerate(st["p"]):
        mine = seat == s
        # What lies under Chapel, Bank and Harbour is the owner's secret until the end.
        secret = not (mine or over)
        pend = st["pend"][s]
        players.append(
            {
                "seat": s,
                "buildings": [
                    dict(card_info(b, ed), good=p["goods"][i] >= 0, new=b == st["fresh"][s])
                    for i, b in enumerate(p["city"])
                ],
                "building_count": len(p["city"]),
                "hand_size": len(p["hand"]),
                "hand": [card_info(c, ed) for c in p["hand"]] if mine else None,
                "revealed_in_hand": [card_info(c, ed) for c in p["seen"]],
                "goods_count": sum(1 for g in p["goods"] if g >= 0),
                "chapel_count": None if secret else len(p["chapel"]),
                "chapel": [card_info(c, ed) for c in p["chapel"]] if mine else None,
                "bank_count": None if secret else len(p["bank"]),
                "bank": [card_info(c, ed) for c in p["bank"]] if mine else None,
                "bank_used": None if secret else p["bank_used"],
                "harbor_count": None if secret else len(p["harbor"]),
                "points": current_points(st, s, hide_secret=secret),
                "expected_points": total(st, s, hide_secret=secret),
                "hand_limit": hand_limit(st, s),
                "library_used": st["libused"][s],
                "to_decide": bool(pend) and not pend.get("ok"),
                "decided": bool(pend) and bool(pend.get("ok")),
            }
        )
    cath = st["cathedral"]
    return {
        "you": seat,
        "players": players,
        "options": {"edition": ed, "start_variant": st["sv"], "expansion": st["ex"]},
        "round": st["round"],
        "governor": st["gov"],
        "phase": st["phase"],
        "over": st["phase"] == "over",
        "role": st["role"] or None,
        "role_chooser": st["chooser"] if st["chooser"] >= 0 else None,
        "library_in_use": st["lib"],
        "roles": [
            {
                "key": r,
                "name_en": ROLE_INFO[r]["en"],
                "name_de": ROLE_INFO[r]["de"],
                "text": ROLE_INFO[r]["text"],
                "text_de": ROLE_INFO[r].get("text_de", ROLE_INFO[r]["text"]),
                "taken_by": st["taken"][i] if st["taken"][i] >= 0 else None,
            }
            for i, r in enumerate(ROLES)
        ],
        "pick_order": pickers(st),
        "pick_index": st["pick"],
        "to_act": [s for s in range(st["n"]) if st["pend"][s] and not st["pend"][s].get("ok")],
        "deck_size": len(st["deck"]),
        "discard_size": len(st["disc"]),
        "trading_house": {
            "current": _prices(st["tile"]) if st["tile"] >= 0 else None,
            "history": [_prices(t) for t in st["tiles_seen"]],
        },
        "cathedral": None
        if cath == -2
        else {"card": card_info(CATHEDRAL, ed), "built_by": cath if cath >= 0 else None},
        "pending": _pending(st, seat) if seat is not None else None,
    }
