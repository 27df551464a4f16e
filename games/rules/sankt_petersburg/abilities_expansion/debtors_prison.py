"""The Schuldturm (Debtor's Prison).

1 point at the building scoring unless used: once in the building phase, instead of a turn, the
owner picks a card of the discard pile and buys it (no lower-row discount), takes it into hand or
puts it back. Either way the Schuldturm is turned face down: no point at this building scoring,
and no exchange card may replace it. It turns back at the start of the next phase ("Runde").
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from ..actions import check_lay_out, lay_out
from ..cards import table
from ..hooks import Ability, Decision, Pending, register_ability, register_decision, register_move
from ..prices import Pricer
from ..state import hand_limit
from ..view import card_dict

PHASE = "building"
KIND = "debtors_prison"


def prison_income(st: State, seat: int, cid: str, phase: str) -> tuple[int, int]:
    c = table(st)[cid]
    if phase != c.color or cid in st["p"][seat]["flipped"]:
        return 0, 0
    return c.rubles, c.points


def prison_moves(st: State, seat: int, cid: str) -> list[Move]:
    if st["phase"] != PHASE or not st["discard"] or cid in st["p"][seat]["flipped"]:
        return []
    return [{"type": KIND, "card": cid}]


def use_prison(st: State, seat: int, move: Move, events: list[Event]) -> str:
    cid = move.get("card")
    p = st["p"][seat]
    if not isinstance(cid, str) or cid not in p["cards"] or table(st)[cid].ability != KIND:
        raise IllegalMove("You have no such Debtor's Prison.")
    if st["phase"] != PHASE:
        raise IllegalMove("The Debtor's Prison is used in the building phase.")
    if cid in p["flipped"]:
        raise IllegalMove("This Debtor's Prison has already been used this phase.")
    if not st["discard"]:
        raise IllegalMove("The discard pile is empty.")
    p["flipped"].append(cid)
    st["queue"].insert(0, {"kind": KIND, "seat": seat})
    events.append(event(gettext_noop("{seat} searches the discard pile with the Debtor's Prison."), seat, seat=seat))
    return "wait"


def first_of_each_kind(st: State) -> dict[str, str]:
    """key -> one card id of that kind in the discard pile (which copy makes no difference)."""
    tab = table(st)
    out: dict[str, str] = {}
    for cid in st["discard"]:
        # Module 1's purple cards cannot be chosen from the discard pile.
        if not tab[cid].purple:
            out.setdefault(tab[cid].key, cid)
    return out


def prison_legal(st: State, seat: int, d: Pending) -> list[Move]:
    tab = table(st)
    pricer = Pricer(st, seat)
    money = st["p"][seat]["money"]
    room = len(st["p"][seat]["hand"]) < hand_limit(st, seat)
    out: list[Move] = []
    for cid in first_of_each_kind(st).values():
        for price, target in pricer.options(tab[cid]):
            if price <= money:
                m = {"type": "debtors_prison_take", "card": cid, "choice": "buy"}
                if target is not None:
                    m["replace"] = target.id
                out.append(m)
        if room:
            out.append({"type": "debtors_prison_take", "card": cid, "choice": "hand"})
    out.append({"type": "debtors_prison_take", "choice": "back"})
    return out


def prison_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    if move.get("type") != "debtors_prison_take":
        raise IllegalMove("Choose a card from the discard pile, or put it back.")
    choice = move.get("choice")
    if choice == "back":
        events.append(event(gettext_noop("{seat} leaves the discard pile as it was."), seat, seat=seat))
        return
    if choice not in ("buy", "hand"):
        raise IllegalMove("Buy the card, take it into hand or put it back.")
    cid = move.get("card")
    if not isinstance(cid, str) or cid not in st["discard"]:
        raise IllegalMove("That card is not in the discard pile.")
    if table(st)[cid].purple:
        raise IllegalMove("A purple special card cannot be taken from the discard pile.")
    card = table(st)[cid]
    p = st["p"][seat]
    if choice == "buy":
        price, replace = check_lay_out(st, seat, card, False, move)
        st["discard"].remove(cid)
        lay_out(st, seat, card, price, replace, events, "buy")
    else:
        if len(p["hand"]) >= hand_limit(st, seat):
            raise IllegalMove("Your hand is full.")
        st["discard"].remove(cid)
        p["hand"].append(cid)
        events.append(
            event(
                gettext_noop("{seat} takes the {card} from the discard pile into hand."),
                seat,
                seat=seat,
                card=card.name_en,
            )
        )


def prison_public(st: State, d: Pending) -> dict[str, Any]:
    """The discard pile (open information: every card in it was seen going there), by kind, with
    the deciding seat's prices."""
    tab = table(st)
    pricer = Pricer(st, d["seat"])
    counts: dict[str, int] = {}
    for cid in st["discard"]:
        if not tab[cid].purple:
            counts[tab[cid].key] = counts.get(tab[cid].key, 0) + 1
    out = []
    for key, cid in first_of_each_kind(st).items():
        opts = pricer.options(tab[cid])
        entry = card_dict(st, cid, min(p for p, _ in opts) if opts else None)
        entry["count"] = counts[key]
        out.append(entry)
    out.sort(key=lambda e: (e["name"], e["key"]))
    return {"discards": out}


def turn_back(st: State, phase: str, events: list[Event]) -> None:
    """At the start of every phase a used Schuldturm lies face up again."""
    tab = table(st)
    for p in st["p"]:
        if p["flipped"]:
            p["flipped"] = [c for c in p["flipped"] if tab[c].ability != KIND]


register_ability(Ability(KIND, income=prison_income, action_moves=prison_moves))
register_move(KIND, use_prison)
register_decision(
    Decision(
        KIND,
        prison_legal,
        prison_apply,
        lambda st, seat, d: {"type": "debtors_prison_take", "choice": "back"},
        public=prison_public,
    )
)
