"""The San Juan engine behind the platform's contract."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.base import (
    Engine,
    Event,
    IllegalMove,
    Move,
    Option,
    Result,
    State,
    event,
    gettext_noop,
    rank_by,
)

from . import actions, asks, bot, builder, flow, labels, round_start, undo
from .scoring import SOURCES, breakdown, tie_break
from .setup import new_state
from .view import build_view

LEGAL: dict[str, Callable[[State, int], list[Move]]] = {
    "role": flow.role_moves,
    "build": builder.build_moves,
    "pay": builder.pay_moves,
    "produce": actions.produce_moves,
    "sell": actions.sell_moves,
    "keep": actions.keep_moves,
    "discard": round_start.discard_moves,
    "office": round_start.office_moves,
    "chapel": round_start.chapel_moves,
    "ask": asks.ask_moves,
}

Handler = Callable[[State, int, Move, list[Event]], None]


def _decline_build(st: State, seat: int, move: Move, events: list[Event]) -> None:
    st["pend"][seat] = None
    events.append(event(gettext_noop("{seat} does not build."), seat, seat=seat))


def _pay(st: State, seat: int, move: Move, events: list[Event]) -> None:
    if "cards" in move or "goods" in move:
        builder.pay_many(st, seat, move, events)
    else:
        builder.pay(st, seat, move, events)


def _cancel(st: State, seat: int, move: Move, events: list[Event]) -> None:
    builder.cancel(st, seat)


def _done(st: State, seat: int, move: Move, events: list[Event]) -> None:
    round_start.done(st, seat)


# Which move types answer which pending decision, and what each does.
MOVES: dict[tuple[str, str], Handler] = {
    ("role", "role"): flow.pick_role,
    ("build", "build"): builder.start_build,
    ("build", "pass"): _decline_build,
    ("pay", "pay"): _pay,
    ("pay", "cancel"): _cancel,
    ("produce", "produce"): actions.produce,
    ("sell", "sell"): actions.sell,
    ("keep", "keep"): actions.keep,
    ("discard", "discard"): round_start.discard,
    ("office", "office"): round_start.office,
    ("chapel", "chapel"): round_start.tuck,
    ("chapel", "bank"): round_start.tuck,
    ("chapel", "done"): _done,
    ("ask", "use"): asks.answer,
}

EXPANSION_SOURCES = ("bank", "harbor", "residence", "cathedral")

STAT_LABELS = {
    "buildings": gettext_noop("Printed points of the buildings"),
    "chapel": gettext_noop("Cards under the Chapel"),
    "bank": gettext_noop("Cards under the Bank"),
    "harbor": gettext_noop("Cards under the Harbour"),
    "guild_hall": gettext_noop("Guild hall"),
    "city_hall": gettext_noop("City hall"),
    "triumphal_arch": gettext_noop("Triumphal arch"),
    "residence": gettext_noop("Residence"),
    "cathedral": gettext_noop("Cathedral"),
    "palace": gettext_noop("Palace"),
}


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_shape(move: Any) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("A move needs a type.")
    for field in ("card", "over", "good"):
        if field in move and not _is_int(move[field]):
            raise IllegalMove("Cards are named by their numbers.")
    for field in ("cards", "goods", "buildings"):
        if field in move and (not isinstance(move[field], list) or not all(_is_int(x) for x in move[field])):
            raise IllegalMove("Cards are named by their numbers.")


class SanJuan(Engine, view=build_view, label=labels.label, bot=bot.choose):
    slug = "san-juan"
    name = "San Juan"
    # A replay of a finished game shows the deciding seat's drawn cards (Councillor, Prospector, ...).
    private_view_keys = ("pending",)
    min_players = 2
    max_players = 4
    options = (
        Option(
            "edition",
            gettext_noop("Edition"),
            kind="choice",
            default="2",
            choices=(("1", gettext_noop("1st edition")), ("2", gettext_noop("2nd edition"))),
            help=gettext_noop(
                "1st edition: Guild hall 2 points per production building, free choice at "
                "the Gold mine, Prefecture costs 3."
            ),
        ),
        Option(
            "start_variant",
            gettext_noop("Start variant"),
            kind="bool",
            default=False,
            help=gettext_noop("Players receive 5/6/7/8 cards in turn order and keep 4."),
        ),
        Option(
            "expansion",
            gettext_noop("New buildings"),
            kind="bool",
            default=False,
            help=gettext_noop("Adds the 33 cards of the 'Neue Gebäude' expansion and the Cathedral."),
        ),
    )

    # --- set-up ---------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        opts = self.normalize_options(players, options)
        st = new_state(players, opts, seed)
        flow.start(st, [])
        return st

    # --- turn order -------------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "over":
            return []
        pend = state["pend"]
        return [s for s in range(state["n"]) if pend[s] is not None and not pend[s].get("ok")]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state["phase"] == "over" or not 0 <= seat < state["n"]:
            return []
        pend = state["pend"][seat]
        if pend is None or pend.get("ok"):
            return []
        return LEGAL[pend["k"]](state, seat)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        _check_shape(move)
        if state["phase"] == "over":
            raise IllegalMove("The game is over.")
        if not _is_int(seat) or not 0 <= seat < state["n"]:
            raise IllegalMove("Unknown seat.")
        pend = state["pend"][seat]
        if pend is None or pend.get("ok"):
            raise IllegalMove("It is not your turn to decide.")
        handler = MOVES.get((pend["k"], move["type"]))
        if handler is None:
            raise IllegalMove("That move does not answer the decision at hand.")
        events: list[Event] = []
        handler(state, seat, move, events)
        flow.advance(state, events)
        return state, events

    def undo_refusal(self, before: State, seat: int, move: Move, after: State, *, agreed: bool = False) -> str | None:
        return undo.refusal(self, before, seat, move, after, agreed)

    # --- display ----------------------------------------------------------------------
    def describe_move(self, move: Move) -> str:
        return labels.english(labels.label(None, None, move))

    # --- end ----------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "over")

    def result(self, state: State) -> Result:
        n = state["n"]
        parts = [breakdown(state, s) for s in range(n)]
        scores = [sum(b.values()) for b in parts]
        ties = [tie_break(state, s) for s in range(n)]
        ranks = rank_by([(scores[s], ties[s]) for s in range(n)])
        shown = [src for src in SOURCES if state["ex"] or src not in EXPANSION_SOURCES]
        points, total = gettext_noop("Points"), gettext_noop("Total")
        stats = [{"label": STAT_LABELS[src], "values": [b[src] for b in parts], "group": points} for src in shown]
        stats.append({"label": total, "values": scores, "group": total})
        stats.append(
            {"label": gettext_noop("Hand cards and goods"), "values": ties, "group": gettext_noop("Tie-break")}
        )
        stats.append(
            {
                "label": gettext_noop("Buildings in the city"),
                "values": [len(state["p"][s]["city"]) for s in range(n)],
                "group": gettext_noop("Game"),
            }
        )
        return Result(
            scores=scores,
            ranks=ranks,
            stats=stats,
            details={"breakdown": parts, "tie_break": ties, "rounds": state["round"]},
        )

    # --- automatic players ----------------------------------------------------------------
    def timeout_move(self, state: State, seat: int) -> Move:
        return bot.default_move(state, seat, self.legal_moves(state, seat))
