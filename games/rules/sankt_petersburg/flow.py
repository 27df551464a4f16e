"""Phases and rounds: turns with standing passes, scoring, refilling, the end of a Durchgang.

A Durchgang ("round" in the state) is the worker, building, aristocrat and exchange phase. Each
phase: actions (from the phase's start player clockwise until all players have passed in a row
or the display is empty), scoring (not in the exchange phase) with the decisions it queues (the
Pub), then refilling the display to 8 from the NEXT pile into the upper row. After the exchange
phase the lower row is discarded, the upper row moves down, workers refill the upper row and the
start-player stones move on (two seats with 5 players). Once a pile's last card has been dealt,
the Durchgang is played to the end of its exchange phase and the game ends.
"""

from __future__ import annotations

from games.rules.base import Event, State, event, gettext_noop

from .cards import RULES, phases
from .hooks import active_rules
from .scoring import final_scoring, score_phase
from .state import display, draw

NEXT_DECK = {"worker": "building", "building": "aristocrat", "aristocrat": "exchange", "exchange": "worker"}
# With the Market the market pile refills the display after the worker round.
NEXT_DECK_MARKET = {**NEXT_DECK, "worker": "market", "market": "building"}


def display_size(st: State) -> int:
    """8 cards; with the Market always 10, whatever the number of players."""
    result: int = RULES["display_size_market"] if st["opts"].get("market") else RULES["display_size"]
    return result


def start_game(st: State, events: list[Event]) -> None:
    for module in active_rules(st["opts"]):
        if module.setup:
            module.setup(st, events)
    count = RULES["first_display"][str(st["n"])]
    st["upper"] = draw(st, "worker", count)
    events.append(event(gettext_noop("Round {round} begins with the worker phase."), round=1))
    start_phase(st, "worker", events)


def start_phase(st: State, phase: str, events: list[Event]) -> None:
    st["phase"] = phase
    st["step"] = "actions"
    st["passes"] = 0
    st["turn"] = st["tokens"][phase]
    for p in st["p"]:
        p["auto"] = None
    for module in active_rules(st["opts"]):
        if module.phase_start:
            module.phase_start(st, phase, events)
    if not display(st):
        end_actions(st, events)


def end_turn(st: State, seat: int, outcome: str, events: list[Event]) -> None:
    """The seat's action is done: count passes, wake standing passes, find the next seat."""
    for module in active_rules(st["opts"]):
        if module.keep_turn and module.keep_turn(st, seat, outcome, events):
            if not (st["upper"] or st["lower"]):
                end_actions(st, events)
            return
    if outcome == "pass":
        st["passes"] += 1
    else:
        st["passes"] = 0
        if outcome == "card":
            for i, p in enumerate(st["p"]):
                if i != seat and p["auto"] == "display":
                    p["auto"] = None
    advance(st, events)


def advance(st: State, events: list[Event]) -> None:
    n = st["n"]
    players = st["p"]
    while True:
        if st["passes"] >= n or not (st["upper"] or st["lower"]):
            end_actions(st, events)
            return
        seat = (st["turn"] + 1) % n
        st["turn"] = seat
        if players[seat]["auto"]:
            st["passes"] += 1
            continue
        return


def end_actions(st: State, events: list[Event]) -> None:
    phase = st["phase"]
    if st["first"] and phase == "worker":
        st["first"] = False
    if phase != "exchange":
        queue = score_phase(st, phase, events)
        if queue:
            st["queue"] = queue
            st["step"] = "decide"
            st["after"] = "phase"
            return
    finish_phase(st, events)


def resume(st: State, events: list[Event]) -> None:
    """The decision queue is empty: carry on with what was interrupted."""
    after, st["after"] = st["after"], None
    st["step"] = "actions"
    if after == "phase":
        finish_phase(st, events)
    elif after == "hold":
        # A decision held the game between moves (Module 6's bonus choice, Module 1's Pick Pocket
        # at the start of a round): carry on as before; a display emptied by it ends the actions.
        if not (st["upper"] or st["lower"]):
            end_actions(st, events)
    elif after == "again":
        # The seat used a move before its regular turn (Module 4): its turn goes on.
        if not (st["upper"] or st["lower"]):
            end_actions(st, events)
    else:
        # "turn:action": a card played from hand queued the decision (no display change).
        end_turn(st, st["turn"], "action" if after == "turn:action" else "card", events)


def refill(st: State, deck: str, events: list[Event]) -> None:
    missing = display_size(st) - len(st["upper"]) - len(st["lower"])
    if missing <= 0:
        return
    was_over = st["end"]
    new = draw(st, deck, missing)
    st["upper"].extend(new)
    if st["end"] and not was_over:
        events.append(
            event(gettext_noop("The last card of a pile is on the board: this is the last round."), deck=deck)
        )


def finish_phase(st: State, events: list[Event]) -> None:
    phase = st["phase"]
    for module in active_rules(st["opts"]):
        if module.phase_end:
            module.phase_end(st, phase, events)
    if phase != "exchange":
        order = phases(st)
        refill(st, (NEXT_DECK_MARKET if st["opts"].get("market") else NEXT_DECK)[phase], events)
        start_phase(st, order[order.index(phase) + 1], events)
        return
    if st["end"]:
        final_scoring(st, events)
        return
    st["discard"].extend(st["lower"])
    st["lower"] = st["upper"]
    st["upper"] = []
    step = 1 if st["opts"].get("market") else RULES["token_step"][str(st["n"])]
    n = st["n"]
    st["tokens"] = {ph: (seat + step) % n for ph, seat in st["tokens"].items()}
    if st["sack"] is not None:
        st["sack"] = (st["sack"] + step) % n
    st["round"] += 1
    for p in st["p"]:
        p["flipped"] = []
    refill(st, "worker", events)
    events.append(event(gettext_noop("Round {round} begins with the worker phase."), round=st["round"]))
    start_phase(st, "worker", events)
