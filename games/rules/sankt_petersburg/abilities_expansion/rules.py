"""Option-wide rules of the expansion: the noble table beyond ten and the 5-player sack (the whole
expansion only), and the moments the expansion cards need (Hochstapler before the aristocrat
scoring, the Schuldturm turning back at the start of a phase), also with Module 2 on its own."""

from __future__ import annotations

from games.rules.base import Event, Options, State, event, gettext_noop

from ..cards import RULES, noble_points
from ..hooks import RuleModule, register_rules
from .debtors_prison import turn_back
from .stats import add_stat
from .sycophant import before_aristocrat_scoring


def expansion(options: Options) -> bool:
    return bool(options.get("expansion"))


def expansion_cards(options: Options) -> bool:
    """The expansion's cards are in play: the whole expansion, or Module 2 on its own."""
    return bool(options.get("expansion") or options.get("module2"))


def nobles(st: State, seat: int, different: int) -> int:
    """More than 10 different aristocrats: 10 points for each one beyond the tenth."""
    ten = len(RULES["noble_points"]) - 1
    result: int = noble_points(different) + max(0, different - ten) * RULES["noble_points_beyond_ten_expansion"]
    return result


def sack_setup(st: State, events: list[Event]) -> None:
    seat = st["sack"]
    if seat is None:
        return
    st["p"][seat]["money"] += RULES["sack_start_rubles"]
    events.append(
        event(
            gettext_noop("{seat} holds the sack: {rubles} rubles more to start with."),
            seat,
            seat=seat,
            rubles=RULES["sack_start_rubles"],
        )
    )


def phase_start(st: State, phase: str, events: list[Event]) -> None:
    seat = st["sack"]
    if phase == "worker" and seat is not None:
        gain = RULES["sack_points_per_worker_round"]
        st["p"][seat]["points"] += gain
        add_stat(st, gettext_noop("Points for holding the sack"), seat, gain)
        events.append(
            event(gettext_noop("{seat} holds the sack and scores {points} points."), seat, seat=seat, points=gain)
        )


def before_scoring(st: State, phase: str, events: list[Event]) -> None:
    if phase == "aristocrat":
        before_aristocrat_scoring(st, events)


register_rules(
    RuleModule("in_bester_gesellschaft", expansion, setup=sack_setup, phase_start=phase_start, noble_points=nobles)
)
# The moments the cards need, also with Module 2 alone (2nd edition).
register_rules(RuleModule("expansion_cards", expansion_cards, phase_start=turn_back, before_scoring=before_scoring))
