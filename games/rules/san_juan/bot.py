"""A simple greedy player and the default move for a player who ran out of time."""

from __future__ import annotations

import random

from games.rules.base import Move, State

from .builder import can_afford
from .cards import COST, KEY, PRODUCTION, VP, good_rank
from .common import empty_production, goods_buildings

# How much the bot likes owning a city building beyond its printed points.
LIKES = {
    "library": 5,
    "quarry": 3,
    "smithy": 2,
    "carpenter": 3,
    "prefecture": 3,
    "market_hall": 3,
    "aqueduct": 2,
    "trading_post": 2,
    "well": 1,
    "market_stand": 1,
    "chapel": 3,
    "tower": 1,
    "archive": 1,
    "gold_mine": 1,
    "poor_house": 1,
    "black_market": 1,
    "crane": 0,
    "guild_hall": 6,
    "city_hall": 6,
    "triumphal_arch": 4,
    "palace": 7,
    "residence": 5,
    "cathedral": 5,
    "office_building": 1,
    "guard_room": 1,
    "hut": 0,
    "tavern": 1,
    "park": 0,
    "customs_office": 2,
    "bank": 2,
    "harbor": 3,
    "goldsmith": 1,
}


def building_value(st: State, seat: int, card: int) -> float:
    city = st["p"][seat]["city"]
    if PRODUCTION[card]:
        production = sum(1 for b in city if PRODUCTION[b])
        return VP[card] + 1 + (3 if production < 4 else 0) + good_rank(card) * 0.5
    if any(KEY[b] == KEY[card] for b in city):
        return 0
    return VP[card] + LIKES.get(KEY[card], 0) + len(city) * 0.2 * (COST[st["ed"]][card] >= 6)


def card_worth(st: State, seat: int, card: int) -> float:
    """Worth of keeping a hand card: a building worth building, else just money."""
    return building_value(st, seat, card) + 0.1 * card


def best_build(st: State, seat: int, moves: list[Move]) -> Move | None:
    best, best_v = None, 0.0
    for m in moves:
        if m["type"] != "build" or "over" in m:
            continue
        v = building_value(st, seat, m["card"])
        if v > best_v:
            best, best_v = m, v
    return best


def role_score(st: State, seat: int, role: str) -> float:
    p = st["p"][seat]
    if role == "builder":
        hand = p["hand"]
        # Could I build something good if I were the builder?
        st_role, st_chooser = st["role"], st["chooser"]
        st["role"], st["chooser"] = "builder", seat
        try:
            vals = [building_value(st, seat, c) for c in hand if can_afford(st, seat, c, -1)]
        finally:
            st["role"], st["chooser"] = st_role, st_chooser
        return 3 + max(vals) if vals else 0
    if role == "producer":
        return 2.2 * min(2, len(empty_production(st, seat)))
    if role == "trader":
        return 2.6 * min(2, len(goods_buildings(st, seat)))
    if role == "councillor":
        return 2.5
    return 1.8


def choose(st: State, seat: int, moves: list[Move], rng: random.Random) -> Move:
    if not moves:
        raise ValueError("no legal moves")
    kind = st["pend"][seat]["k"]
    if kind == "role":
        scored = [
            (role_score(st, seat, m["role"]) + (0.5 if m.get("library") else 0) + rng.random() * 0.1, i)
            for i, m in enumerate(moves)
        ]
        return moves[max(scored)[1]]
    if kind == "build":
        return best_build(st, seat, moves) or {"type": "pass"}
    if kind == "pay":
        goods = [m for m in moves if "good" in m]
        if goods:
            return goods[0]
        cards = [m for m in moves if "card" in m]
        return min(cards, key=lambda m: card_worth(st, seat, m["card"]))
    if kind in ("produce", "sell"):
        return max(moves, key=lambda m: (len(m["buildings"]), sum(COST[st["ed"]][b] for b in m["buildings"])))
    if kind == "keep":
        return max((m for m in moves if "card" in m), key=lambda m: card_worth(st, seat, m["card"]))
    if kind == "discard":
        return min(moves, key=lambda m: card_worth(st, seat, m["card"]))
    if kind == "chapel":
        tucks = [m for m in moves if m["type"] == "chapel"]
        if tucks:
            return min(tucks, key=lambda m: card_worth(st, seat, m["card"]))
        banks = [m for m in moves if m["type"] == "bank"]
        if banks and len(st["p"][seat]["hand"]) > 5:
            return min(banks, key=lambda m: card_worth(st, seat, m["card"]))
        return {"type": "done"}
    if kind == "ask":
        # Every question offers the full use first: take part, draw, use the building.
        return moves[0]
    return moves[0]


def default_move(st: State, seat: int, moves: list[Move]) -> Move:
    """Cautious choices: skip building, keep the first cards, produce and sell what is possible."""
    if not moves:
        raise ValueError("no legal moves")
    kind = st["pend"][seat]["k"]
    if kind == "role":
        return moves[-1] if not moves[-1].get("library") else moves[-2]
    if kind == "build":
        return {"type": "pass"}
    if kind == "pay":
        pays = [m for m in moves if "card" in m]
        return min(pays, key=lambda m: COST[st["ed"]][m["card"]]) if pays else moves[0]
    if kind in ("produce", "sell"):
        return max(moves, key=lambda m: len(m["buildings"]))
    if kind == "discard":
        return min(moves, key=lambda m: COST[st["ed"]][m["card"]])
    if kind == "chapel":
        return {"type": "done"}
    # Questions ("ask"): the first answer is the full use, which only adds cards.
    return moves[0]
