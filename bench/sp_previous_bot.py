"""The Sankt Petersburg bot as it was before it learned the Market and the modules, kept unchanged
as the yardstick of bench/sp_bot_strength.py.

Its own description follows. The computer player: values every move by what it adds to the seat's position.

A position is worth the income its display will still pay (points in full; rubles at a weight
that falls as the game nears its end, when 10 rubles make only 1 point and the Pub 2 rubles one),
plus the final scoring's points for it (different aristocrats, card abilities). A purchase is
worth the change in that value minus the price at today's ruble weight, so workers bought early,
expensive buildings (fewer rubles per point), the lower row's discount and new kinds of
aristocrats all come out of the same sum. Cards go into hand only to be bought later with money
the bot will have, and hand cards are laid out before the game ends.

Income is read through the engine's own hooks (``scoring.card_income``), so cards with abilities
(per-card income, the Observatory) count as the engine pays them; the abilities the sum cannot see
(discounts, the Pub, the Warehouse, the Potemkin Village's exchange value, the Guild Hall and
Trading House decisions) get an estimate. Cards drawn in private (Observatory, Debtor's Prison)
are valued from what the seat may see: the unseen cards of the pile, the open discard pile.
Moves the bot does not know are never chosen over a known one; an unknown decision is answered
with the engine's cautious timeout move.

The weights below were tuned in seeded games against the engine's first bot and against earlier
versions of this one, at 2 to 5 players.
"""

from __future__ import annotations

import math
import random

from games.rules.base import Move, State
from games.rules.sankt_petersburg.cards import DECKS, PHASES, RULES, Card, table
from games.rules.sankt_petersburg.hooks import DECISIONS
from games.rules.sankt_petersburg.prices import Pricer
from games.rules.sankt_petersburg.scoring import card_income, final_parts
from games.rules.sankt_petersburg.state import hand_limit

COLORS = ("worker", "building", "aristocrat")
# Cards a pile loses per Durchgang (a + b * players), before the bot has seen the game's own pace;
# the exchange cards go slowest.
PRIOR_DRAWS = {"worker": (2.9, 0.1), "building": (2.3, 0.45), "aristocrat": (2.3, 0.3), "exchange": (0.4, 0.5)}
# Points a ruble is worth with r Durchgänge left: FINAL at the end, SLOPE more per round, at most CAP.
# Rubles of income still to come count INCOME times: they are spent again on more cards.
RUBLE = {"final": 0.1, "slope": 0.35, "cap": 3.0, "income": 1.2}
HAND_PENALTY = RULES["hand_penalty"]
# How likely a hand card is to be stranded, by Durchgänge left (0: any more): the last pile card
# may be dealt in the middle of a Durchgang, so the end comes sooner than the piles suggest.
END_RISK = {1: 1.0, 2: 0.8, 3: 0.5, 0: 0.1}
# A new kind of aristocrat raises each later step of the noble table: worth this much per
# Durchgang still to come.
NOBLE_STEP = {"per_round": 0.4}
# Rubles kept back at the Pub, by Durchgänge left (0: any more), for the cards still to buy.
PUB_KEEP = {1: 8, 2: 30, 0: 60}
# A card taken into hand is worth this share of laying it out later, less this much for the risk.
TAKE = {"share": 0.6, "risk": 1.5}


def cheapest_purchase(st: State, seat: int, legal: list[Move]) -> Move:
    """The cautious first-round purchase (used when a seat runs out of time)."""
    tab = table(st)
    buys = [m for m in legal if m["type"] == "buy"]
    if not buys:
        return legal[0]
    return min(buys, key=lambda m: (tab[m["card"]].cost, m["card"]))


# --- how long the game will last ------------------------------------------------------------


def _deals_so_far(st: State, deck: str) -> int:
    """How often `deck` has refilled the display, the first worker display included."""
    phase = st["phase"] if st["phase"] in PHASES else "exchange"
    dealt_this_round = PHASES.index(deck) <= PHASES.index(phase)
    return st["round"] - 1 + (1 if dealt_this_round else 0)


