"""What a card costs a player: the four reductions add up, at least 1 ruble is always paid.

Reductions: 1 per identical card in the own display, 1 from the lower row (buying only), and
whatever the owner's cards give through their ``discount`` hook (Carpenter Workshop, Gold
Smelter, ...). An exchange card costs its printed cost minus the value of the replaced card
(its cost, or its ``replace_value`` such as the Potemkin Village's 6), less the same reductions.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import State

from .cards import RULES, Card, table
from .hooks import ABILITIES, active_rules


class Pricer:
    """Prices for one seat, with the per-seat work done once (legal moves ask many times).

    One pass over the seat's display also collects what the action phase needs from the
    abilities: the hand limit bonus and the extra action moves.
    """

    __slots__ = ("st", "seat", "cards", "keys", "discounters", "flipped", "hand_extra", "movers")

    def __init__(self, st: State, seat: int) -> None:
        self.st, self.seat = st, seat
        tab = table(st)
        p = st["p"][seat]
        self.cards = cards = [tab[c] for c in p["cards"]]
        self.flipped = p["flipped"]
        keys: dict[str, int] = {}
        self.discounters: list[Any] = []
        self.movers: list[Any] = []
        self.hand_extra = 0
        for c in cards:
            keys[c.key] = keys.get(c.key, 0) + 1
            if c.ability:
                ab = ABILITIES.get(c.ability)
                if ab is None:
                    continue
                if ab.discount:
                    self.discounters.append((ab.discount, c.id))
                if ab.hand_limit:
                    self.hand_extra += ab.hand_limit(st, seat, c.id)
                if ab.action_moves:
                    self.movers.append((ab.action_moves, c.id))
        for module in active_rules(st["opts"]):
            if module.discount:
                self.discounters.append((module.discount, None))
            if module.hand_limit:
                self.hand_extra += module.hand_limit(st, seat)
            if module.action_moves:
                self.movers.append((lambda st, seat, _cid, f=module.action_moves: f(st, seat), None))
        self.keys = keys

    def reduction(self, card: Card, lower: bool) -> int:
        off = self.keys.get(card.key, 0) * RULES["identical_discount"]
        if lower:
            off += RULES["lower_row_discount"]
        for fn, cid in self.discounters:
            off += fn(self.st, self.seat, cid, card)
        result: int = off
        return result

    def price(self, card: Card, lower: bool = False, replace: Card | None = None) -> int:
        cost = card.cost - (replace.replace_value if replace is not None else 0)
        result: int = max(RULES["min_price"], cost - self.reduction(card, lower))
        return result

    def targets(self, card: Card) -> list[Card]:
        """Own display cards the exchange card may replace."""
        rep = card.replaces or {}
        color, craft, keys = rep.get("color", card.color), rep.get("craft"), rep.get("keys")
        # Module 1: a card laid out with the Money Collector may never be replaced.
        fixed = self.st["ext"].get("banquet", {}).get("collected", ())
        out = []
        for c in self.cards:
            if c.color != color or c.exchange or c.id in self.flipped or c.id in fixed:
                continue
            if keys and c.key not in keys:
                continue
            if craft and craft != "any" and c.craft != craft and c.craft != "all":
                continue
            if c.ability:
                ab = ABILITIES.get(c.ability)
                if ab and ab.replaceable and not ab.replaceable(self.st, self.seat, c.id):
                    continue
            out.append(c)
        return out

    def options(self, card: Card, lower: bool = False) -> list[tuple[int, Card | None]]:
        """(price, replaced card or None) for every way to lay the card out (none for Module 1's
        purple cards: they are never bought, only taken into hand and played from there)."""
        if card.purple:
            return []
        if card.exchange:
            return [(self.price(card, lower, t), t) for t in self.targets(card)]
        return [(self.price(card, lower), None)]
