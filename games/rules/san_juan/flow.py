"""Round structure: role picks, phase order, round start and the game end."""
from __future__ import annotations

from games.rules.base import Event, IllegalMove, Move, State, gettext_noop

from . import actions, builder, round_start
from .cards import ROLE_INFO, ROLES
from .common import event, owns

ENTER = {
    "builder": builder.enter,
    "producer": actions.enter_producer,
    "trader": actions.enter_trader,
    "councillor": actions.enter_councillor,
    "prospector": actions.enter_prospector,
}


def pickers(st: State) -> list[int]:
    """Who picks a role this round, in order; with 2 players the governor picks twice."""
    n, gov = st["n"], st["gov"]
    if n == 2:
        return [gov, 1 - gov, gov]
    return [(gov + i) % n for i in range(n)]


def start(st: State, events: list[Event]) -> None:
    if st["sv"]:
        st["phase"] = "keep"
    else:
        begin_pick(st, events)
    advance(st, events)


def begin_pick(st: State, events: list[Event]) -> None:
    st["phase"] = "role"
    st["role"], st["chooser"], st["lib"] = "", -1, False
    st["pend"][pickers(st)[st["pick"]]] = {"k": "role"}


def library_choice(st: State, seat: int) -> bool:
    """True when the seat may decide whether to spend its Library on this pick.

    Only the governor of a 2-player game picks twice; the Library works for
    one of his two picks.
    """
    return st["n"] == 2 and seat == st["gov"] and not st["libused"][seat] and owns(st, seat, "library")


def role_moves(st: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    choice = library_choice(st, seat)
    for i, role in enumerate(ROLES):
        if st["taken"][i] < 0:
            moves.append({"type": "role", "role": role})
            if choice:
                moves.append({"type": "role", "role": role, "library": True})
    return moves


def pick_role(st: State, seat: int, move: Move, events: list[Event]) -> None:
    role = move.get("role")
    if role not in ROLES:
        raise IllegalMove("Unknown role.")
    if st["taken"][ROLES.index(role)] >= 0:
        raise IllegalMove("That role has already been taken this round.")
    has_library = owns(st, seat, "library")
    if move.get("library") and not library_choice(st, seat):
        raise IllegalMove("You cannot use a Library for this role.")
    if st["n"] == 2:
        if seat == st["gov"]:
            use = bool(move.get("library")) and has_library
        else:
            use = has_library and not st["libused"][seat]
    else:
        use = has_library
    st["taken"][ROLES.index(role)] = seat
    st["pend"][seat] = None
    st["role"], st["chooser"], st["lib"] = role, seat, use
    if use:
        st["libused"][seat] = True
    msg = gettext_noop("{seat} chooses the {role} and uses the Library.") if use else \
        gettext_noop("{seat} chooses the {role}.")
    events.append(event(msg, seat, seat=seat, role=ROLE_INFO[role]["en"]))
    ENTER[role](st, events)


def role_done(st: State, events: list[Event]) -> None:
    st["pick"] += 1
    if st["pick"] < len(pickers(st)):
        begin_pick(st, events)
        return
    if not st["deck"] and not st["disc"]:
        # Not in the rules: with every card built over, tucked or held, nothing can be
        # drawn any more, so the game stops at the end of the round instead of stalling.
        end_game(st, events, gettext_noop("No cards are left to draw: the game ends."))
        return
    st["gov"] = (st["gov"] + 1) % st["n"]
    st["round"] += 1
    st["pick"] = 0
    st["taken"] = [-1] * len(ROLES)
    st["libused"] = [False] * st["n"]
    st["role"], st["chooser"], st["lib"] = "", -1, False
    events.append(event(gettext_noop("Round {round}: {seat} is governor."), None,
                        round=st["round"], seat=st["gov"]))
    round_start.enter_office(st, events)


def end_game(st: State, events: list[Event], why: str) -> None:
    st["phase"] = "over"
    st["pend"] = [None] * st["n"]
    events.append(event(why, None))


def waiting(st: State) -> bool:
    return any(p is not None and not p.get("ok") for p in st["pend"])


def advance(st: State, events: list[Event]) -> None:
    """Run everything automatic until a seat has to decide or the game is over."""
    while st["phase"] != "over" and not waiting(st):
        phase = st["phase"]
        if phase == "keep":
            st["pend"] = [None] * st["n"]
            begin_pick(st, events)
        elif phase == "office":
            round_start.finish_office(st, events)
            round_start.enter_chapel(st, events)
        elif phase == "chapel":
            st["pend"] = [None] * st["n"]
            round_start.enter_limit(st, events)
        elif phase == "limit":
            begin_pick(st, events)
        elif phase == "builder":
            if builder.next_builder(st, events):
                continue
            if builder.finish(st, events):
                end_game(st, events, gettext_noop("A city has 12 buildings: the game ends."))
                return
            role_done(st, events)
        elif phase == "producer":
            actions.finish_producer(st, events)
            role_done(st, events)
        elif phase == "trader":
            actions.finish_trader(st, events)
            role_done(st, events)
        elif phase == "councillor":
            role_done(st, events)
        elif phase == "prospector":
            if actions.run_prospecting(st, events):
                continue
            role_done(st, events)
        else:
            raise RuntimeError(f"stuck in phase {phase!r}")
