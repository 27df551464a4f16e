"""What one seat (or a spectator, seat None) may see.

Never in a view: another seat's hand (only its size), the order of a pile (only the unseen
cards of that kind, sorted by name: see ``deck_contents``), the card drawn with another seat's Observatory, ``state["rng"]``.

``step`` is "actions", "over" or the kind of the pending decision at the head of the queue:
"pub", "observatory" (and the expansion's decision kinds). ``decision`` describes it:
``{"kind", "seat", ...public fields}`` plus its private fields for the deciding seat only
(the Observatory's drawn card as a card dict under "card").

Card dicts: see the contract (sp-contract.md). ``replaces`` lists the craft symbol a green
exchange card needs (``"any"``: any worker) or ``["any"]`` for blue and red exchange cards.
"""
from __future__ import annotations

from typing import Any

from games.rules.base import State

from .cards import DECKS, PHASES, table
from .hooks import DECISIONS
from .prices import Pricer
from .scoring import different_aristocrats, stats
from .state import hand_limit


def card_dict(st: State, cid: str, price: Any = None) -> dict[str, Any]:
    c = table(st)[cid]
    replaces: list[str] = []
    if c.exchange:
        craft = (c.replaces or {}).get("craft")
        replaces = [craft] if craft else ["any"]
    return {
        "id": cid, "key": c.key, "name": c.name_en, "name_de": c.name_de, "deck": c.deck, "color": c.color,
        "cost": c.cost, "price": price, "income": {"rubles": c.rubles, "points": c.points},
        "exchange": c.exchange, "replaces": replaces, "craft": c.craft, "text": c.text, "text_de": c.text_de,
    }


def _price(pricer: Pricer | None, st: State, cid: str, lower: bool) -> Any:
    if pricer is None:
        return None
    opts = pricer.options(table(st)[cid], lower)
    if not opts:
        return None
    best = min(p for p, _ in opts)
    return best if best <= st["p"][pricer.seat]["money"] else None


def deck_contents(st: State, deck: str, viewer: int | None) -> dict[str, Any]:
    """The pile's size, and the cards of that pile the viewer cannot see, by kind: the pile plus
    the other seats' hand cards from it (as Yucata shows them), so that a card drawn in private
    never shows by its absence."""
    tab = table(st)
    counts: dict[str, list[Any]] = {}
    unseen = list(st["decks"][deck])
    for s, p in enumerate(st["p"]):
        if s != viewer:
            unseen.extend(c for c in p["hand"] if tab[c].deck == deck)
    for cid in unseen:
        c = tab[cid]
        entry = counts.setdefault(c.key, [c.name_en, 0])
        entry[1] += 1
    contents = [{"key": k, "name": v[0], "count": v[1]} for k, v in counts.items()]
    contents.sort(key=lambda e: (e["name"], e["key"]))
    return {"count": len(st["decks"][deck]), "contents": contents}


def build_view(st: State, seat: int | None) -> dict[str, Any]:
    viewer = seat if isinstance(seat, int) and 0 <= seat < st["n"] else None
    over = st["step"] == "over"
    pricer = Pricer(st, viewer) if viewer is not None and not over else None
    players = []
    for s, p in enumerate(st["p"]):
        mine = s == viewer
        cards = []
        for cid in p["cards"]:
            d = card_dict(st, cid)
            d["flipped"] = cid in p["flipped"]
            cards.append(d)
        players.append({
            "seat": s, "money": p["money"], "points": p["points"], "cards": cards,
            "hand_count": len(p["hand"]),
            "hand": [card_dict(st, c, _price(pricer, st, c, False)) for c in p["hand"]] if mine else None,
            "hand_limit": hand_limit(st, s), "passed": bool(p["auto"]),
            "auto_pass": p["auto"] if mine else None,
            "workers": sum(1 for c in p["cards"] if table(st)[c].color == "worker"),
            "different_aristocrats": different_aristocrats(st, s),
            "special": list(p["special"]),
        })
    decision = None
    if st["queue"]:
        head = st["queue"][0]
        dec = DECISIONS[head["kind"]]
        decision = {"kind": head["kind"], "seat": head["seat"], **dec.public(st, head)}
        if viewer == head["seat"]:
            private = dec.private(st, head)
            if "card" in private:
                private["card"] = card_dict(st, private["card"])
            decision.update(private)
    step = "over" if over else (st["queue"][0]["kind"] if st["queue"] else "actions")
    from .engine import to_act  # local: engine imports this module
    return {
        "round": st["round"], "phase": st["phase"], "step": step,
        "to_act": to_act(st),
        "turn": st["turn"] if step == "actions" else None,
        "start_player": st["tokens"].get(st["phase"]) if st["phase"] in PHASES else None,
        "tokens": dict(st["tokens"]), "sack": st["sack"],
        "first_round": st["first"],
        "display": {
            "upper": [card_dict(st, c, _price(pricer, st, c, False)) for c in st["upper"]],
            "lower": [card_dict(st, c, _price(pricer, st, c, True)) for c in st["lower"]],
        },
        "decks": {d: deck_contents(st, d, viewer) for d in DECKS},
        "discards": len(st["discard"]),
        "players": players,
        "decision": decision,
        "last_scoring": st["last_scoring"],
        "stats": stats(st),
        "final": st["final"],
        "game_end_triggered": st["end"],
        "options": dict(st["opts"]),
    }
