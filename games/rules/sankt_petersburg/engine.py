"""The Sankt Petersburg engine behind the platform's contract."""

from __future__ import annotations

from typing import Any

from games.rules.base import (
    Engine,
    Event,
    IllegalMove,
    InvalidOptions,
    Move,
    Option,
    Result,
    State,
    gettext_noop,
    rank_by,
)

from . import actions, bot, flow, undo
from .abilities_events import EVENTS
from .abilities_market.market import GOODS
from .cards import KIND, MARKET_PHASES, kind_name, table
from .hooks import DECISIONS, MOVES, active_rules
from .moves import describe, label
from .scoring import stats
from .state import new_state, to_act
from .view import STATIC, build_view

FIVE_PLAYERS = gettext_noop(
    "Five players need the expansion 'In bester Gesellschaft' (it brings the fifth "
    "start-player stone, the sack, and the cards for a fifth player) or the Market of the "
    "2nd edition."
)
# With the Market (2nd edition) five players follow the Market's rules and need no expansion.
MARKET_EDITION = gettext_noop(
    "The Market belongs to the 2nd edition (Das neue Sankt Petersburg): choose the 2nd edition."
)
# Modules 3-6: "nur mit dem neuen Sankt Petersburg - Der Markt spielbar".
HELPERS_MARKET = gettext_noop("Module 3 (the helpers) is played only with the Market.")
ASSIGNMENTS_MARKET = gettext_noop("Module 5 (the assignments) is played only with the Market.")
EVENTS_MARKET = gettext_noop("Module 4 (the events) is played only with the Market.")
OBSTACLES_MARKET = gettext_noop("Module 6 (the obstacles) is played only with the Market.")
ASSIGNMENT_RULE_MODULE = gettext_noop("The printed assignment rule belongs to Module 5: choose the assignments too.")
SP_PLUS_EDITION = gettext_noop("The SP+ variant is played with the 1st edition.")
MODULE2_EDITION = gettext_noop(
    "Module 2 on its own belongs to the 2nd edition; in the 1st edition its cards come with "
    "the expansion 'In bester Gesellschaft'."
)
MODULE2_EXPANSION = gettext_noop("The expansion 'In bester Gesellschaft' of the 2nd edition already includes Module 2.")
SP_PLUS_EXPANSION = gettext_noop(
    "SP+ uses only the expansion cards that replace base cards; choose either SP+ or the whole expansion."
)


