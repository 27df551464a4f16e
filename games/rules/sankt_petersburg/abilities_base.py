"""The base game's special cards, registered on the hooks (see the package docstring).

Pub: after every building scoring the owner may buy up to 5 points per Pub at 2 rubles each;
owners decide in turn from the building phase's start player.
Warehouse: hand limit +1 while it lies in the display (a replaced Warehouse leaves the cards in
hand, but no new card may be taken while the hand is at the normal limit).
Observatory: once per Durchgang in the building phase, instead of a turn, the owner draws the top
card of a pile that has at least two cards and buys it, takes it into hand or discards it; the
Observatory is then turned face down: no point at this Durchgang's building scoring, and it cannot
be replaced until it turns back at the start of the next Durchgang.
Carpenter Workshop / Gold Smelter (ability "discount"): 1 ruble off every further card of a
colour. Mariinsky Theater / Tax Man (ability "per_card"): income per own card of a colour at a
scoring.
"""

from __future__ import annotations

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from .actions import check_lay_out, lay_out
from .cards import UNCERTAIN, Card, table
from .hooks import Ability, Decision, Pending, register_ability, register_decision, register_move
from .prices import Pricer
from .state import hand_limit

PUB = UNCERTAIN["pub"]["params"]


# --- Pub ---------------------------------------------------------------------------------


