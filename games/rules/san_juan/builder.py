"""Builder phase: what a player may build, what it costs, and the build itself."""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from .asks import ask, give_bonus_cards
from .cards import CATHEDRAL, COST, KEY, PRODUCTION, RULES, name
from .common import (
    goods_buildings,
    order_from,
    owns,
    role_privilege,
    take_from_hand,
    to_discard,
)


def enter(st: State, events: list[Event]) -> None:
    st["phase"] = "builder"
    st["q"] = order_from(st, st["chooser"])


def due_before_goods(st: State, seat: int, card: int, over: int) -> int:
    """Cards still to pay after every discount except Black-market goods.

    Discounts beyond the cost are lost, never paid out.
    """
    cost = COST[st["ed"]][card]
    off = role_privilege(st, seat, "builder")
    if off == 2 and not owns(st, seat, "library", skip=over):
        off = 1  # the Library being built over no longer works
    if PRODUCTION[card]:
        off += owns(st, seat, "smithy", skip=over)
    else:
        off += owns(st, seat, "quarry", skip=over)
    if over >= 0:
        off += RULES["park_crane_value"] if KEY[over] == "park" else COST[st["ed"]][over]
    return max(0, cost - off)


def goods_allowance(st: State, seat: int, over: int) -> int:
    """How many cards Black-market goods may still cover."""
    if not owns(st, seat, "black_market", skip=over):
        return 0
    return min(RULES["black_market_max"], len(goods_buildings(st, seat, skip=over)))


def can_afford(st: State, seat: int, card: int, over: int) -> bool:
    hand = st["p"][seat]["hand"]
    spare = len(hand) - (1 if card in hand else 0)
    return due_before_goods(st, seat, card, over) <= spare + goods_allowance(st, seat, over)


def candidates(st: State, seat: int) -> list[int]:
    """One card per building kind the seat could place (hand cards and the Cathedral)."""
    seen: set[str] = set()
    out = []
    for c in st["p"][seat]["hand"]:
        if KEY[c] not in seen:
            seen.add(KEY[c])
            out.append(c)
    if st["cathedral"] == -1:
        out.append(CATHEDRAL)
    return out


def build_problem(st: State, seat: int, card: int, over: int) -> str | None:
    """Why building `card` (over `over`) is not allowed, or None."""
    p = st["p"][seat]
    if card == CATHEDRAL:
        if st["cathedral"] != -1:
            return "The Cathedral is not available."
    elif card not in p["hand"]:
        return "That card is not in your hand."
    key = KEY[card]
    if over >= 0:
        if over not in p["city"]:
            return "You can only build over one of your own buildings."
        if not owns(st, seat, "crane"):
            return "Building over another building needs a Crane."
        if KEY[over] == "crane":
            return "The Crane cannot be built over."
        if KEY[over] == key:
            return "A building cannot be built over with the same building."
    if not PRODUCTION[card] and any(KEY[b] == key for b in p["city"]):
        return "You already own this city building."
    if not can_afford(st, seat, card, over):
        return "You cannot pay for this building."
    return None


