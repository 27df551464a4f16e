"""The four actions of the action phase: buy, take into hand, play from hand, pass.

Handlers validate completely before they change anything and return the outcome the flow
needs (see the package docstring): ``"card"`` when the display changed, ``"action"`` for a card
played from hand, ``"pass"``.
"""

from __future__ import annotations

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from .cards import RULES, Card, table
from .hooks import active_rules, register_move
from .prices import Pricer
from .state import hand_limit

PASSES: tuple[Move, ...] = ({"type": "pass"}, {"type": "pass", "until": "display"}, {"type": "pass", "until": "phase"})


def first_round(st: State) -> bool:
    """The very first worker phase: every turn is a mandatory purchase."""
    return bool(st["first"])


def action_moves(st: State, seat: int) -> list[Move]:
    tab = table(st)
    p = st["p"][seat]
    money = p["money"]
    pricer = Pricer(st, seat)
    keys, discounters = pricer.keys, pricer.discounters
    min_price, same, low = RULES["min_price"], RULES["identical_discount"], RULES["lower_row_discount"]
    out: list[Move] = []

    def affordable(card: Card, lower: bool) -> bool:
        # Pricer.price without an exchange, inlined: legal moves are the hot path of playouts.
        # Reductions never raise a price, so a card within the printed cost needs no sum.
        cost = card.cost
        if cost <= money and min_price <= money:
            return True
        off = keys.get(card.key, 0) * same + (low if lower else 0)
        for fn, cid in discounters:
            off += fn(st, seat, cid, card)
        return bool(max(min_price, cost - off) <= money)

    if first_round(st):
        for row, is_lower in ((st["upper"], False), (st["lower"], True)):
            for cid in row:
                if not tab[cid].purple and affordable(tab[cid], is_lower):
                    out.append({"type": "buy", "card": cid})
        return out
    room = len(p["hand"]) < RULES["hand_limit"] + pricer.hand_extra
    for row, is_lower in ((st["upper"], False), (st["lower"], True)):
        for cid in row:
            card = tab[cid]
            if card.exchange:
                for t in pricer.targets(card):
                    if pricer.price(card, is_lower, t) <= money:
                        out.append({"type": "buy", "card": cid, "replace": t.id})
            elif not card.purple and affordable(card, is_lower):
                out.append({"type": "buy", "card": cid})
            if room:
                out.append({"type": "take", "card": cid})
    for cid in p["hand"]:
        card = tab[cid]
        if card.exchange:
            for t in pricer.targets(card):
                if pricer.price(card, False, t) <= money:
                    out.append({"type": "play", "card": cid, "replace": t.id})
        elif not card.purple and affordable(card, False):
            out.append({"type": "play", "card": cid})
    only = allowed_types(st, seat)
    if only is not None:
        # Module 1's Double Turn: its two actions are plain ones.
        return [m for m in out if m["type"] in only] + [{"type": "pass"}]
    for fn, cid in pricer.movers:
        out.extend(fn(st, seat, cid))
    out.append({"type": "pass"})
    out.append({"type": "pass", "until": "display"})
    out.append({"type": "pass", "until": "phase"})
    return out


def allowed_types(st: State, seat: int) -> set[str] | None:
    """The move types a rule module restricts the seat's action to, or None."""
    for module in active_rules(st["opts"]):
        if module.move_types:
            only = module.move_types(st, seat)
            if only is not None:
                return only
    return None


def _card_arg(move: Move, field: str = "card") -> str:
    cid = move.get(field)
    if not isinstance(cid, str):
        raise IllegalMove("Name a card by its id.")
    return cid


def check_lay_out(st: State, seat: int, card: Card, lower: bool, move: Move) -> tuple[int, Card | None]:
    """Price and replaced card for laying `card` out; raises IllegalMove."""
    if card.purple:
        raise IllegalMove("A purple special card is not bought: take it into hand and play it from there.")
    pricer = Pricer(st, seat)
    replace = None
    if card.exchange:
        if "replace" not in move:
            raise IllegalMove("An exchange card replaces one of your cards: choose which.")
        rid = _card_arg(move, "replace")
        replace = next((t for t in pricer.targets(card) if t.id == rid), None)
        if replace is None:
            raise IllegalMove("This exchange card cannot replace that card.")
    elif "replace" in move:
        raise IllegalMove("Only an exchange card replaces one of your cards.")
    price = pricer.price(card, lower, replace)
    if price > st["p"][seat]["money"]:
        raise IllegalMove("You do not have enough rubles for this card.")
    return price, replace


