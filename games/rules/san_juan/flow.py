"""Round structure: role picks, phase order, round start and the game end."""

from __future__ import annotations

from games.rules.base import Event, IllegalMove, Move, State, event, gettext_noop

from . import actions, builder, round_start
from .asks import give_bonus_cards
from .cards import ROLE_INFO, ROLES
from .common import hand_limit, owns

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
    st["role"], st["chooser"], st["lib"], st["step"] = "", -1, False, ""
    st["pend"][pickers(st)[st["pick"]]] = {"k": "role"}


def library_choice(st: State, seat: int) -> bool:
    """True when the seat may decide whether to use its Library for this pick.

    The Library "darf das Privileg seiner Rolle verdoppeln": it may, so every owner chooses.
    In a 2-player game it works once per round ("nur einmal pro Runde").
    """
    return owns(st, seat, "library") and not st["libused"][seat]


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
    if "library" in move and not isinstance(move["library"], bool):
        raise IllegalMove("Say yes or no to the Library.")
    use = bool(move.get("library"))
    if use and not library_choice(st, seat):
        raise IllegalMove("You cannot use a Library for this role.")
    st["taken"][ROLES.index(role)] = seat
    st["pend"][seat] = None
    st["role"], st["chooser"], st["lib"] = role, seat, use
    st["step"] = ""
    if use and st["n"] == 2:
        st["libused"][seat] = True
    msg = (
        gettext_noop("{seat} chooses the {role} and uses the Library.")
        if use
        else gettext_noop("{seat} chooses the {role}.")
    )
    events.append(event(msg, seat, seat=seat, role=ROLE_INFO[role]["en"]))
    ENTER[role](st, events)


def role_done(st: State, events: list[Event]) -> None:
    st["pick"] += 1
    if st["pick"] < len(pickers(st)):
        begin_pick(st, events)
        return
    if stuck(st):
        # Not in the rules: a safety end for a game that could never go on (see stuck()).
        end_game(st, events, gettext_noop("No card can be drawn and no building can be built any more: the game ends."))
        return
    st["gov"] = (st["gov"] + 1) % st["n"]
    st["round"] += 1
    st["pick"] = 0
    st["taken"] = [-1] * len(ROLES)
    st["libused"] = [False] * st["n"]
    st["role"], st["chooser"], st["lib"] = "", -1, False
    events.append(event(gettext_noop("Round {round}: {seat} is governor."), None, round=st["round"], seat=st["gov"]))
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
        phase, step = st["phase"], st.get("step", "")
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
            if step == "tavern":
                if builder.finish(st, events):
                    end_game(st, events, gettext_noop("A city has 12 buildings: the game ends."))
                    return
                role_done(st, events)
            elif builder.after_build_answers(st, events) or builder.next_builder(st, events):
                continue
            else:
                st["step"] = "tavern"
                builder.ask_taverns(st)
        elif phase in ("producer", "trader"):
            if step == "bonus":
                give_bonus_cards(st, events, st["chooser"])
                role_done(st, events)
            else:
                finish = actions.finish_producer if phase == "producer" else actions.finish_trader
                st["step"] = "bonus"
                finish(st, events)
        elif phase == "councillor":
            if step == "ask":
                actions.run_council(st, events)
            else:
                role_done(st, events)
        elif phase == "prospector":
            if step == "ask":
                actions.start_prospecting(st, events)
            elif actions.run_prospecting(st, events):
                continue
            else:
                role_done(st, events)
        else:
            raise RuntimeError(f"stuck in phase {phase!r}")


def stuck(st: State) -> bool:
    """True when play can never go on: nothing to draw now and no way for a card to come back.

    Cards return to the draw pile only through the discard pile: as payment for a building, as
    sold goods, as cards not kept, or down to the hand limit at the next round start. While any of
    these can still happen the game goes on; the 12th building ends it as the rules say.
    """
    if st["deck"] or st["disc"]:
        return False
    for seat in range(st["n"]):
        p = st["p"][seat]
        if any(g >= 0 for g in p["goods"]) or len(p["hand"]) > hand_limit(st, seat):
            return False
        if builder.could_build(st, seat):
            return False
    return True