def build_moves(st: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    crane = owns(st, seat, "crane")
    city = st["p"][seat]["city"]
    for c in candidates(st, seat):
        if build_problem(st, seat, c, -1) is None:
            moves.append({"type": "build", "card": c})
        if crane:
            for b in city:
                if build_problem(st, seat, c, b) is None:
                    moves.append({"type": "build", "card": c, "over": b})
    moves.append({"type": "pass"})
    return moves


def next_builder(st: State, events: list[Event]) -> bool:
    """Give the next player in turn the build decision; False when all have had it."""
    if not st["q"]:
        return False
    seat = st["q"].pop(0)
    p = st["p"][seat]
    if not p["hand"] and len(build_moves(st, seat)) == 1:
        # Nothing to pay with and nothing free to build: public knowledge, skip.
        events.append(event(gettext_noop("{seat} cannot build."), seat, seat=seat))
    else:
        st["pend"][seat] = {"k": "build"}
    return True


def start_build(st: State, seat: int, move: Move, events: list[Event]) -> None:
    card, over = move["card"], move.get("over", -1)
    problem = build_problem(st, seat, card, over)
    if problem:
        raise IllegalMove(problem)
    due = due_before_goods(st, seat, card, over)
    if due == 0:
        complete(st, seat, card, over, 0, events)
        return
    st["pend"][seat] = {"k": "pay", "card": card, "over": over, "due": due, "goods_paid": 0, "paid": 0}


def pay_moves(st: State, seat: int) -> list[Move]:
    pend = st["pend"][seat]
    moves: list[Move] = []
    seen: set[str] = set()
    for c in st["p"][seat]["hand"]:
        if c != pend["card"] and KEY[c] not in seen:
            seen.add(KEY[c])
            moves.append({"type": "pay", "card": c})
    if pend["goods_paid"] < goods_allowance_left(st, seat, pend):
        p = st["p"][seat]
        for i in goods_buildings(st, seat, skip=pend["over"]):
            moves.append({"type": "pay", "good": p["city"][i]})
    if pend["paid"] == 0 and pend["goods_paid"] == 0:
        moves.append({"type": "cancel"})
    return moves


def goods_allowance_left(st: State, seat: int, pend: dict[str, Any]) -> int:
    if not owns(st, seat, "black_market", skip=pend["over"]):
        return 0
    return RULES["black_market_max"]


def pay_problem(st: State, seat: int, move: Move, pend: dict[str, Any]) -> str | None:
    p = st["p"][seat]
    if "good" in move:
        b = move["good"]
        if pend["goods_paid"] >= goods_allowance_left(st, seat, pend):
            return "You cannot pay with more goods."
        if b == pend["over"] or b not in p["city"] or p["goods"][p["city"].index(b)] < 0:
            return "That building has no good to pay with."
        return None
    c = move.get("card")
    if c == pend["card"] or c not in p["hand"]:
        return "Pay with cards from your hand other than the building."
    return None


def pay(st: State, seat: int, move: Move, events: list[Event]) -> None:
    pend = st["pend"][seat]
    problem = pay_problem(st, seat, move, pend)
    if problem:
        raise IllegalMove(problem)
    p = st["p"][seat]
    if "good" in move:
        i = p["city"].index(move["good"])
        to_discard(st, [p["goods"][i]])
        p["goods"][i] = -1
        pend["goods_paid"] += 1
    else:
        take_from_hand(st, seat, move["card"])
        to_discard(st, [move["card"]])
        pend["paid"] += 1
    pend["due"] -= 1
    if pend["due"] == 0:
        complete(st, seat, pend["card"], pend["over"], pend["goods_paid"], events)


def pay_many(st: State, seat: int, move: Move, events: list[Event]) -> None:
    """Pay several cards and goods in one move; validated as a whole first."""
    pend = st["pend"][seat]
    cards, goods = list(move.get("cards", [])), list(move.get("goods", []))
    if len(cards) + len(goods) > pend["due"]:
        raise IllegalMove("That is more than the building costs.")
    if len(set(cards)) != len(cards) or len(set(goods)) != len(goods):
        raise IllegalMove("Each card can be paid only once.")
    if goods and pend["goods_paid"] + len(goods) > goods_allowance_left(st, seat, pend):
        raise IllegalMove("You cannot pay with more goods.")
    for c in cards:
        if problem := pay_problem(st, seat, {"card": c}, pend):
            raise IllegalMove(problem)
    for b in goods:
        if problem := pay_problem(st, seat, {"good": b}, {**pend, "goods_paid": 0}):
            raise IllegalMove(problem)
    for b in goods:
        pay(st, seat, {"good": b}, events)
    for c in cards:
        pay(st, seat, {"card": c}, events)


def cancel(st: State, seat: int) -> None:
    pend = st["pend"][seat]
    if pend["paid"] or pend["goods_paid"]:
        raise IllegalMove("Payment has started; it cannot be taken back.")
    st["pend"][seat] = {"k": "build"}


def complete(st: State, seat: int, card: int, over: int, goods_paid: int, events: list[Event]) -> None:
    p = st["p"][seat]
    carpenter = owns(st, seat, "carpenter", skip=over)
    poor_house = owns(st, seat, "poor_house", skip=over)
    if card == CATHEDRAL:
        st["cathedral"] = seat
    else:
        take_from_hand(st, seat, card)
    cost = COST[st["ed"]][card]
    if over >= 0:
        i = p["city"].index(over)
        if p["goods"][i] >= 0:
            to_discard(st, [p["goods"][i]])  # the good on a built-over building is lost
        st["out"].append(over)
        p["city"][i] = card
        p["goods"][i] = -1
        events.append(
            event(
                gettext_noop("{seat} builds {building} over {old} (cost {cost})."),
                seat,
                seat=seat,
                building=name(card),
                old=name(over),
                cost=cost,
            )
        )
    else:
        p["city"].append(card)
        p["goods"].append(-1)
        events.append(
            event(
                gettext_noop("{seat} builds {building} (cost {cost})."), seat, seat=seat, building=name(card), cost=cost
            )
        )
    st["fresh"][seat] = card
    st["pend"][seat] = None
    if carpenter and not PRODUCTION[card]:
        # The Poor house is asked about after the Carpenter's card: "erhält er zunächst diese Karte".
        ask(st, seat, [{"q": "carpenter"}], poor_house=poor_house)
    elif poor_house and len(p["hand"]) <= 1:
        ask(st, seat, [{"q": "poor_house"}])


def after_build_answers(st: State, events: list[Event]) -> bool:
    """Carry out the builder's answers on Carpenter and Poor house; True if there was one."""
    for seat in range(st["n"]):
        pend = st["pend"][seat]
        if pend and pend["k"] == "ask" and pend.get("ok"):
            poor_house = pend.get("poor_house", False)
            asked_carpenter = "carpenter" in pend["a"]
            give_bonus_cards(st, events, seat)
            if asked_carpenter and poor_house and len(st["p"][seat]["hand"]) <= 1:
                ask(st, seat, [{"q": "poor_house"}])
            return True
    return False


def ask_taverns(st: State) -> bool:
    """After the builder phase: owners of a Tavern with the fewest buildings are asked."""
    counts = [len(pl["city"]) for pl in st["p"]]
    asked = False
    for seat in range(st["n"]):
        if owns(st, seat, "tavern") and counts[seat] == min(counts) and max(counts) > counts[seat]:
            ask(st, seat, [{"q": "tavern"}])
            asked = True
    return asked


def finish(st: State, events: list[Event]) -> bool:
    """End of the builder phase (after the Tavern): True if the game ends.

    "Das Spiel endet sofort nach der Baumeisterphase, in der mindestens ein Spieler
    sein zwölftes Gebäude vor sich liegen hat".
    """
    give_bonus_cards(st, events, st["chooser"])
    st["fresh"] = [-1] * st["n"]
    return bool(max(len(pl["city"]) for pl in st["p"]) >= RULES["end_buildings"])


def could_build(st: State, seat: int) -> bool:
    """Whether the seat could build anything if it were the builder with every discount it has."""
    saved = st["role"], st["chooser"], st["lib"], st["fresh"][seat]
    st["role"], st["chooser"], st["lib"], st["fresh"][seat] = "builder", seat, True, -1
    try:
        return any(m["type"] == "build" for m in build_moves(st, seat))
    finally:
        st["role"], st["chooser"], st["lib"], st["fresh"][seat] = saved
