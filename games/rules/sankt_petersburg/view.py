"""What one seat (or a spectator, seat None) may see.

Never in a view: another seat's hand (only its size), the order of a pile (only the unseen
cards of that kind, sorted by name: see ``deck_contents``), the card drawn with another seat's
Observatory, ``state["rng"]``.

``step`` is "actions", "over" or the kind of the pending decision at the head of the queue:
"pub", "observatory", and the expansion's "debtors_prison", "guild_hall", "trading_house"
(their fields: abilities_expansion/__init__.py). ``decision`` describes it:
``{"kind", "seat", ...public fields}`` plus its private fields for the deciding seat only
(the Observatory's drawn card as a card dict under "card").

Card dicts: see the contract (sp-contract.md). ``replaces`` lists the craft symbol a green
exchange card needs (``"any"``: any worker) or ``["any"]`` for blue and red exchange cards.
``market_symbol``: null or ``{"good", "count"}`` (2nd-edition prints; good "any" = the '?' whose
good the owner names, see market.chosen); market cards have deck and colour "market" (the orange
ones are market cards whose text says so).

The Market (option "market", abilities_market): phase "market" between "worker" and "building";
tokens gain "market"; decks gain "market"; steps "market_good" (decision {"card"}) and
"market_confirm" (decision {"card", "price", "good", "cards"}); ``last_scoring`` rows of the
market scoring may carry ``"paid": {"rubles"}`` (orange cards confirmed: before + gained - paid =
after). ``market`` is null without the option, else::

    {"goods": ["chicken", "grain", "apple", "fish", "cabbage"],
     "tile": {"number": 1-6, "first": vp, "second": vp},        # the market value in play
     "tiles": [{"number", "first", "second"}] * 6,              # the whole stack, lowest first
     "markers": [{good: position}] per seat (goods without a marker left out),
     "chosen": {card id: good} for '?' cards laid out,
     "paid": [rubles paid to confirm orange cards, per seat, whole game],
     "last_scoring": null | {"round", "tile", "first", "second",
                             "goods": {good: [points per seat]}, "points": [total per seat]}}

The modules of the Market add one key each, null without their option (shapes in the module's
package docstring): "helpers" (Module 3, abilities_helpers), "events" (Module 4,
abilities_events; step "twin"), "assignments" (Module 5, abilities_assignments; the viewer's own
only until the game is over; step "assignment_discard" with the printed rule), "obstacles" (Module 6,
abilities_obstacles; step "obstacle_bonus"), "banquet" (Module 1, abilities_banquet; steps
"pickpocket" and "black_market"; purple cards have colour "purple").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rules.base import State

from .cards import INFO, Card, phases, table
from .hooks import DECISIONS, active_rules
from .prices import Pricer
from .scoring import stats
from .state import hand_limit, to_act


def _static(card: Card) -> dict[str, Any]:
    replaces: list[str] = []
    if card.exchange:
        craft = (card.replaces or {}).get("craft")
        # Module 1's Zar-Superstar names the kinds it may replace.
        keys = (card.replaces or {}).get("keys")
        replaces = list(keys) if keys else [craft] if craft else ["any"]
    return {
        "id": card.id,
        "key": card.key,
        "name": card.name_en,
        "name_de": card.name_de,
        "deck": card.deck,
        "color": card.color,
        "cost": card.cost,
        "price": None,
        "income": {"rubles": card.rubles, "points": card.points},
        "exchange": card.exchange,
        "replaces": replaces,
        "craft": card.craft,
        "text": card.text,
        "text_de": card.text_de,
        "market_symbol": {"good": card.good, "count": card.good_count} if card.good else None,
    }


# The unchanging part of every card dict, built once per edition and card.
STATIC: dict[str, dict[str, dict[str, Any]]] = {e: {cid: _static(c) for cid, c in INFO[e].items()} for e in INFO}
DECK_OF: dict[str, str] = {cid: c.deck for cid, c in INFO["1"].items()}
KEY_OF: dict[str, dict[str, str]] = {e: {cid: c.key for cid, c in INFO[e].items()} for e in INFO}
KIND_NAME: dict[str, dict[str, str]] = {e: {c.key: c.name_en for c in INFO[e].values()} for e in INFO}
# Kinds in the order the piles list them: by English name, then key.
KIND_RANK: dict[str, dict[str, int]] = {
    e: {k: i for i, k in enumerate(sorted(names, key=lambda k: (names[k], k)))} for e, names in KIND_NAME.items()
}


def card_dict(st: State, cid: str, price: Any = None) -> dict[str, Any]:
    """A fresh dict per card; its nested "income" and "replaces" are shared: views are read-only."""
    d = STATIC[st["opts"]["edition"]][cid].copy()
    d["price"] = price
    return d


def _price(pricer: Pricer | None, tab: dict[str, Card], cid: str, lower: bool, money: int) -> Any:
    if pricer is None:
        return None
    opts = pricer.options(tab[cid], lower)
    if not opts:
        return None
    best = min(p for p, _ in opts)
    return best if best <= money else None


def deck_contents(st: State, viewer: int | None) -> dict[str, dict[str, Any]]:
    """Per pile its size, and the cards of that pile the viewer cannot see, by kind: the pile
    plus the other seats' hand cards from it (as Yucata shows them), so that a card drawn in
    private never shows by its absence. Kinds sorted by name."""
    key_of = KEY_OF[st["opts"]["edition"]].__getitem__
    name_of, rank = KIND_NAME[st["opts"]["edition"]], KIND_RANK[st["opts"]["edition"]].__getitem__
    hidden: dict[str, list[str]] = {d: [] for d in st["decks"]}
    for s, p in enumerate(st["p"]):
        if s != viewer:
            for c in p["hand"]:
                hidden[DECK_OF[c]].append(c)
    out = {}
    for deck, pile in st["decks"].items():
        counts = Counter(map(key_of, pile))
        if hidden[deck]:
            counts.update(map(key_of, hidden[deck]))
        out[deck] = {
            "count": len(pile),
            "contents": [{"key": k, "name": name_of[k], "count": counts[k]} for k in sorted(counts, key=rank)],
        }
    return out


def build_view(st: State, seat: int | None) -> dict[str, Any]:
    viewer = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < st["n"] else None
    over = st["step"] == "over"
    tab = table(st)
    static = STATIC[st["opts"]["edition"]]
    pricer = Pricer(st, viewer) if viewer is not None and not over else None
    money = st["p"][viewer]["money"] if viewer is not None else 0

    def priced(cid: str, lower: bool) -> dict[str, Any]:
        return card_dict(st, cid, _price(pricer, tab, cid, lower, money))

    # Seats that passed since the last action (the current streak of passes), plus standing passes.
    n = st["n"]
    passed = {(st["turn"] - k) % n for k in range(1, st["passes"] + 1)} if st["step"] == "actions" else set()
    players = []
    for s, p in enumerate(st["p"]):
        mine = s == viewer
        flipped = p["flipped"]
        cards = []
        workers = 0
        nobles = set()
        for cid in p["cards"]:
            d = static[cid].copy()
            d["flipped"] = cid in flipped
            cards.append(d)
            color = d["color"]
            if color == "worker":
                workers += 1
            elif color == "aristocrat":
                nobles.add(static[cid]["key"])
        players.append(
            {
                "seat": s,
                "money": p["money"],
                "points": p["points"],
                "cards": cards,
                "hand_count": len(p["hand"]),
                "hand": [priced(c, False) for c in p["hand"]] if mine else None,
                "hand_limit": hand_limit(st, s),
                "passed": s in passed or bool(p["auto"]),
                "auto_pass": p["auto"] if mine else None,
                "workers": workers,
                "different_aristocrats": len(nobles),
                "special": list(p["special"]),
            }
        )
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
    out = {
        "round": st["round"],
        "phase": st["phase"],
        "step": step,
        "to_act": to_act(st),
        "turn": st["turn"] if step == "actions" else None,
        "start_player": st["tokens"].get(st["phase"]) if st["phase"] in phases(st) else None,
        "tokens": dict(st["tokens"]),
        "sack": st["sack"],
        "first_round": st["first"],
        "display": {
            "upper": [priced(c, False) for c in st["upper"]],
            "lower": [priced(c, True) for c in st["lower"]],
        },
        "decks": deck_contents(st, viewer),
        "discards": len(st["discard"]),
        "players": players,
        "decision": decision,
        "last_scoring": st["last_scoring"],
        "stats": stats(st),
        "final": st["final"],
        "game_end_triggered": st["end"],
        "options": dict(st["opts"]),
        "market": None,
        "helpers": None,
        "assignments": None,
        "events": None,
        "obstacles": None,
        "banquet": None,
    }
    # Parts of the view that option modules add (the Market's "market").
    for module in active_rules(st["opts"]):
        if module.view:
            out.update(module.view(st, viewer))
    return out
