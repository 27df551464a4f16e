"""Die Rote Kathedrale behind the platform's engine contract."""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import Engine, Event, InvalidOptions, Move, Option, Result, State
from games.rules.base import gettext_noop as _

from . import bot, flow, guilds, labels, scoring, state, undo
from .data import COLOURS, MATERIALS, figures
from .guilds import GUILD_NAMES
from .market import GROUP_NAMES
from .view import build_view

guilds.load()

CARD_CHOICES = (("random", _("random card")), ("1", _("card 1")), ("2", _("card 2")), ("3", _("card 3")))
GROUPS = ("craftsmen", "teamsters", "merchants", "clergy")
# The groups as the table's description names them ("(Händler 1, Klerus)").
GROUP_OPTION_NAMES = {
    "craftsmen": _("Craftsmen"),
    "teamsters": _("Teamsters"),
    "merchants": _("Merchants"),
    **GUILD_NAMES,
}
GUILD_CHOICES = (
    ("clergy", _("Clergy (base game)")),
    ("random", _("a random guild of the expansion")),
    # The guilds whose cards are in the data files.
    *((g, GUILD_NAMES[g]) for g in guilds.EXPANSION_GUILDS if g in state.GUILDS),
)

# Reasons for refused table settings (message ids, translated where they are shown).
PLAYER_COUNT = _("Die Rote Kathedrale is played by 1 to 4 players (1: alone against Iwan).")
UNKNOWN_OPTION = _(
    "Die Rote Kathedrale has no such option: choose the workshop side, the fourth group, the four "
    "influence cards, whether the Contractors module is played and whether the special workshop tiles are."
)
GUILD_NEEDS_MODULE = _("The {group} plays only with the Contractors module: choose the module or another group.")
CARD_NEEDS_MODULE = _(
    "Card {number} of the {group} plays only with the Contractors module: choose the module, another card "
    "or a random one."
)
BAD_VALUE = {
    "side": _("Choose the basic or the extended side of the workshops."),
    "craftsmen": _("Choose influence card 1, 2 or 3 of the craftsmen's guild, or a random one."),
    "teamsters": _("Choose influence card 1, 2 or 3 of the teamsters' guild, or a random one."),
    "merchants": _("Choose influence card 1, 2 or 3 of the merchants' guild, or a random one."),
    "clergy": _("Choose influence card 1, 2 or 3 of the fourth group, or a random one."),
    "guild": _("Choose the clergy, one of the expansion's guilds or a random guild as the fourth group."),
    "contractors": _("The Contractors module is either played (true) or not (false)."),
    "special_tiles": _("The special workshop tiles are either played (true) or not (false)."),
}
RANDOM_GUILD_CARD = _("A random guild plays a random card: choose a guild to choose its card.")
# The Contractors module ("Die Unternehmer"): it combines with every side, card and player count.
MODULE_OPTION = "contractors"
# The 4 special workshop tiles (promo), drafted before the first turn.
SPECIAL_OPTION = "special_tiles"


