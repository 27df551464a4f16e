"""Start of every round after the first: Office building, Chapel/Bank, hand limit.

Each step is a simultaneous decision of the players it concerns; the steps
follow one another in the order the rules give (1. Office building,
2. Chapel/Bank, 3. Guard room/Tower).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from .cards import KEY, RULES, name
from .common import (
    draw,
    hand_limit,
    names,
    one_or_many,
    order_from,
    owns,
    take_from_hand,
    to_discard,
)


def enter_office(st: State, events: list[Event]) -> None:
    st["phase"] = "office"
    for seat in range(st["n"]):
        if owns(st, seat, "office_building") and st["p"][seat]["hand"]:
            st["pend"][seat] = {"k": "office"}


def office_moves(st: State, seat: int) -> list[Move]:
    hand = sorted(st["p"][seat]["hand"])
    moves: list[Move] = [{"type": "office", "cards": []}]
    seen: set[tuple[str, ...]] = set()
    for size in range(1, RULES["office_max"] + 1):
        for combo in combinations(hand, size):
            sig = tuple(sorted(KEY[c] for c in combo))
            if sig not in seen:
                seen.add(sig)
                moves.append({"type": "office", "cards": list(combo)})
    return moves


def office(st: State, seat: int, move: Move, events: list[Event]) -> None:
    cards = list(move.get("cards", []))
    hand = st["p"][seat]["hand"]
    if len(cards) > RULES["office_max"]:
        raise IllegalMove("The Office building exchanges at most 2 cards.")
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise IllegalMove("Exchange cards from your hand only.")
    for c in cards:
        take_from_hand(st, seat, c)
        to_discard(st, [c])
    st["pend"][seat] = {"k": "office", "ok": True, "n": len(cards)}
    events.append(
        event(
            one_or_many(
                len(cards),
                gettext_noop("{seat} exchanges 1 card at the Office building."),
                gettext_noop("{seat} exchanges {count} cards at the Office building."),
            ),
            seat,
            seat=seat,
            count=len(cards),
        )
    )


def finish_office(st: State, events: list[Event]) -> None:
    # New cards are drawn in turn order once everybody has discarded.
    for seat in order_from(st, st["gov"]):
        pend = st["pend"][seat]
        if pend and pend["n"]:
            cards = draw(st, pend["n"])
            st["p"][seat]["hand"].extend(cards)
            events.append(event(gettext_noop("You draw: {cards}."), seat, only=seat, cards=names(cards)))
        st["pend"][seat] = None


def enter_chapel(st: State, events: list[Event]) -> None:
    st["phase"] = "chapel"
    for seat in range(st["n"]):
        p = st["p"][seat]
        if not p["hand"]:
            continue
        chapel = owns(st, seat, "chapel")
        bank = owns(st, seat, "bank") and not p["bank_used"]
        if chapel or bank:
            st["pend"][seat] = {"k": "chapel", "chapel": chapel, "bank": bank}


def chapel_moves(st: State, seat: int) -> list[Move]:
    pend = st["pend"][seat]
    moves: list[Move] = []
    seen: set[str] = set()
    for c in st["p"][seat]["hand"]:
        if KEY[c] in seen:
            continue
        seen.add(KEY[c])
        if pend["chapel"]:
            moves.append({"type": "chapel", "card": c})
        if pend["bank"]:
            moves.append({"type": "bank", "card": c})
    moves.append({"type": "done"})
    return moves


def tuck(st: State, seat: int, move: Move, events: list[Event]) -> None:
    pend = st["pend"][seat]
    p = st["p"][seat]
    where = move["type"]
    if not pend.get(where):
        raise IllegalMove("You cannot put a card there now.")
    card = move.get("card")
    if not isinstance(card, int) or card not in p["hand"]:
        raise IllegalMove("That card is not in your hand.")
    take_from_hand(st, seat, card)
    p[where].append(card)
    # "Ein Spieler muss seinen Mitspielern nicht mitteilen, welche und wie viele Karten er unter
    # seiner Kapelle liegen hat" (the Bank refers to the Chapel's notes): only the owner reads it.
    if where == "chapel":
        pend["chapel"] = False
        events.append(event(gettext_noop("You put {card} under your Chapel."), seat, only=seat, card=name(card)))
    else:
        p["bank_used"] = True
        events.append(event(gettext_noop("You put {card} under your Bank."), seat, only=seat, card=name(card)))
    if not p["hand"] or not (pend["chapel"] or pend["bank"]):
        st["pend"][seat] = None


def done(st: State, seat: int) -> None:
    st["pend"][seat] = None


def enter_limit(st: State, events: list[Event]) -> None:
    st["phase"] = "limit"
    for seat in range(st["n"]):
        over = len(st["p"][seat]["hand"]) - hand_limit(st, seat)
        if over > 0:
            st["pend"][seat] = {"k": "discard", "n": over, "why": "limit"}
            events.append(
                event(
                    one_or_many(
                        over,
                        gettext_noop("{seat} must discard 1 card down to the hand limit."),
                        gettext_noop("{seat} must discard {count} cards down to the hand limit."),
                    ),
                    seat,
                    seat=seat,
                    count=over,
                )
            )


def discard_moves(st: State, seat: int) -> list[Move]:
    seen: set[str] = set()
    moves: list[Move] = []
    for c in st["p"][seat]["hand"]:
        if KEY[c] not in seen:
            seen.add(KEY[c])
            moves.append({"type": "discard", "card": c})
    return moves


def discard(st: State, seat: int, move: Move, events: list[Event]) -> None:
    pend = st["pend"][seat]
    # As the player sent them (whole numbers, or None for a missing card): checked against the hand below.
    cards: list[Any] = list(move["cards"]) if "cards" in move else [move.get("card")]
    hand = st["p"][seat]["hand"]
    if not cards or len(cards) > pend["n"]:
        raise IllegalMove("You need not discard that many cards.")
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise IllegalMove("Discard cards from your hand only.")
    for c in cards:
        take_from_hand(st, seat, c)
        to_discard(st, [c])
    pend["n"] -= len(cards)
    events.append(
        event(
            one_or_many(
                len(cards), gettext_noop("{seat} discards 1 card."), gettext_noop("{seat} discards {count} cards.")
            ),
            seat,
            seat=seat,
            count=len(cards),
        )
    )
    if pend["n"] == 0:
        st["pend"][seat] = None