def lay_out(st: State, seat: int, card: Card, price: int, replace: Card | None, events: list[Event], how: str) -> None:
    """Pay and put the card into the seat's display (replacing a card for exchange cards)."""
    p = st["p"][seat]
    p["money"] -= price
    if replace is not None:
        idx = p["cards"].index(replace.id)
        p["cards"][idx] = card.id
        st["discard"].append(replace.id)
        events.append(
            event(
                gettext_noop("{seat} replaces the {old} with the {card} for {price} rubles."),
                seat,
                seat=seat,
                old=replace.name_en,
                card=card.name_en,
                price=price,
                how=how,
            )
        )
    else:
        p["cards"].append(card.id)
        msg = (
            gettext_noop("{seat} buys the {card} for {price} rubles.")
            if how == "buy"
            else gettext_noop("{seat} plays the {card} from hand for {price} rubles.")
        )
        events.append(event(msg, seat, seat=seat, card=card.name_en, price=price))
    if card.special:
        p["special"].append(card.key)
    for module in active_rules(st["opts"]):
        if module.laid_out:
            module.laid_out(st, seat, card.id, events)


def buy(st: State, seat: int, move: Move, events: list[Event]) -> str:
    cid = _card_arg(move)
    lower = cid in st["lower"]
    if not lower and cid not in st["upper"]:
        raise IllegalMove("That card is not in the display.")
    card = table(st)[cid]
    price, replace = check_lay_out(st, seat, card, lower, move)
    (st["lower"] if lower else st["upper"]).remove(cid)
    lay_out(st, seat, card, price, replace, events, "buy")
    return "card"


def take(st: State, seat: int, move: Move, events: list[Event]) -> str:
    cid = _card_arg(move)
    if first_round(st):
        raise IllegalMove("In the first worker phase every player must buy a worker.")
    lower = cid in st["lower"]
    if not lower and cid not in st["upper"]:
        raise IllegalMove("That card is not in the display.")
    p = st["p"][seat]
    limit = hand_limit(st, seat)
    if len(p["hand"]) >= limit:
        raise IllegalMove("Your hand is full.")
    (st["lower"] if lower else st["upper"]).remove(cid)
    p["hand"].append(cid)
    events.append(
        event(gettext_noop("{seat} takes the {card} into hand."), seat, seat=seat, card=table(st)[cid].name_en)
    )
    return "card"


def play(st: State, seat: int, move: Move, events: list[Event]) -> str:
    cid = _card_arg(move)
    if first_round(st):
        raise IllegalMove("In the first worker phase every player must buy a worker.")
    p = st["p"][seat]
    if cid not in p["hand"]:
        raise IllegalMove("That card is not in your hand.")
    card = table(st)[cid]
    price, replace = check_lay_out(st, seat, card, False, move)
    p["hand"].remove(cid)
    lay_out(st, seat, card, price, replace, events, "play")
    return "action"


def pass_(st: State, seat: int, move: Move, events: list[Event]) -> str:
    if first_round(st):
        raise IllegalMove("In the first worker phase every player must buy a worker.")
    until = move.get("until")
    if until not in (None, "display", "phase"):
        raise IllegalMove("A pass lasts for this turn, until the display changes, or for the phase.")
    st["p"][seat]["auto"] = until
    if until == "display":
        events.append(event(gettext_noop("{seat} passes until the display changes."), seat, seat=seat))
    elif until == "phase":
        events.append(event(gettext_noop("{seat} passes for the rest of the phase."), seat, seat=seat))
    else:
        events.append(event(gettext_noop("{seat} passes."), seat, seat=seat))
    return "pass"


register_move("buy", buy)
register_move("take", take)
register_move("play", play)
register_move("pass", pass_)
