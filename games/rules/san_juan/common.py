"""Small state helpers shared by the phase modules."""

from __future__ import annotations

from games.rules.base import Event, State, event, gettext_noop, shuffled

from .cards import KEY, PRODUCTION, RULES, name


def one_or_many(count: int, one: str, many: str) -> str:
    """The message for one thing or for several: log lines take no plural forms of their own."""
    return one if count == 1 else many


def names(cards: list[int]) -> list[str]:
    """Card names as a list: the log translates and joins each name."""
    return [name(c) for c in cards]


def to_discard(st: State, cards: list[int]) -> None:
    """Put cards on the discard pile.

    The pile is kept sorted: its order is secret and never used (it is
    shuffled when the deck runs out), and a sorted pile makes the state the
    same whatever order simultaneous decisions arrived in.
    """
    if cards:
        st["disc"].extend(cards)
        st["disc"].sort()


def order_from(st: State, start: int) -> list[int]:
    n = st["n"]
    return [(start + i) % n for i in range(n)]


def owns(st: State, seat: int, key: str, skip: int = -1) -> bool:
    """Whether the seat has a working `key` building.

    A building works only after the builder phase it was built in (``fresh``)
    and stops at once when it is built over (``skip``).
    """
    fresh = st["fresh"][seat]
    for b in st["p"][seat]["city"]:
        if KEY[b] == key and b != fresh and b != skip:
            return True
    return False


def draw(st: State, count: int) -> list[int]:
    """Take cards from the deck; an empty deck is refilled from the discards."""
    out: list[int] = []
    deck = st["deck"]
    while len(out) < count:
        if not deck:
            if not st["disc"]:
                break
            deck.extend(shuffled(st, sorted(st["disc"])))
            st["disc"] = []
            st["reshuffles"] += 1
        out.append(deck.pop())
    return out


def take_from_hand(st: State, seat: int, card: int) -> None:
    p = st["p"][seat]
    p["hand"].remove(card)
    if card in p["seen"]:
        p["seen"].remove(card)


def goods_buildings(st: State, seat: int, skip: int = -1) -> list[int]:
    """Indexes into the city of buildings that carry a good."""
    p = st["p"][seat]
    return [i for i, g in enumerate(p["goods"]) if g >= 0 and p["city"][i] != skip]


def empty_production(st: State, seat: int) -> list[int]:
    p = st["p"][seat]
    return [i for i, b in enumerate(p["city"]) if PRODUCTION[b] and p["goods"][i] < 0]


def hand_limit(st: State, seat: int) -> int:
    if owns(st, seat, "tower"):
        return RULES["hand_limit_tower"]
    if st["ex"]:
        return RULES["hand_limit_guard_room"] if owns(st, seat, "guard_room") else RULES["hand_limit_expansion"]
    return RULES["hand_limit"]


def role_privilege(st: State, seat: int, role: str) -> int:
    """1 for the chooser of the current role, 2 with a Library in use, else 0."""
    if st["role"] != role or st["chooser"] != seat:
        return 0
    return 2 if st["lib"] and owns(st, seat, "library") else 1


def draw_to_hand(st: State, seat: int, count: int, why: str, events: list[Event]) -> list[int]:
    cards = draw(st, count)
    st["p"][seat]["hand"].extend(cards)
    if cards:
        events.append(
            event(
                one_or_many(
                    len(cards),
                    gettext_noop("{seat} draws 1 card ({reason})."),
                    gettext_noop("{seat} draws {count} cards ({reason})."),
                ),
                seat,
                seat=seat,
                count=len(cards),
                reason=why,
            )
        )
        events.append(event(gettext_noop("You draw: {cards}."), seat, only=seat, cards=names(cards)))
    return cards