class RedCathedral(Engine, to_act=flow.to_act, view=build_view, label=labels.label, bot=bot.choose):
    slug = "red-cathedral"
    name = "Die Rote Kathedrale"
    # A replay of a finished game shows the drawn contracts of the seat choosing among them.
    private_view_keys = ("turn",)
    min_players = 1
    max_players = 4
    players_help = _(
        "1 player: a solo game against Iwan, whom the game plays by his five solo cards; it starts as "
        "soon as you sit down and is not rated. 2 to 4 players: the usual game."
    )
    solo_opponent = _("Iwan")
    options = (
        Option(
            "side",
            _("Workshop side"),
            kind="choice",
            default="basic",
            choices=(("basic", _("Basic side")), ("extended", _("Extended side"))),
            help=_(
                "Basic side (recommended for the first games): a workshop tile placed face up costs the "
                "rubles printed on its space. Extended side: every tile placed face up costs 3 rubles and "
                "frees the ornament lying on that space; two of the six banners start on the white spaces."
            ),
        ),
        Option(
            "craftsmen",
            _("Craftsmen's guild: influence card"),
            kind="choice",
            default="random",
            choices=CARD_CHOICES,
            help=_(
                "Each of the three guilds plays one of its three influence cards: the one you choose, or "
                "one drawn at random. A chosen card is named in the table's description, e.g. "
                "“(Merchants 1, Clergy)”."
            ),
        ),
        Option(
            "teamsters", _("Teamsters' guild: influence card"), kind="choice", default="random", choices=CARD_CHOICES
        ),
        Option(
            "merchants", _("Merchants' guild: influence card"), kind="choice", default="random", choices=CARD_CHOICES
        ),
        Option(
            "guild",
            _("Fourth group"),
            kind="choice",
            default="clergy",
            choices=GUILD_CHOICES,
            help=_(
                "The clergy of the base game, or one of the expansion's guilds in its place. The "
                "Entrepreneurs' and the Lawyers' guild play only with the Contractors module."
            ),
        ),
        Option(
            "clergy",
            _("Fourth group: influence card"),
            kind="choice",
            default="random",
            choices=CARD_CHOICES,
            help=_(
                "The fourth group is always named in the table's description, with its card's number "
                "when you choose one."
            ),
        ),
        Option(
            MODULE_OPTION,
            _("The Contractors module (Die Unternehmer)"),
            kind="bool",
            default=False,
            help=_(
                "A fourth basic action: send contractors to the cities around Moscow for permits and hire "
                "specialists there; cities score when the tower below them is finished, and sets of "
                "different tools score at the end. Plays with every player count, the solo game included."
            ),
        ),
        Option(
            SPECIAL_OPTION,
            _("The special workshop tiles (promo)"),
            kind="bool",
            default=False,
            help=_(
                "Before the first turn every player takes one of the 4 special workshop tiles, the last player "
                "first. When claiming a section you may place it instead of the section's tile, face up for as "
                "many rubles as you have free workshop spaces. The diamonds join the supply. In the solo game "
                "Iwan gets none."
            ),
        ),
    )

    def normalize_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """The base checks, with reasons that name what to choose instead.

        Every side and every card combine with every player count, the solo game included, so no
        combination is refused beyond these.
        """
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions(PLAYER_COUNT)
        given = dict(options or {})
        known = {o.name: {value for value, _label in o.choices} for o in self.options}
        if set(given) - set(known):
            raise InvalidOptions(UNKNOWN_OPTION)
        for name, value in given.items():
            if name in (MODULE_OPTION, SPECIAL_OPTION):
                if not isinstance(value, bool):
                    raise InvalidOptions(BAD_VALUE[name])
            elif isinstance(value, bool) or str(value) not in known[name]:
                raise InvalidOptions(BAD_VALUE[name])
        guild, card = given.get("guild", "clergy"), str(given.get("clergy", "random"))
        if guild == "random" and card != "random":
            raise InvalidOptions(RANDOM_GUILD_CARD)
        data = state.GUILDS.get(guild)
        if data and not given.get(MODULE_OPTION):
            if data["needs_contractors"]:
                raise InvalidOptions(GUILD_NEEDS_MODULE, group=GUILD_NAMES[guild])
            if card != "random" and data["cards"][int(card) - 1]["contractors"]:
                raise InvalidOptions(CARD_NEEDS_MODULE, number=card, group=GUILD_NAMES[guild])
        return super().normalize_options(players, given)

    def describe_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The invitation text of the rules: a chosen guild card by its number, the fourth group always named."""
        parts = []
        for group in GROUPS[:3]:
            choice = options.get(group, "random")
            if choice != "random":
                parts.append(
                    {"msg": _("{group} {number}"), "args": {"group": GROUP_OPTION_NAMES[group], "number": choice}}
                )
        choice = options.get("clergy", "random")
        fourth = options.get("guild", "clergy")
        if fourth == "random":
            parts.append({"msg": _("a random guild"), "args": {}})
        elif choice == "random":
            parts.append({"msg": "{group}", "args": {"group": GROUP_OPTION_NAMES[fourth]}})
        else:
            parts.append(
                {"msg": _("{group} {number}"), "args": {"group": GROUP_OPTION_NAMES[fourth], "number": choice}}
            )
        if options.get(MODULE_OPTION):
            parts.append({"msg": _("Contractors module"), "args": {}})
        if options.get(SPECIAL_OPTION):
            parts.append({"msg": _("special workshop tiles"), "args": {}})
        return {"parts": parts}

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        return state.setup(players, self.normalize_options(players, options), seed)

    def legal_moves(self, st: State, seat: int) -> list[Move]:
        if not isinstance(seat, int) or isinstance(seat, bool):
            return []
        return flow.legal_moves(st, seat)

    def apply(self, st: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        return st, flow.apply(st, seat, move)

    def catalogue(self) -> dict[str, Any]:
        """The ``materials`` and die ``colours`` in the board's order, the component ``figures`` and the
        names of the influence ``groups``."""
        return {"materials": MATERIALS, "colours": COLOURS, "figures": figures(), "groups": GROUP_NAMES}

    def card_action_words(self, action: dict[str, Any]) -> dict[str, Any] | None:
        """An expansion guild's card action in words (a message with arguments); None for the base game's."""
        act = guilds.ACTS.get(action.get("act", ""))
        return act.text(action) if act else None

    def describe_move(self, move: Move) -> str:
        return str(move.get("type"))

    def is_over(self, st: State) -> bool:
        return bool(st["over"])

    def result(self, st: State) -> Result:
        n = st["n"]
        keys = scoring.keys(st)
        details: dict[str, Any] = {
            "keys": keys,
            "expected": [scoring.expected(st, p) for p in range(st["np"])],
            "stopped_by_limit": st["ended_by_limit"],
        }
        if st["solo"]:
            details["columns"] = [_("Iwan")]
            details["iwan_score"] = keys[1][0]
        return Result(
            scores=[keys[s][0] for s in range(n)], ranks=scoring.ranks(st), stats=scoring.stats(st), details=details
        )

    def timeout_move(self, st: State, seat: int) -> Move:
        return bot.choose(st, seat, self.legal_moves(st, seat), random.Random(st["turns"]))

    def undo_refusal(self, before: State, seat: int, move: Move, after: State, *, agreed: bool = False) -> str | None:
        return undo.refusal(self, before, seat, move, after, agreed)

    def turn_goes_on(self, st: State, seat: int) -> bool:
        # After the basic action the turn goes on until "end"; Iwan's open choices end with the choice.
        return not st["over"] and not st["pend"] and st["turn"]["seat"] == seat and st["turn"]["stage"] != "main"