def rounds_left(st: State) -> int:
    """Durchgänge still to play, the current one included: the first pile to run dry ends the game."""
    if st["end"]:
        return 1
    n = st["n"]
    tab = table(st)
    seen = dict.fromkeys(st["decks"], 0)  # every pile of the game (the Market's too)
    for cid in st["upper"] + st["lower"] + st["discard"]:
        seen[tab[cid].deck] += 1
    for p in st["p"]:
        for cid in p["cards"] + p["hand"]:
            seen[tab[cid].deck] += 1
    # The first deals say nothing about the pace: the first worker display has a fixed size and
    # every worker of it is bought, so the first buildings fill the whole display.
    first = {"worker": RULES["first_display"][str(n)], "building": RULES["display_size"]}
    last_round = math.inf
    for deck in DECKS:
        left = len(st["decks"][deck])
        deals = _deals_so_far(st, deck)
        dealt = seen[deck] - (first[deck] if deck in first and deals else 0)
        later_deals = deals - (1 if deck in first and deals else 0)
        a, b = PRIOR_DRAWS.get(deck, (2.0, 0.5))
        rate = max(1.0, (dealt + 2 * (a + b * n)) / (later_deals + 2))
        # Deals still to come: this round's if not dealt yet, then one per Durchgang.
        upcoming = 0 if deals >= st["round"] else 1
        needed = math.ceil(left / rate)
        last = st["round"] + needed - upcoming
        last_round = min(last_round, max(st["round"], last))
    return int(last_round - st["round"] + 1)


class Outlook:
    """The weights one decision works with."""

    def __init__(self, st: State, seat: int) -> None:
        self.st, self.seat = st, seat
        self.rounds = rounds_left(st)
        phase = st["phase"]
        # Decisions queued after this phase's scoring (the Pub) come after its income.
        scoring_done = bool(st["queue"]) and st.get("after") == "phase"
        self.scorings: dict[str, list[int]] = {}
        for color in COLORS:
            # Rounds left (incl. that one) at each scoring of this colour still to come.
            this_round = (phase in PHASES and PHASES.index(color) > PHASES.index(phase)) or (
                color == phase and not scoring_done
            )
            first = self.rounds if this_round else self.rounds - 1
            self.scorings[color] = list(range(first, 0, -1))
        self.money_now = self.ruble_weight(self.rounds)
        self.points_per = {c: len(s) for c, s in self.scorings.items()}
        self.rubles_per = {c: RUBLE["income"] * sum(self.ruble_weight(r) for r in s) for c, s in self.scorings.items()}
        self.plain: dict[str, float] = {}
        self.lay_outs: dict[tuple[str, str | None, int], float] = {}

    @staticmethod
    def ruble_weight(rounds: int) -> float:
        """Points one ruble is worth with `rounds` Durchgänge left (1: only the final conversion)."""
        return min(RUBLE["cap"], RUBLE["final"] + RUBLE["slope"] * (rounds - 1))

    def card_income_value(self, cid: str) -> float:
        st, seat = self.st, self.seat
        value = 0.0
        for color in COLORS:
            r, pts = card_income(st, seat, cid, color)
            if r or pts:
                value += pts * self.points_per[color] + r * self.rubles_per[color]
        return value

    def position(self, cards: list[str]) -> float:
        """Income still to come from `cards` plus their final-scoring points.

        A card without an ability pays its printed income whatever else lies beside it, so its
        share is worked out once per decision; cards with abilities are asked every time."""
        st, seat = self.st, self.seat
        tab = table(st)
        p = st["p"][seat]
        saved = p["cards"]
        p["cards"] = cards
        try:
            value = 0.0
            for cid in cards:
                if tab[cid].ability:
                    value += self.card_income_value(cid)
                else:
                    plain = self.plain.get(cid)
                    if plain is None:
                        plain = self.plain[cid] = self.card_income_value(cid)
                    value += plain
            parts = final_parts(st, seat)
            value += parts["nobles"] + parts["cards"]
        finally:
            p["cards"] = saved
        return value


# --- valuing moves ----------------------------------------------------------------------------


