"""The Hochstapler (Sycophant): 1 ruble at every aristocrat scoring, or away with it.

Yucata's handling, which the seed describes: the ruble is part of the aristocrat scoring; if that
scoring would be negative because of Hochstapler, they are discarded (one at a time, the most
recently laid out first) until it is not; and the owner may discard one as his turn in the
aristocrat phase.
"""

from __future__ import annotations

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from ..cards import table
from ..hooks import Ability, register_ability, register_move
from ..scoring import income

PHASE = "aristocrat"


def sycophant_income(st: State, seat: int, cid: str, phase: str) -> tuple[int, int]:
    if phase != PHASE:
        return 0, 0
    c = table(st)[cid]
    return c.rubles - c.params["rubles"], c.points


def sycophant_moves(st: State, seat: int, cid: str) -> list[Move]:
    return [{"type": "sycophant_discard", "card": cid}] if st["phase"] == PHASE else []


def discard(st: State, seat: int, cid: str) -> None:
    st["p"][seat]["cards"].remove(cid)
    st["discard"].append(cid)


def sycophant_discard(st: State, seat: int, move: Move, events: list[Event]) -> str:
    cid = move.get("card")
    tab = table(st)
    if not isinstance(cid, str) or cid not in st["p"][seat]["cards"] or tab[cid].ability != "sycophant":
        raise IllegalMove("You have no such Sycophant.")
    if st["phase"] != PHASE:
        raise IllegalMove("A Sycophant is discarded in the aristocrat phase.")
    discard(st, seat, cid)
    events.append(event(gettext_noop("{seat} discards the {card}."), seat, seat=seat, card=tab[cid].name_en))
    # A card action: it ends the standing passes "until the display changes" (Yucata: every card
    # action but the Warehouse's does).
    return "card"


def before_aristocrat_scoring(st: State, events: list[Event]) -> None:
    """Discard the Hochstapler whose ruble would make a seat's aristocrat scoring negative."""
    tab = table(st)
    for seat, p in enumerate(st["p"]):
        own = [c for c in p["cards"] if tab[c].ability == "sycophant"]
        if not own:
            continue
        rubles = income(st, seat, PHASE)[0]
        while rubles < 0 and own:
            cid = own.pop()
            discard(st, seat, cid)
            rubles += tab[cid].params["rubles"]
            events.append(
                event(
                    gettext_noop("{seat} cannot pay for the {card} out of the aristocrat scoring and discards it."),
                    seat,
                    seat=seat,
                    card=tab[cid].name_en,
                )
            )


register_ability(Ability("sycophant", income=sycophant_income, action_moves=sycophant_moves))
register_move("sycophant_discard", sycophant_discard)