def pub_max(st: State, seat: int) -> int:
    tab = table(st)
    pubs = sum(1 for c in st["p"][seat]["cards"] if tab[c].ability == "pub")
    limit = PUB["points_max"] * (pubs if PUB["per_card"] else min(pubs, 1))
    result: int = min(limit, st["p"][seat]["money"] // PUB["rubles_per_point"])
    return result


def pub_after_scoring(st: State, seat: int, cid: str, phase: str) -> Pending | None:
    if phase == "building" and pub_max(st, seat) > 0:
        return {"kind": "pub", "seat": seat}
    return None


def pub_legal(st: State, seat: int, d: Pending) -> list[Move]:
    return [{"type": "pub", "points": k} for k in range(pub_max(st, seat) + 1)]


def pub_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    if move.get("type") != "pub":
        raise IllegalMove("Decide how many points to buy at the Pub.")
    k = move.get("points")
    if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= pub_max(st, seat):
        raise IllegalMove("You cannot buy that many points at the Pub.")
    p = st["p"][seat]
    p["money"] -= k * PUB["rubles_per_point"]
    p["points"] += k
    p["pub"] += k
    if k:
        events.append(
            event(
                gettext_noop("{seat} buys {points} points at the Pub for {rubles} rubles."),
                seat,
                seat=seat,
                points=k,
                rubles=k * PUB["rubles_per_point"],
            )
        )


register_ability(Ability("pub", after_scoring=pub_after_scoring))
register_decision(
    Decision(
        "pub",
        pub_legal,
        pub_apply,
        lambda st, seat, d: {"type": "pub", "points": 0},
        public=lambda st, d: {"max_points": pub_max(st, d["seat"]), "rubles_per_point": PUB["rubles_per_point"]},
    )
)


# --- Warehouse -----------------------------------------------------------------------------

register_ability(Ability("warehouse", hand_limit=lambda st, seat, cid: table(st)[cid].params.get("hand_limit", 1)))


# --- cost reductions and per-card income ----------------------------------------------------


def discount(st: State, seat: int, cid: str, target: Card) -> int:
    params = table(st)[cid].params
    return params["rubles"] if target.color == params["color"] and target.id != cid else 0


def per_card_income(st: State, seat: int, cid: str, phase: str) -> tuple[int, int]:
    c = table(st)[cid]
    r, p = (c.rubles, c.points) if c.color == phase else (0, 0)
    params = c.params
    if phase == params["phase"]:
        tab = table(st)
        count = sum(1 for x in st["p"][seat]["cards"] if tab[x].color == params["count"])
        r += count * params["rubles"]
        p += count * params["points"]
    return r, p


register_ability(Ability("discount", discount=discount))
register_ability(Ability("per_card", income=per_card_income))


# --- Observatory -----------------------------------------------------------------------------

# One line per pile, so that the pile's name is translated with the sentence.
OBSERVATORY_MSG = {
    "worker": gettext_noop("{seat} uses the Observatory on the worker pile."),
    "building": gettext_noop("{seat} uses the Observatory on the building pile."),
    "aristocrat": gettext_noop("{seat} uses the Observatory on the aristocrat pile."),
    "exchange": gettext_noop("{seat} uses the Observatory on the exchange pile."),
    "market": gettext_noop("{seat} uses the Observatory on the market pile."),
}


def observatory_income(st: State, seat: int, cid: str, phase: str) -> tuple[int, int]:
    c = table(st)[cid]
    if phase != c.color or cid in st["p"][seat]["flipped"]:
        return 0, 0
    return c.rubles, c.points


def observatory_moves(st: State, seat: int, cid: str) -> list[Move]:
    if st["phase"] != "building" or cid in st["p"][seat]["flipped"]:
        return []
    # Every pile of the game: with the Market (2nd edition) also the market pile.
    return [{"type": "observatory", "card": cid, "deck": d} for d, pile in st["decks"].items() if len(pile) >= 2]


def observatory(st: State, seat: int, move: Move, events: list[Event]) -> str:
    cid, deck = move.get("card"), move.get("deck")
    p = st["p"][seat]
    tab = table(st)
    if not isinstance(cid, str) or cid not in p["cards"] or tab[cid].ability != "observatory":
        raise IllegalMove("You have no such Observatory.")
    if st["phase"] != "building":
        raise IllegalMove("The Observatory is used in the building phase.")
    if cid in p["flipped"]:
        raise IllegalMove("This Observatory has already been used this round.")
    if deck not in st["decks"]:
        raise IllegalMove("Choose one of the four piles.")
    if len(st["decks"][deck]) < 2:
        raise IllegalMove("The Observatory may not take the last card of a pile.")
    drawn = st["decks"][deck].pop()
    p["flipped"].append(cid)
    st["queue"] = [{"kind": "observatory", "seat": seat, "card": drawn, "deck": deck}] + st["queue"]
    events.append(event(OBSERVATORY_MSG[str(deck)], seat, seat=seat, deck=deck))
    events.append(event(gettext_noop("You draw the {card}."), seat, only=seat, card=tab[drawn].name_en))
    return "wait"


def observatory_legal(st: State, seat: int, d: Pending) -> list[Move]:
    card = table(st)[d["card"]]
    pricer = Pricer(st, seat)
    money = st["p"][seat]["money"]
    out: list[Move] = []
    for price, target in pricer.options(card):
        if price <= money:
            m = {"type": "observatory_take", "choice": "buy"}
            if target is not None:
                m["replace"] = target.id
            out.append(m)
    if len(st["p"][seat]["hand"]) < hand_limit(st, seat):
        out.append({"type": "observatory_take", "choice": "hand"})
    out.append({"type": "observatory_take", "choice": "discard"})
    return out


def observatory_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    if move.get("type") != "observatory_take":
        raise IllegalMove("Decide what to do with the card drawn with the Observatory.")
    choice = move.get("choice")
    card = table(st)[d["card"]]
    p = st["p"][seat]
    if choice == "buy":
        price, replace = check_lay_out(st, seat, card, False, move)
        lay_out(st, seat, card, price, replace, events, "buy")
    elif choice == "hand":
        if len(p["hand"]) >= hand_limit(st, seat):
            raise IllegalMove("Your hand is full.")
        p["hand"].append(card.id)
        events.append(event(gettext_noop("{seat} takes the drawn card into hand."), seat, seat=seat))
        events.append(event(gettext_noop("You take the {card} into hand."), seat, only=seat, card=card.name_en))
    elif choice == "discard":
        st["discard"].append(card.id)
        events.append(event(gettext_noop("{seat} discards the {card}."), seat, seat=seat, card=card.name_en))
    else:
        raise IllegalMove("Buy the card, take it into hand or discard it.")


register_ability(Ability("observatory", income=observatory_income, action_moves=observatory_moves))
register_move("observatory", observatory)
register_decision(
    Decision(
        "observatory",
        observatory_legal,
        observatory_apply,
        lambda st, seat, d: {"type": "observatory_take", "choice": "discard"},
        public=lambda st, d: {"deck": d["deck"]},
        private=lambda st, d: {"card": d["card"]},
    )
)
