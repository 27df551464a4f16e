"""Module 4 "Die Ereignisse" (option ``events``; with the Market only).

Six events lie face up from the start. From the 2nd Durchgang on, a seat whose turn it is may
trigger one of them before its regular turn; then it takes its regular turn. Each event is used
once per game and each seat triggers at most one event in the whole game. "The current pile" is
the pile of the round being played (worker, market, building, aristocrat, exchange).

  twin       a second card from the current pile joins the first card of the upper row (only if
             one lies there and the pile has a card); the seat must take both together (decision
             ``twin``): both bought, one bought and one into hand, or both into hand, in either
             order; only first steps after which the other card can still be taken are offered.
             If no way takes both, both are discarded, never one kept and one discarded.
  sponsor    6 rubles for the seat, 2 for every other seat
  ghost      discard one display card; a card from the current pile takes its place
  new_luck   as many cards as there are players from the current pile into the upper row; only
             when the display has that many free spaces (of 10)
  warehouse  the seat keeps it: hand limit +1 (not a blue card: never replaced, no reduction)
  grabber    buy the top card of the discard pile, paying at once (exchange cards replace a card)

An event counts as a change of the display: standing passes "until the display changes" wake and
the streak of passes starts again; the Warehouse event changes no display and wakes no one. With
this module the lower row is discarded left to right (the rightmost card on top), which is the engine's order anyway.

Moves (the seat to act, not in the first Durchgang):
  {"type": "event", "event": "sponsor" | "warehouse" | "new_luck" | "twin"}
  {"type": "event", "event": "ghost", "card": display_id}
  {"type": "event", "event": "grabber"} (+ "replace": own_id for an exchange card)
Decision ``twin`` {"cards": [ids still to take]}, either card first:
  {"type": "twin_take", "card": id, "choice": "buy"} (+ "replace": own_id) | {..., "choice": "hand"}
View: "events" null without the option, else {"available": [keys in the table's order],
"used": {key: seat}, "warehouse": [seats holding the Warehouse event]}.
Refusal: engine.EVENTS_MARKET.
"""

from __future__ import annotations

import copy
from typing import Any

from games.rules.base import Event, IllegalMove, Move, Options, State, event, gettext_noop

from ..actions import check_lay_out, lay_out
from ..cards import RULES, table
from ..hooks import Decision, Pending, RuleModule, register_decision, register_move, register_rules
from ..moves import register_description
from ..prices import Pricer
from ..state import display, draw, hand_limit

EVENTS: tuple[str, ...] = tuple(e["key"] for e in RULES["events"])
EVENT_INFO: dict[str, dict[str, Any]] = {e["key"]: e for e in RULES["events"]}
SIZE = RULES["display_size_market"]


def events_game(options: Options) -> bool:
    return bool(options.get("events"))


def ext(st: State) -> dict[str, Any]:
    result: dict[str, Any] = st["ext"]["events"]
    return result


def setup(st: State, events: list[Event]) -> None:
    st["ext"]["events"] = {"used": {}, "warehouse": []}


def may_trigger(st: State, seat: int) -> bool:
    return st["round"] >= 2 and not st["first"] and seat not in ext(st)["used"].values()


def current_pile(st: State) -> list[str]:
    result: list[str] = st["decks"][st["phase"]]
    return result


def grabber_options(st: State, seat: int) -> list[Move]:
    if not st["discard"]:
        return []
    card = table(st)[st["discard"][-1]]
    money = st["p"][seat]["money"]
    out = []
    for price, target in Pricer(st, seat).options(card):
        if price <= money:
            m: Move = {"type": "event", "event": "grabber"}
            if target is not None:
                m["replace"] = target.id
            out.append(m)
    return out


def event_moves(st: State, seat: int) -> list[Move]:
    if not may_trigger(st, seat):
        return []
    used = ext(st)["used"]
    pile = current_pile(st)
    out: list[Move] = []
    for key in EVENTS:
        if key in used:
            continue
        if key == "twin":
            if st["upper"] and pile:
                out.append({"type": "event", "event": key})
        elif key == "ghost":
            out.extend({"type": "event", "event": key, "card": c} for c in display(st))
        elif key == "new_luck":
            if pile and SIZE - len(display(st)) >= st["n"]:
                out.append({"type": "event", "event": key})
        elif key == "grabber":
            out.extend(grabber_options(st, seat))
        else:
            out.append({"type": "event", "event": key})
    return out


def trigger(st: State, seat: int, move: Move, events: list[Event]) -> str:
    key = move.get("event")
    if key not in EVENTS:
        raise IllegalMove("Choose one of the events.")
    if not may_trigger(st, seat):
        raise IllegalMove("Events are triggered from the 2nd round of play on, one per player and game.")
    if key in ext(st)["used"]:
        raise IllegalMove("This event has been used already.")
    if move not in event_moves(st, seat):
        raise IllegalMove("This event cannot be used now.")
    tab = table(st)
    name = EVENT_INFO[key]["name_en"]
    events.append(event(gettext_noop("{seat} triggers the event {event}."), seat, seat=seat, event=name))
    ext(st)["used"][key] = seat
    if key == "sponsor":
        for i, p in enumerate(st["p"]):
            p["money"] += 6 if i == seat else 2
    elif key == "warehouse":
        ext(st)["warehouse"].append(seat)
    elif key == "ghost":
        cid = move["card"]
        row = st["upper"] if cid in st["upper"] else st["lower"]
        idx = row.index(cid)
        row.pop(idx)
        st["discard"].append(cid)
        events.append(
            event(gettext_noop("{seat} discards the {card} from the display."), seat, seat=seat, card=tab[cid].name_en)
        )
        row[idx:idx] = draw(st, st["phase"], 1)
    elif key == "new_luck":
        st["upper"].extend(draw(st, st["phase"], st["n"]))
    elif key == "grabber":
        cid = st["discard"][-1]
        price, replace = check_lay_out(st, seat, tab[cid], False, move)
        st["discard"].pop()
        lay_out(st, seat, tab[cid], price, replace, events, "buy")
    elif key == "twin":
        (new,) = draw(st, st["phase"], 1)
        first = st["upper"].pop(0)
        events.append(
            event(
                gettext_noop("{seat} must take the {card} and the {other}."),
                seat,
                seat=seat,
                card=tab[first].name_en,
                other=tab[new].name_en,
            )
        )
        next_twin(st, seat, [first, new], events)
    # The Warehouse event lies in front of the seat: the display did not change.
    return "again:quiet" if key == "warehouse" else "again"