def ability_bonus(out: Outlook, card: Card) -> float:
    """What an ability is worth that the income sum does not show."""
    later = out.rounds - 1
    bonus = 0.0
    buildings = out.scorings["building"]
    if card.ability == "guild_hall":
        # Paid by a decision after each building scoring: points or rubles, whichever is worth more.
        total = card.params.get("total", 4)
        bonus += sum(total * max(1.0, out.ruble_weight(r)) for r in buildings)
    elif card.ability == "trading_house":
        rubles, points = card.params.get("rubles", 3), card.params.get("points", 2)
        bonus += sum(max(0.0, points - rubles * out.ruble_weight(r)) for r in buildings)
    elif card.ability == "discount":
        bonus += 1.5 * later * out.money_now * card.params.get("rubles", 1)
    elif card.ability == "pub":
        # Money beyond what the bot keeps for cards buys points here near the end.
        per_point, most = card.params.get("rubles_per_point", 2), card.params.get("points_max", 5)
        money = out.st["p"][out.seat]["money"] + income_next_round(out)
        for r in buildings:
            spare = max(0, money - PUB_KEEP.get(r, PUB_KEEP[0])) // per_point
            bonus += max(0.0, 1 - per_point * out.ruble_weight(r)) * min(most, spare)
        bonus += 0.5
    elif card.ability == "warehouse":
        bonus += 0.5 if later >= 1 else 0.0
    if card.replace_value > card.cost and later >= 1:
        bonus += (card.replace_value - card.cost) * out.money_now * 0.5
    return bonus


def noble_outlook(out: Outlook, before: list[str], after: list[str]) -> float:
    """A new kind of aristocrat also raises every later step of the noble table."""
    tab = table(out.st)
    kinds = lambda cards: len({tab[c].key for c in cards if tab[c].color == "aristocrat"})  # noqa: E731
    gained = kinds(after) - kinds(before)
    return gained * NOBLE_STEP["per_round"] * max(0, out.rounds - 1)


def lay_out_value(out: Outlook, base: float, card: Card, price: int, replace: Card | None) -> float:
    # Replacing either of two identical cards comes to the same: value it once.
    key = (card.id, replace.key if replace is not None else None, price)
    value = out.lay_outs.get(key)
    if value is None:
        value = out.lay_outs[key] = _lay_out_value(out, base, card, price, replace)
    return value


def _lay_out_value(out: Outlook, base: float, card: Card, price: int, replace: Card | None) -> float:
    cards = list(out.st["p"][out.seat]["cards"])
    if replace is not None:
        cards[cards.index(replace.id)] = card.id
    else:
        cards.append(card.id)
    gain = out.position(cards) - base
    gain += ability_bonus(out, card) + noble_outlook(out, out.st["p"][out.seat]["cards"], cards)
    if replace is not None:
        gain -= ability_bonus(out, replace)
    return gain - price * out.money_now


def income_next_round(out: Outlook) -> int:
    st, seat = out.st, out.seat
    return sum(card_income(st, seat, cid, color)[0] for cid in st["p"][seat]["cards"] for color in COLORS)


def hand_prices(st: State, seat: int, pricer: Pricer) -> list[int]:
    """What laying out each hand card would cost (cheapest way), cheapest first."""
    tab = table(st)
    prices = []
    for cid in st["p"][seat]["hand"]:
        options = pricer.options(tab[cid])
        prices.append(min(p for p, _ in options) if options else HAND_PENALTY * 10)
    return sorted(prices)


def stranded(prices: list[int], money: int) -> int:
    """How many hand cards `money` cannot lay out, paying for the cheapest first."""
    left = len(prices)
    for price in prices:
        if price > money:
            break
        money -= price
        left -= 1
    return left


def take_value(out: Outlook, base: float, pricer: Pricer, card: Card, money: int) -> float | None:
    """Taking a card to lay it out later from hand, or None when that makes no sense: the bot
    must be able to pay for it (and for what it holds already) out of the next round's income."""
    st, seat = out.st, out.seat
    hand = st["p"][seat]["hand"]
    if len(hand) >= min(2, hand_limit(st, seat) - 1) or out.rounds < 3:
        return None
    options = pricer.options(card)
    if not options:
        return None
    price, replace = min(options, key=lambda o: o[0])
    if price <= money:
        return None  # affordable now: buying it is the move to compare
    if card.exchange:
        # Each exchange card in hand needs its own card to replace.
        tab = table(st)
        targets = {t.id for t in pricer.targets(card)}
        claimed = sum(1 for cid in hand if tab[cid].exchange and targets & {t.id for t in pricer.targets(tab[cid])})
        if len(targets) <= claimed:
            return None
    committed = sum(hand_prices(st, seat, pricer))
    margin = 1.0 if out.rounds >= 4 else 0.6
    if price + committed > money + margin * income_next_round(out):
        return None
    later = lay_out_value(out, base, card, price, replace)
    # One scoring fewer, and the risk of being stuck with it.
    return TAKE["share"] * later - TAKE["risk"]


