"""A simple bot: values cards by what they will still pay against what they cost.

A card is worth its income times the scorings still to come (rubles count for less as the game
nears its end, when 10 rubles make only 1 point), plus the step in the noble table for a new
aristocrat, minus its price. Workers early are worth the most, so the bot buys them; it takes
cards into hand only early and plays hand cards before the game ends.
"""
from __future__ import annotations

import random
from typing import Any

from games.rules.base import Move, State

from .cards import DECKS, PHASES, Card, noble_points, table
from .prices import Pricer


def cheapest_purchase(st: State, seat: int, legal: list[Move]) -> Move:
    tab = table(st)
    buys = [m for m in legal if m["type"] == "buy"]
    if not buys:
        return legal[0]
    return min(buys, key=lambda m: (tab[m["card"]].cost, m["card"]))


def future_rounds(st: State) -> float:
    """Durchgänge expected after the current one."""
    if st["end"]:
        return 0.0
    left = min(len(st["decks"][d]) for d in DECKS)
    return left / max(3, st["n"] + 1)


def ruble_weight(st: State) -> float:
    return min(0.45, 0.1 + 0.07 * future_rounds(st))


def scorings_left(st: State, color: str) -> float:
    phase = st["phase"]
    ahead = 1.0 if phase in PHASES[:3] and PHASES.index(color) >= PHASES.index(phase) else 0.0
    return ahead + future_rounds(st)


def card_value(st: State, seat: int, card: Card, replace: Card | None = None) -> float:
    wr = ruble_weight(st)
    tab = table(st)
    k = scorings_left(st, card.color)
    rubles, points = card.rubles, card.points
    if card.ability == "per_card":
        count = sum(1 for c in st["p"][seat]["cards"] if tab[c].color == card.params["count"])
        rubles += count * card.params["rubles"]
        points += count * card.params["points"]
    elif card.ability in ("discount", "warehouse", "pub"):
        rubles += 1
    value = k * (rubles * wr + points)
    if replace is not None:
        value -= k * (replace.rubles * wr + replace.points)
    if card.color == "aristocrat":
        keys = {tab[c].key for c in st["p"][seat]["cards"] if tab[c].color == "aristocrat"}
        before = len(keys)
        if replace is not None:
            keys.discard(replace.key)
        keys.add(card.key)
        value += noble_points(len(keys)) - noble_points(before)
    return value


def decide(st: State, seat: int, legal: list[Move]) -> Move:
    head = st["queue"][0]
    if head["kind"] == "pub":
        money = st["p"][seat]["money"]
        keep = 0 if st["end"] else 20
        best = max((m for m in legal if m["points"] * 2 <= max(0, money - keep)),
                   key=lambda m: m["points"], default=legal[0])
        return best
    if head["kind"] == "observatory":
        tab = table(st)
        card = tab[head["card"]]
        best, best_value = None, 0.0
        pricer = Pricer(st, seat)
        for m in legal:
            if m["choice"] == "buy":
                rep = tab[m["replace"]] if "replace" in m else None
                v = card_value(st, seat, card, rep) - pricer.price(card, False, rep) * ruble_weight(st)
                if v > best_value:
                    best, best_value = m, v
        if best is not None:
            return best
        hand = [m for m in legal if m["choice"] == "hand"]
        if hand and future_rounds(st) >= 2 and card.cost >= 10:
            return hand[0]
        return next(m for m in legal if m["choice"] == "discard")
    return legal[0]


def choose(st: State, seat: int, legal: list[Move], rng: random.Random) -> Move:
    if not legal:
        raise ValueError("No legal move.")
    if st["queue"]:
        return decide(st, seat, legal)
    if st["first"]:
        return cheapest_purchase(st, seat, legal)
    tab = table(st)
    pricer = Pricer(st, seat)
    wr_spend = max(0.12, ruble_weight(st))
    scored: list[tuple[float, float, Any]] = []
    hand = st["p"][seat]["hand"]
    for m in legal:
        t = m["type"]
        if t == "pass":
            if "until" in m:
                continue
            value = 0.0
        elif t in ("buy", "play"):
            card = tab[m["card"]]
            rep = tab[m["replace"]] if "replace" in m else None
            price = pricer.price(card, m["card"] in st["lower"], rep)
            value = card_value(st, seat, card, rep) - price * wr_spend
            if t == "play":
                value += 5.0 if st["end"] else 0.5
        elif t == "take":
            if st["end"] or future_rounds(st) < 1.5 or len(hand) >= 1:
                continue
            card = tab[m["card"]]
            value = 0.25 * card_value(st, seat, card) - 1.0
        else:
            continue
        scored.append((value, rng.random(), m))
    if not scored:
        return {"type": "pass"}
    best = max(scored, key=lambda x: (x[0], x[1]))
    return best[2] if best[0] > 0 else {"type": "pass"}