def twin_options(st: State, seat: int, cid: str) -> list[Move]:
    """The ways to take one twin card on its own: buy it (each exchange target) or into hand."""
    card = table(st)[cid]
    money = st["p"][seat]["money"]
    out: list[Move] = []
    for price, target in Pricer(st, seat).options(card):
        if price <= money and not card.purple:
            m: Move = {"type": "twin_take", "card": cid, "choice": "buy"}
            if target is not None:
                m["replace"] = target.id
            out.append(m)
    if len(st["p"][seat]["hand"]) < hand_limit(st, seat):
        out.append({"type": "twin_take", "card": cid, "choice": "hand"})
    return out


def _take(st: State, seat: int, move: Move, events: list[Event]) -> None:
    card = table(st)[move["card"]]
    if move["choice"] == "buy":
        price, replace = check_lay_out(st, seat, card, False, move)
        lay_out(st, seat, card, price, replace, events, "buy")
    else:
        st["p"][seat]["hand"].append(card.id)
        events.append(event(gettext_noop("{seat} takes the {card} into hand."), seat, seat=seat, card=card.name_en))


def _then_possible(st: State, seat: int, move: Move, rest: list[str]) -> bool:
    """Can the other twin card still be taken once `move` has taken the first one?"""
    if not rest:
        return True
    trial = copy.deepcopy(st)
    trial["queue"] = []
    _take(trial, seat, move, [])
    return bool(twin_options(trial, seat, rest[0]))


def twin_pairs(st: State, seat: int, cards: list[str]) -> list[Move]:
    """Every first step that lets the seat take both cards ("Der Spieler muss beide Karten
    entweder kaufen oder auf die Hand nehmen"): either card first, then the other must still fit."""
    out: list[Move] = []
    for cid in cards:
        rest = [c for c in cards if c != cid]
        out.extend(m for m in twin_options(st, seat, cid) if _then_possible(st, seat, m, rest))
    return out


def next_twin(st: State, seat: int, cards: list[str], events: list[Event]) -> None:
    """Queue the decision for the twin cards, or discard them all when they cannot all be taken
    (never one kept and one discarded)."""
    if twin_pairs(st, seat, cards):
        st["queue"].insert(0, {"kind": "twin", "seat": seat, "cards": cards})
        return
    tab = table(st)
    st["discard"].extend(cards)
    events.append(
        event(
            gettext_noop("{seat} cannot take both twin cards: the {card} and the {other} are discarded."),
            seat,
            seat=seat,
            card=tab[cards[0]].name_en,
            other=tab[cards[-1]].name_en,
        )
    )


def twin_legal(st: State, seat: int, d: Pending) -> list[Move]:
    return twin_pairs(st, seat, d["cards"])


def twin_apply(st: State, seat: int, d: Pending, move: Move, events: list[Event]) -> None:
    if move.get("type") != "twin_take" or move.get("card") not in d["cards"]:
        raise IllegalMove("Take the twin cards one after the other.")
    if move not in twin_legal(st, seat, d):
        raise IllegalMove("Take this twin card so that the other one can still be bought or taken into hand.")
    _take(st, seat, move, events)
    rest = [c for c in d["cards"] if c != move["card"]]
    if rest:
        # The second card always fits (twin_pairs checked it); decisions queued by laying out (a
        # '?' symbol) come first: insert behind them.
        pos = next((i for i, x in enumerate(st["queue"]) if x is d), len(st["queue"]))
        st["queue"].insert(pos + 1, {"kind": "twin", "seat": seat, "cards": rest})


def twin_timeout(st: State, seat: int, d: Pending) -> Move:
    legal = twin_legal(st, seat, d)
    hand = [m for m in legal if m["choice"] == "hand"]
    return hand[0] if hand else legal[0]


def view(st: State, seat: Any) -> dict[str, Any]:
    e = ext(st)
    return {
        "events": {
            "available": [k for k in EVENTS if k not in e["used"]],
            "used": dict(e["used"]),
            "warehouse": list(e["warehouse"]),
        }
    }


register_rules(
    RuleModule(
        "events",
        events_game,
        setup=setup,
        view=view,
        action_moves=event_moves,
        hand_limit=lambda st, seat: ext(st)["warehouse"].count(seat),
    )
)
register_move("event", trigger)
register_decision(
    Decision("twin", twin_legal, twin_apply, twin_timeout, public=lambda st, d: {"cards": list(d["cards"])})
)


def _describe(move: Move) -> str:
    key = move.get("event")
    name = EVENT_INFO[key]["name_en"] if key in EVENT_INFO else "an event"
    return f"Trigger the event {name}"


register_description("event", _describe)
register_description(
    "twin_take",
    lambda m: {"buy": "Buy the twin card", "hand": "Take the twin card into hand"}.get(
        str(m.get("choice")), "Take the twin card"
    ),
)