def action_value(out: Outlook, base: float, pricer: Pricer, move: Move, money: int) -> float | None:
    st, tab = out.st, table(out.st)
    kind = move["type"]
    if kind in ("buy", "play"):
        card = tab[move["card"]]
        replace = tab[move["replace"]] if "replace" in move else None
        lower = kind == "buy" and move["card"] in st["lower"]
        price = pricer.price(card, lower, replace)
        value = lay_out_value(out, base, card, price, replace)
        risk = END_RISK.get(out.rounds, END_RISK[0])
        if kind == "play":
            value += HAND_PENALTY * risk
        if out.rounds <= 3 and st["p"][out.seat]["hand"]:
            # Every hand card left at the end costs the penalty: keep money to lay them out,
            # counting on half the income still to come before the end.
            prices = hand_prices(st, out.seat, pricer)
            if kind == "play":
                prices.remove(min(prices, key=lambda p: abs(p - price)))
            coming = income_next_round(out) * (out.rounds - 1) // 2
            lost = stranded(prices, money + coming - price) - stranded(prices, money + coming)
            value -= HAND_PENALTY * risk * lost
        return value
    if kind == "take":
        return take_value(out, base, pricer, tab[move["card"]], money)
    if kind == "sycophant_discard":
        cards = [c for c in st["p"][out.seat]["cards"] if c != move["card"]]
        return out.position(cards) - base
    if kind == "observatory":
        return observatory_value(out, base, pricer, tab[move["card"]], move["deck"], money)
    if kind == "debtors_prison":
        # The turn searches the open discard pile; the prison then pays nothing this scoring.
        best = max((v for _, v in discard_options(out, base, pricer, money)), default=0.0)
        prison = tab[move["card"]]
        return best - prison.points - prison.rubles * out.money_now - 0.5
    return None


def best_use(out: Outlook, base: float, pricer: Pricer, card: Card, money: int) -> float:
    """What a card drawn in private is worth: bought, taken into hand or (0) put away."""
    values = [
        lay_out_value(out, base, card, price, replace) for price, replace in pricer.options(card) if price <= money
    ]
    later = take_value(out, base, pricer, card, money)
    if later is not None:
        values.append(later)
    return max([0.0] + values)


def observatory_value(out: Outlook, base: float, pricer: Pricer, observatory: Card, deck: str, money: int) -> float:
    """The expected worth of the pile's top card, from the cards of that pile the seat cannot
    see (the pile and the other seats' hands, as the view shows them), less the point the
    Observatory then does not score."""
    st, tab = out.st, table(out.st)
    unseen = list(st["decks"][deck])
    for s, p in enumerate(st["p"]):
        if s != out.seat:
            unseen.extend(c for c in p["hand"] if tab[c].deck == deck)
    kinds: dict[str, list] = {}
    for cid in unseen:
        kinds.setdefault(tab[cid].key, [cid, 0])[1] += 1
    if not kinds:
        return -1.0
    expected = sum(count * best_use(out, base, pricer, tab[cid], money) for cid, count in kinds.values())
    lost = observatory.points + observatory.rubles * out.money_now
    return expected / len(unseen) - lost - 0.5


def discard_options(out: Outlook, base: float, pricer: Pricer, money: int) -> list[tuple[Move, float]]:
    """The Debtor's Prison's choices among the discards, with their values."""
    st, tab = out.st, table(out.st)
    seen: set[str] = set()
    options: list[tuple[Move, float]] = []
    for cid in st["discard"]:
        card = tab[cid]
        if card.key in seen:
            continue
        seen.add(card.key)
        for price, replace in pricer.options(card):
            if price <= money:
                move = {"type": "debtors_prison_take", "card": cid, "choice": "buy"}
                if replace is not None:
                    move["replace"] = replace.id
                options.append((move, lay_out_value(out, base, card, price, replace)))
        later = take_value(out, base, pricer, card, money)
        if later is not None:
            options.append(({"type": "debtors_prison_take", "card": cid, "choice": "hand"}, later))
    return options