class SanktPetersburg(Engine, to_act=to_act, view=build_view, label=label, bot=bot.choose):
    slug = "sankt-petersburg"
    name = "Sankt Petersburg"
    # A replay of a finished game shows the deciding seat's private part (the Observatory's card).
    private_view_keys = ("decision",)
    min_players = 2
    max_players = 5
    options = (
        Option(
            "edition",
            "Edition",
            kind="choice",
            default="1",
            choices=(("1", "1st edition"), ("2", "2nd edition")),
            help="2nd-edition card versions: Observatory 7, Judge 17, Mistress of Ceremonies 20, "
            "Mariinsky Theater 15 paying 1 point per red card.",
        ),
        Option(
            "expansion",
            "In bester Gesellschaft",
            kind="bool",
            default=False,
            help=gettext_noop("The expansion's 35 cards; needed for 5 players."),
        ),
        Option(
            "sp_plus",
            "SP+",
            kind="bool",
            default=False,
            help=gettext_noop("1st edition with only the expansion cards that replace base cards."),
        ),
        Option(
            "banquet",
            gettext_noop("Module 1: Das Bankett"),
            kind="bool",
            default=False,
            help="2nd edition: 15 cards: the Czar - Superstar, two Potemkin villages (1/4, 3/8) and 12 purple "
            "special cards, free, taken into hand and played from there as an action of their own. "
            "Without the Market the three with a yellow back stay out; with Module 2 the Debtor's "
            "Prison stays out.",
        ),
        Option(
            "module2",
            gettext_noop("Module 2: In bester Gesellschaft"),
            kind="bool",
            default=False,
            help="2nd edition: only Module 2's 12 cards (Coffee House, Trading House, Debtor's Prison, "
            "2 Sycophants, October Revolution, Textile Factory, Guild Hall, University, Merchant, "
            "Lt. Kije, Mayor), without the expansion's cards that replace base cards. The expansion "
            "option includes Module 2.",
        ),
        Option(
            "market",
            "Market",
            kind="bool",
            default=False,
            help="2nd edition: 35 market cards, a market round between the worker and the building "
            "round, the market place scored every Durchgang; display of 10; up to 5 players.",
        ),
        Option(
            "helpers",
            "Module 3: helpers",
            kind="bool",
            default=False,
            help="With the Market: every player has a helper that makes one kind of card cheaper; "
            "the helpers pass to the right after every round of play.",
        ),
        Option(
            "events",
            "Module 4: events",
            kind="bool",
            default=False,
            help="With the Market: six events, each used once; every player may trigger one "
            "before a turn from the 2nd round of play on.",
        ),
        Option(
            "assignments",
            "Module 5: assignments",
            kind="bool",
            default=False,
            help="With the Market: three secret assignments each; at the end each player scores the best of them.",
        ),
        Option(
            "assignment_rule",
            gettext_noop("Module 5: which assignment counts"),
            kind="choice",
            default="best",
            choices=(
                ("best", gettext_noop("Yucata: the best of three at the end")),
                ("printed", gettext_noop("Printed rule: discard one at 20 and one at 35 points")),
            ),
            help="Yucata: every player keeps all three assignments and scores the best one at the end. "
            "Printed rule: on reaching 20 points a player discards one of them, on reaching 35 "
            "another; the one left scores at the end (the best of those left, if 20 or 35 points "
            "were never reached during the game).",
        ),
        Option(
            "obstacles",
            "Module 6: obstacles",
            kind="bool",
            default=False,
            help="With the Market: three bonus obstacles and two real obstacles on the score track; "
            "a real obstacle stops a player who does not meet its requirement.",
        ),
    )

    # --- options and set-up ----------------------------------------------------------------
    def validate_options(self, players: int, options: dict[str, Any]) -> None:
        if options["sp_plus"] and options["expansion"]:
            raise InvalidOptions(SP_PLUS_EXPANSION)
        if options["sp_plus"] and options["edition"] != "1":
            raise InvalidOptions(SP_PLUS_EDITION)
        if options.get("module2") and options["edition"] != "2":
            raise InvalidOptions(MODULE2_EDITION)
        if options.get("module2") and options["expansion"]:
            raise InvalidOptions(MODULE2_EXPANSION)
        if options.get("market") and options["edition"] != "2":
            raise InvalidOptions(MARKET_EDITION)
        if options.get("helpers") and not options.get("market"):
            raise InvalidOptions(HELPERS_MARKET)
        if options.get("events") and not options.get("market"):
            raise InvalidOptions(EVENTS_MARKET)
        if options.get("obstacles") and not options.get("market"):
            raise InvalidOptions(OBSTACLES_MARKET)
        if options.get("assignments") and not options.get("market"):
            raise InvalidOptions(ASSIGNMENTS_MARKET)
        if options.get("assignment_rule", "best") != "best" and not options.get("assignments"):
            raise InvalidOptions(ASSIGNMENT_RULE_MODULE)
        if players == 5 and not options["expansion"] and not options.get("market"):
            raise InvalidOptions(FIVE_PLAYERS)
        for module in active_rules(options):
            if module.validate:
                module.validate(players, options)

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        opts = self.normalize_options(players, options)
        st = new_state(players, opts, seed)
        flow.start_game(st, [])
        return st

    # --- turns --------------------------------------------------------------------------------
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state["step"] == "over" or seat not in to_act(state):
            return []
        if state["queue"]:
            head = state["queue"][0]
            return DECISIONS[head["kind"]].legal(state, seat, head)
        return actions.action_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        state, events = self._apply(state, seat, move)
        for module in sorted(active_rules(state["opts"]), key=lambda m: m.order):
            if module.after_move:
                module.after_move(state, events)
        return state, events

    def _apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("A move needs a type.")
        if state["step"] == "over":
            raise IllegalMove("The game is over.")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["n"]:
            raise IllegalMove("Unknown seat.")
        if seat not in to_act(state):
            raise IllegalMove("It is not your turn.")
        events: list[Event] = []
        if state["queue"]:
            head = state["queue"][0]
            DECISIONS[head["kind"]].apply(state, seat, head, move, events)
            # By identity: answering may have queued further decisions, even in front.
            queue = state["queue"]
            idx = next((i for i, d in enumerate(queue) if d is head), None)
            if idx is not None:
                del queue[idx]
            if not queue:
                flow.resume(state, events)
            return state, events
        handler = MOVES.get(move["type"])
        if handler is None:
            raise IllegalMove("Unknown move.")
        if actions.first_round(state) and move["type"] != "buy":
            raise IllegalMove("In the first worker phase every player must buy a worker.")
        only = actions.allowed_types(state, seat)
        if only is not None and (move["type"] not in only or move.get("until") is not None):
            raise IllegalMove(
                "The Double Turn's actions are: buy a card, take one into hand, play one from hand, or pass."
            )
        outcome = handler(state, seat, move, events)
        if outcome in ("again", "again:quiet"):
            # A move before the regular turn (Module 4's events): the display may have changed, so
            # standing passes "until the display changes" wake and the streak of passes ends;
            # the same seat then takes its regular turn (after the decision it queued, if any).
            # "again:quiet" changed no display (the Warehouse event): nobody wakes.
            if outcome == "again":
                state["passes"] = 0
                for i, p in enumerate(state["p"]):
                    if i != seat and p["auto"] == "display":
                        p["auto"] = None
            if state["queue"]:
                state["step"] = "decide"
                state["after"] = "again"
            elif not (state["upper"] or state["lower"]):
                flow.end_actions(state, events)
            return state, events
        if state["queue"]:
            # The move queued a decision (a card action, or a card laid out that asks its owner
            # something, e.g. the good of a market '?' symbol): the turn ends once it is answered.
            state["step"] = "decide"
            state["after"] = "turn:action" if outcome == "action" else "turn"
        else:
            flow.end_turn(state, seat, "card" if outcome == "wait" else outcome, events)
        return state, events

    def undo_refusal(self, before: State, seat: int, move: Move, after: State, *, agreed: bool = False) -> str | None:
        return undo.refusal(self, before, seat, move, after, agreed)

    # --- display ------------------------------------------------------------------------------
    def catalogue(self) -> dict[str, Any]:
        """``phases`` in the order of play (with the Market), the market's ``goods``, Module 4's
        ``events``, card ``kinds`` by key and the cards' ``faces`` by edition and card id."""
        return {"phases": MARKET_PHASES, "goods": GOODS, "events": EVENTS, "kinds": KIND, "faces": STATIC}

    def describe_move(self, move: Move) -> str:
        return describe(move)

    # --- end ------------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return bool(state["step"] == "over")

    def result(self, state: State) -> Result:
        players = state["p"]
        scores = [p["points"] for p in players]
        ranks = rank_by([(p["points"], p["money"]) for p in players])
        tab_names = table(state)
        details = {
            "final": state["final"],
            "money": [p["money"] for p in players],
            # Every special card laid out during the game, also those replaced later.
            "special_cards": [[kind_name(state, k) for k in p["special"]] for p in players],
            "hand_cards": [[tab_names[c].name_en for c in p["hand"]] for p in players],
            "rounds": state["round"],
        }
        return Result(scores=scores, ranks=ranks, stats=stats(state), details=details)

    # --- automatic players ----------------------------------------------------------------------
    def timeout_move(self, state: State, seat: int) -> Move:
        if state["queue"]:
            head = state["queue"][0]
            return DECISIONS[head["kind"]].timeout(state, seat, head)
        if actions.first_round(state):
            return bot.cheapest_purchase(state, seat, self.legal_moves(state, seat))
        return {"type": "pass"}
