"""What the bot knows of the Market and the modules (bot.py asks here).

The Market: a position is also worth the market place points its markers would take at the market
scorings still to come (the other seats' markers as they stand, the value tiles of those rounds),
less what keeping its orange cards costs; a '?' names the good worth most; an orange card is kept
when its markers are worth its price. Module 1: purple cards are taken when their effect is worth
something and played when it pays. Module 4: an event is triggered before the turn when it is worth
more than nothing (the turn follows anyway). Module 5: the assignment counts with the final-scoring
points. Module 6: a position that meets the next real obstacle is worth more, a bonus is taken in
rubles when its points would be stopped or are worth less.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.rules.base import Move, State

from .abilities_market.market import GOODS, TILES, markers, place_points
from .cards import Card, table
from .hooks import Pending
from .prices import Pricer

if TYPE_CHECKING:
    from .bot import Outlook

# What a purple card in hand is worth before it is played, in points (rubles at today's weight
# where the card pays rubles).
PURPLE_WORTH = {
    "golden_donkey": ("rubles", 5),
    "moocher": ("rubles", 4),
    "money_collector": ("rubles", 4),
    "jester": ("points", 1.5),
    "banquet": ("points", 2.5),
    "double_turn": ("points", 1.5),
    "black_market": ("points", 1.0),
    "pickpocket": ("points", 1.5),
    "away_with_it": ("points", 0.3),
}
SPONSOR_OTHERS = 0.5  # share of the others' 2 rubles each that counts against the Sponsor
OBSTACLE_MET = 1.5  # per Durchgang left, for meeting the next real obstacle


# --- the market place ------------------------------------------------------------------------------


def market_on(st: State) -> bool:
    return bool(st["opts"].get("market"))


def market_rounds(out: Outlook, include_now: bool = False) -> list[int]:
    """Round numbers of the market place scorings still to come."""
    st = out.st
    rounds = [st["round"] + (out.rounds - r) for r in out.scorings.get("market", [])]
    if include_now and st["round"] not in rounds:
        rounds.insert(0, st["round"])
    return rounds


def others_markers(out: Outlook) -> list[dict[str, int]]:
    cached = out.others_cache
    if cached is None:
        st = out.st
        cached = [markers(st, s) for s in range(st["n"]) if s != out.seat]
        out.others_cache = cached
    return cached


def place_value(out: Outlook, mine: dict[str, int], rounds: list[int]) -> float:
    others = others_markers(out)
    total = 0.0
    for good in GOODS:
        positions = {i + 1: o.get(good, 0) for i, o in enumerate(others)}
        positions[0] = mine.get(good, 0)
        if not positions[0]:
            continue
        for rnd in rounds:
            first, second = TILES[min(rnd, len(TILES)) - 1]
            total += place_points(positions, first, second).get(0, 0)
    return total


def position_extra(out: Outlook, cards: list[str]) -> float:
    """What bot.Outlook.position adds with the Market and the modules (the seat's cards are `cards`
    while this runs)."""
    st, seat = out.st, out.seat
    value = 0.0
    if market_on(st):
        rounds = market_rounds(out)
        value += place_value(out, markers(st, seat), rounds)
        tab = table(st)
        orange = sum(1 for c in cards if tab[c].orange)
        if orange:
            value -= orange * sum(TILES[min(r, len(TILES)) - 1][0] * out.money_now for r in rounds) * 0.5
    if st["opts"].get("obstacles"):
        value += obstacle_outlook(out)
    return value


def obstacle_outlook(out: Outlook) -> float:
    from .abilities_obstacles import OBSTACLES, ext, met

    st, seat = out.st, out.seat
    e = ext(st)
    for space, key in e["track"]:
        if space in e["passed"][seat] or OBSTACLES[key]["kind"] != "real":
            continue
        if st["p"][seat]["points"] + 25 < space:
            return 0.0
        return OBSTACLE_MET * out.rounds if met(st, seat, key, space) else 0.0
    return 0.0


# --- actions -------------------------------------------------------------------------------------------


def purple_worth(out: Outlook, card: Card) -> float:
    unit, amount = PURPLE_WORTH.get(card.effect or "", ("points", 0.0))
    return amount * out.money_now if unit == "rubles" else amount


def action_value(out: Outlook, base: float, pricer: Pricer, move: Move, money: int) -> float | None:
    from .bot import discard_options, lay_out_value

    st, tab = out.st, table(out.st)
    kind = move["type"]
    if kind == "take" and tab[move["card"]].purple:
        if out.rounds < 2 and tab[move["card"]].effect not in ("golden_donkey", "moocher"):
            return None
        return 0.7 * purple_worth(out, tab[move["card"]]) - 0.3
    if kind == "event":
        key = move["event"]
        if key == "sponsor":
            result: float | None = (6 - SPONSOR_OTHERS * 2 * (st["n"] - 1)) * out.money_now
            return result
        if key == "warehouse":
            return 0.3 if out.rounds > 1 else None
        if key == "grabber":
            card = tab[st["discard"][-1]]
            replace = tab[move["replace"]] if "replace" in move else None
            return lay_out_value(out, base, card, pricer.price(card, False, replace), replace)
        return None
    if kind == "purple":
        card = tab[move["card"]]
        effect = card.effect
        if effect == "golden_donkey":
            result = card.params["rubles"] * out.money_now
            return result
        if effect == "double_turn":
            return 1.0 if len(st["upper"]) + len(st["lower"]) >= 2 else None
        if effect in ("jester", "banquet"):
            target = tab[move["target"]]
            r, p = target.rubles, target.points
            new = (p, r) if effect == "jester" else (2 * r, 2 * p)
            return (new[0] - r) * out.money_now + (new[1] - p)
        if effect == "moocher":
            from .abilities_banquet.effects import mooch_value, owner_of

            r, p = mooch_value(st, owner_of(st, move["target"]), move["target"])
            return r * out.money_now if move["take"] == "rubles" else p
        if effect == "money_collector":
            from .abilities_banquet.effects import collector_options

            target = tab[move["target"]]
            option = next(
                (
                    o
                    for o in collector_options(st, out.seat)
                    if o[0] == move["target"] and (o[3].id if o[3] is not None else None) == move.get("replace")
                ),
                None,
            )
            if option is None:
                return None
            lost = target.points * out.points_per.get(target.color, 0)
            return lay_out_value(out, base, target, option[2], option[3]) - lost
        if effect == "black_market":
            return max((v for _, v in discard_options(out, base, pricer, money)), default=-1.0) - 0.3
        if effect == "away_with_it":
            return 2.0 if out.rounds <= 2 else None
        return None
    return None


# --- decisions ------------------------------------------------------------------------------------------


def decide(st: State, seat: int, head: Pending, legal: list[Move]) -> Move | None:
    from .bot import Outlook, debtors_prison_take, lay_out_value, take_value

    kind = head["kind"]
    if kind == "black_market":
        return debtors_prison_take(st, seat, legal)
    if kind == "assignment_discard":
        from .abilities_assignments import points

        return min(legal, key=lambda m: (points(st, seat, m["number"]), -m["number"]))
    out = Outlook(st, seat)
    if kind == "market_good":
        chosen = st["ext"]["market"]["chosen"]
        best, best_value = None, -1.0
        for m in legal:
            chosen[head["card"]] = m["good"]
            value = place_value(out, markers(st, seat), market_rounds(out, include_now=True))
            if value > best_value:
                best, best_value = m, value
        chosen.pop(head["card"], None)
        return best
    if kind == "market_confirm":
        cid = head["cards"][0]
        pay = next((m for m in legal if m["pay"]), None)
        if pay is None:
            return legal[0]
        p = st["p"][seat]
        rounds = market_rounds(out, include_now=True)
        with_card = place_value(out, markers(st, seat), rounds)
        saved = p["cards"]
        p["cards"] = [c for c in saved if c != cid]
        try:
            without = place_value(out, markers(st, seat), rounds)
        finally:
            p["cards"] = saved
        price = head.get("price") or TILES[min(st["round"], len(TILES)) - 1][0]
        return pay if with_card - without >= price * out.money_now else next(m for m in legal if not m["pay"])
    if kind == "obstacle_bonus":
        from .abilities_obstacles import choice_values

        bonus_rubles, bonus_points = choice_values(st, seat, head["obstacle"])
        blocked = obstacle_outlook(out) == 0.0 and st["opts"].get("obstacles")
        take = "rubles" if bonus_rubles * out.money_now > bonus_points or (blocked and bonus_rubles) else "points"
        return {"type": "obstacle_bonus", "take": take}
    if kind in ("twin", "pickpocket"):
        base = out.position(st["p"][seat]["cards"])
        pricer = Pricer(st, seat)
        tab = table(st)
        money = st["p"][seat]["money"]
        best, best_value = None, (0.3 if kind == "pickpocket" else -1e9)
        for m in legal:
            if m.get("choice") == "keep":
                continue
            card = tab[m["card"]]
            if m["choice"] == "buy":
                replace = tab[m["replace"]] if "replace" in m else None
                value = lay_out_value(out, base, card, pricer.price(card, m["card"] in st["lower"], replace), replace)
            elif card.purple:
                value = purple_worth(out, card)
            else:
                taken = take_value(out, base, pricer, card, money)
                value = taken if taken is not None else -2.0
            if value > best_value:
                best, best_value = m, value
        if best is None:
            return next((m for m in legal if m.get("choice") == "keep"), legal[0])
        return best
    return None


def hand_penalty_cards(st: State, hand: list[str]) -> int:
    """Hand cards that cost points at the end (Module 1's purple cards do not)."""
    tab = table(st)
    return sum(1 for c in hand if not tab[c].purple)


def market_income_colors(st: State) -> tuple[str, ...]:
    return ("worker", "market", "building", "aristocrat") if market_on(st) else ("worker", "building", "aristocrat")
