"""Die Rote Kathedrale behind the platform's engine contract."""
from __future__ import annotations

import random
from typing import Any

from games.rules.base import Engine, Event, InvalidOptions, Move, Option, Result, State
from games.rules.base import gettext_noop as _

from . import bot, flow, labels, scoring, state
from .view import build_view

CARD_CHOICES = (("random", _("random")), ("1", "1"), ("2", "2"), ("3", "3"))
GROUP_OPTION_NAMES = {"craftsmen": _("Craftsmen"), "teamsters": _("Teamsters"), "merchants": _("Merchants"),
                      "clergy": _("Clergy")}


class RedCathedral(Engine):
    slug = "red-cathedral"
    name = "Die Rote Kathedrale"
    min_players = 1
    max_players = 4
    options = (
        Option("side", _("Workshop side"), kind="choice", default="basic",
               choices=(("basic", _("Basic side")), ("extended", _("Extended side"))),
               help=_("Extended: placing a workshop tile face up always costs 3 rubles and unlocks the ornament "
                      "on that space; two banners start on the white spaces.")),
        Option("craftsmen", _("Craftsmen's guild card"), kind="choice", default="random", choices=CARD_CHOICES),
        Option("teamsters", _("Teamsters' guild card"), kind="choice", default="random", choices=CARD_CHOICES),
        Option("merchants", _("Merchants' guild card"), kind="choice", default="random", choices=CARD_CHOICES),
        Option("clergy", _("Clergy card (fourth group)"), kind="choice", default="random", choices=CARD_CHOICES,
               help=_("One player plays alone against Iwan, who follows his five cards.")),
    )

    def validate_options(self, players: int, options: dict[str, Any]) -> None:
        if options["side"] not in ("basic", "extended"):
            raise InvalidOptions(_("Choose the basic or the extended workshop side."))

    def describe_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The invitation text of the rules: chosen cards by number, the fourth group always named."""
        parts = []
        for group in ("craftsmen", "teamsters", "merchants"):
            choice = options.get(group, "random")
            if choice != "random":
                parts.append({"msg": _("{group} {number}"), "args": {"group": GROUP_OPTION_NAMES[group], "number": choice}})
        choice = options.get("clergy", "random")
        parts.append({"msg": _("{group} {number}") if choice != "random" else "{group}",
                      "args": {"group": GROUP_OPTION_NAMES["clergy"], "number": choice}})
        return {"parts": parts}

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        opts = self.normalize_options(players, options)
        return state.setup(players, opts, seed)

    def to_act(self, st: State) -> list[int]:
        return flow.to_act(st)

    def legal_moves(self, st: State, seat: int) -> list[Move]:
        if not isinstance(seat, int) or isinstance(seat, bool):
            return []
        return flow.legal_moves(st, seat)

    def apply(self, st: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        return st, flow.apply(st, seat, move)

    def view(self, st: State, seat: int | None) -> dict[str, Any]:
        return build_view(st, seat)

    def move_label(self, st: State, seat: int, move: Move) -> dict[str, Any]:
        return labels.label(st, seat, move)

    def describe_move(self, move: Move) -> str:
        return str(move.get("type"))

    def is_over(self, st: State) -> bool:
        return st["over"]

    def result(self, st: State) -> Result:
        n = st["n"]
        keys = scoring.keys(st)
        details: dict[str, Any] = {"keys": keys, "expected": [scoring.expected(st, p) for p in range(st["np"])],
                                   "stopped_by_limit": st["ended_by_limit"]}
        if st["solo"]:
            details["columns"] = [_("Iwan")]
            details["iwan_score"] = keys[1][0]
        return Result(scores=[keys[s][0] for s in range(n)], ranks=scoring.ranks(st), stats=scoring.stats(st),
                      details=details)

    def timeout_move(self, st: State, seat: int) -> Move:
        return bot.choose(st, seat, self.legal_moves(st, seat), random.Random(st["turns"]))

    def bot_move(self, st: State, seat: int, rng: random.Random) -> Move:
        return bot.choose(st, seat, self.legal_moves(st, seat), rng)