def choose_action(st: State, seat: int, legal: list[Move], rng: random.Random) -> Move:
    out = Outlook(st, seat)
    base = out.position(st["p"][seat]["cards"])
    pricer = Pricer(st, seat)
    money = st["p"][seat]["money"]
    best, best_value = None, 0.0 if not st["first"] else -math.inf
    for move in legal:
        value = action_value(out, base, pricer, move, money)
        if value is None:
            continue
        value += rng.random() * 0.01
        if value > best_value:
            best, best_value = move, value
    if best is not None:
        return best
    passes = [m for m in legal if m["type"] == "pass"]
    # Nothing worth doing: the bot's judgement only changes when the display does.
    standing = next((m for m in passes if m.get("until") == "display"), None)
    if standing is not None:
        return standing
    return passes[0] if passes else legal[0]


# --- decisions ----------------------------------------------------------------------------------


def pub_points(st: State, seat: int, legal: list[Move]) -> Move:
    """Points at 2 rubles each beat 10 rubles a point at the end; keep money to buy cards."""
    money = st["p"][seat]["money"]
    rounds = rounds_left(st)
    keep = PUB_KEEP.get(rounds, PUB_KEEP[0])
    most = max(0, money - keep) // 2
    fitting = [m for m in legal if m.get("points", 0) <= most]
    return max(fitting, key=lambda m: m["points"]) if fitting else min(legal, key=lambda m: m.get("points", 0))


def observatory_take(st: State, seat: int, head: dict, legal: list[Move], rng: random.Random) -> Move:
    tab = table(st)
    out = Outlook(st, seat)
    base = out.position(st["p"][seat]["cards"])
    pricer = Pricer(st, seat)
    card = tab[head["card"]]
    money = st["p"][seat]["money"]
    best, best_value = None, 0.0
    for m in legal:
        if m.get("choice") == "buy":
            replace = tab[m["replace"]] if "replace" in m else None
            value = lay_out_value(out, base, card, pricer.price(card, False, replace), replace)
        elif m.get("choice") == "hand":
            value = take_value(out, base, pricer, card, money)
        else:
            continue
        if value is not None and value > best_value:
            best, best_value = m, value
    if best is not None:
        return best
    return next((m for m in legal if m.get("choice") == "discard"), legal[0])


def guild_split(st: State, seat: int, legal: list[Move]) -> Move:
    """All points or all rubles from the Guild Hall, whichever the bot values more now."""
    rubles_first = Outlook.ruble_weight(rounds_left(st)) > 1.0
    return (min if rubles_first else max)(legal, key=lambda m: m.get("points", 0))


def trading_house(st: State, seat: int, head: dict, legal: list[Move]) -> Move:
    params = table(st)[head["card"]].params
    worth = params.get("points", 2) > params.get("rubles", 3) * Outlook.ruble_weight(rounds_left(st))
    return next((m for m in legal if m.get("use") is worth), legal[-1])


def debtors_prison_take(st: State, seat: int, legal: list[Move]) -> Move:
    out = Outlook(st, seat)
    base = out.position(st["p"][seat]["cards"])
    options = discard_options(out, base, Pricer(st, seat), st["p"][seat]["money"])
    best = max(((m, v) for m, v in options if v > 0 and m in legal), key=lambda x: x[1], default=None)
    if best is not None:
        return best[0]
    return next((m for m in legal if m.get("choice") == "back"), legal[-1])


def decide(st: State, seat: int, legal: list[Move], rng: random.Random) -> Move:
    head = st["queue"][0]
    kind = head["kind"]
    if kind == "pub":
        return pub_points(st, seat, legal)
    if kind == "observatory":
        return observatory_take(st, seat, head, legal, rng)
    if kind == "guild_hall":
        return guild_split(st, seat, legal)
    if kind == "trading_house":
        return trading_house(st, seat, head, legal)
    if kind == "debtors_prison":
        return debtors_prison_take(st, seat, legal)
    decision = DECISIONS.get(head["kind"])
    if decision is not None:
        move = decision.timeout(st, seat, head)
        if move in legal:
            return move
    return legal[0]


def choose(st: State, seat: int, legal: list[Move], rng: random.Random) -> Move:
    """The bot's move among `legal` (never empty while the seat is to act)."""
    if not legal:
        raise ValueError("No legal move.")
    if st["queue"]:
        return decide(st, seat, legal, rng)
    return choose_action(st, seat, legal, rng)
