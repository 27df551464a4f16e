"""The engine contract shared by every game, plus small helpers.

An engine is a stateless object; all game data lives in a JSON-able ``state``
dict. The platform stores that dict, so it must round-trip through
``json.dumps``/``json.loads`` unchanged, and replaying the move log from
``setup(players, options, seed)`` must reproduce it byte for byte.

Conventions every engine follows:

* ``apply`` validates completely before it mutates, so an ``IllegalMove``
  leaves the state untouched. It may mutate and return the given state
  (callers that need the old one keep a copy): no deep copy per step.
* Randomness only through :func:`rng` (seed + counter kept in the state).
* ``view`` never contains another seat's hidden cards, the deck order or
  ``state["rng"]``.
* Events are log lines: ``{"msg": <English template>, "args": {...}}`` with
  optional ``"seat"`` (the actor) and ``"only": seat`` for a line that only
  that seat may read. Templates are marked with :func:`gettext_noop` so they
  can be translated; ``{p0}``-style names are not used, seats go in args as
  ints under keys ending in ``seat`` and the platform shows player names.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
# A table's options by name, as normalize_options returns them.
Options = dict[str, Any]

# The functions of an engine's package that the contract's methods hand over to (see Engine).
TurnFunction = Callable[[State], list[int]]
ViewFunction = Callable[[State, "int | None"], dict[str, Any]]
LabelFunction = Callable[[State, int, Move], dict[str, Any]]
BotFunction = Callable[[State, int, list[Move], random.Random], Move]


def gettext_noop(message: str) -> str:
    """Mark a string for translation; the platform translates at display time."""
    return message


def event(msg: str, actor: int | None = None, only: int | None = None, **args: Any) -> Event:
    """A log line: ``msg`` with its ``args``, the acting seat if any, and ``only`` the seat that alone
    may read it (a private line)."""
    out: Event = {"msg": msg, "args": args}
    if actor is not None:
        out["seat"] = actor
    if only is not None:
        out["only"] = only
    return out


class Reason(Exception):
    """A message id with its arguments, e.g. ``IllegalMove(_("You have {money} rubles."), money=3)``:
    the platform translates the id and then fills in the arguments; ``str()`` is the English text."""

    def __init__(self, message: str = "", **args: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = args

    def __str__(self) -> str:
        return self.message.format(**self.params) if self.params else self.message


class IllegalMove(Reason):
    """A move the rules do not allow; its reason is shown to the player."""


class InvalidOptions(Reason, ValueError):
    """Options (or a player count) the game cannot be set up with."""


@dataclass(frozen=True)
class Option:
    """One table option, declared by the engine and rendered as a form field.

    ``kind`` is "choice" (``choices`` is a list of (value, label)) or "bool".
    """

    name: str
    label: str
    kind: str = "bool"
    default: Any = False
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "default": self.default,
            "choices": [list(c) for c in self.choices],
            "help": self.help,
        }


@dataclass
class Result:
    """Final outcome. ``ranks[seat]`` is 1 for the winner; equal ranks tie.

    ``stats`` is the end-of-game statistics table (the ∑ table): a list of
    rows ``{"label": str, "values": [one per seat], "group": str}``.
    """

    scores: list[int]
    ranks: list[int]
    stats: list[dict[str, Any]] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"scores": self.scores, "ranks": self.ranks, "stats": self.stats, "details": self.details}


class Engine:
    """Base class of the engine contract; subclasses override every method.

    An engine whose turn order, view, move labels or bot are plain functions of its package names
    them in its class statement instead of writing a method that only calls them::

        class SanJuan(Engine, view=build_view, label=labels.label, bot=bot.choose): ...
    """

    _to_act: TurnFunction | None = None
    _view: ViewFunction | None = None
    _label: LabelFunction | None = None
    _bot: BotFunction | None = None

    def __init_subclass__(
        cls,
        *,
        to_act: TurnFunction | None = None,
        view: ViewFunction | None = None,
        label: LabelFunction | None = None,
        bot: BotFunction | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        for name, function in (("_to_act", to_act), ("_view", view), ("_label", label), ("_bot", bot)):
            if function is not None:
                setattr(cls, name, staticmethod(function))

    slug: str = ""
    name: str = ""
    min_players: int = 1
    max_players: int = 1
    options: tuple[Option, ...] = ()
    # Help text (message id) for the number of players on the table form.
    players_help: str = ""
    # Name (message id) of the opponent the engine plays in a one-seat game; "" without a solo game.
    solo_opponent: str = ""
    # Name of the board template under templates/games/<slug>/.
    board_template: str = "board.html"

    # --- options -----------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def normalize_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults, coerce types and validate; raise InvalidOptions."""
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                gettext_noop("{game} is played by {low} to {high} players."),
                game=self.name,
                low=self.min_players,
                high=self.max_players,
            )
        given = dict(options or {})
        out: dict[str, Any] = {}
        for opt in self.options:
            value = given.pop(opt.name, opt.default)
            if opt.kind == "bool":
                if isinstance(value, str):
                    value = value.lower() in ("1", "true", "on", "yes")
                value = bool(value)
            elif opt.kind == "choice":
                value = str(value)
                if value not in {c[0] for c in opt.choices}:
                    raise InvalidOptions(
                        gettext_noop("Unknown value {value} for the option {option}."), value=value, option=opt.label
                    )
            out[opt.name] = value
        if given:
            raise InvalidOptions(gettext_noop("Unknown options: {names}."), names=sorted(given))
        self.validate_options(players, out)
        return out

    def validate_options(self, players: int, options: dict[str, Any]) -> None:
        """Raise InvalidOptions with the rules' reason for a bad combination."""

    # --- the game ------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        raise NotImplementedError

    def to_act(self, state: State) -> list[int]:
        if self._to_act is None:
            raise NotImplementedError
        return self._to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        raise NotImplementedError

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if self._view is None:
            raise NotImplementedError
        return self._view(state, seat)

    # Top-level keys of a view that hold the deciding seat's own part of a decision (cards it drew, a
    # choice only it sees); ``full_view`` takes them from the view of the first seat to act.
    private_view_keys: tuple[str, ...] = ()

    def full_view(self, state: State) -> dict[str, Any]:
        """Everything at once, for the replay of a game that is over (then nothing is secret): the
        spectator's view with each seat's entry of ``players`` as that seat sees it (its hand and
        other own secrets) and the ``private_view_keys`` as the first seat to act sees them.
        Never shown while the game runs: it contains every seat's hidden information."""
        out = self.view(state, None)
        own: dict[int, dict[str, Any]] = {}
        for index, entry in enumerate(out.get("players") or ()):
            seat = entry.get("seat") if isinstance(entry, dict) else None
            if isinstance(seat, int) and not isinstance(seat, bool):
                own[seat] = self.view(state, seat)
                out["players"][index] = own[seat]["players"][index]
        acting = self.to_act(state) if self.private_view_keys and not self.is_over(state) else []
        if acting:
            seen = own.get(acting[0]) or self.view(state, acting[0])
            for key in self.private_view_keys:
                if key in seen:
                    out[key] = seen[key]
        return out

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def result(self, state: State) -> Result:
        raise NotImplementedError

    def timeout_move(self, state: State, seat: int) -> Move:
        raise NotImplementedError

    def turn_goes_on(self, state: State, seat: int) -> bool:
        """Whether ``seat`` is in the middle of a turn of several decisions, so that a timeout plays
        its next decision too (one missed turn is one timeout). Games of one decision per turn: never."""
        return False

    def undo_refusal(self, before: State, seat: int, move: Move, after: State, *, agreed: bool = False) -> str | None:
        """Why ``seat`` may not take back ``move``, which turned ``before`` into ``after``; None when it may.

        A player may take back their own move while nothing new became known and nobody else was
        called on since: no card drawn or revealed, no die rolled, no random draw, no other seat's
        decision resolved, and the turn still theirs. Each engine says which of its moves keep to
        that, with its rules' reason (a message id) for those that do not. The platform asks this
        right after the move, so it must be a pure function of its arguments. Default: no taking back.

        ``agreed``: the other players agree to give the turn back (a takeback request they accepted,
        nobody having moved since), so a move that passed the turn may go too; everything else holds.
        """
        return NO_TAKING_BACK

    def undoable(self, before: State, seat: int, move: Move, after: State, *, agreed: bool = False) -> bool:
        """Whether ``seat`` may take back ``move`` (see :meth:`undo_refusal`)."""
        return self.undo_refusal(before, seat, move, after, agreed=agreed) is None

    def bot_move(self, state: State, seat: int, rng: random.Random) -> Move:
        """The bot's choice among the seat's legal moves."""
        if self._bot is None:
            raise NotImplementedError
        return self._bot(state, seat, self.legal_moves(state, seat), rng)

    def move_label(self, state: State, seat: int, move: Move) -> dict[str, Any]:
        """A move's label as a message id with arguments (``{"msg", "args"}``), translated where shown.

        Engines that still build finished labels in :meth:`describe_move` get them wrapped here.
        """
        if self._label is not None:
            return self._label(state, seat, move)
        return {"msg": self.describe_move(move), "args": {}}

    def catalogue(self) -> dict[str, Any]:
        """The game's fixed names and figures that its board and pages show (phases, goods, card
        kinds, ...), so that templates take them from the engine instead of repeating them."""
        return {}

    def describe_options(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """A table's options as a short text for lists: ``{"parts": [{"msg", "args"}, ...]}``, or None."""
        return None

    def describe_move(self, move: Move) -> str:
        """A short label for a move (used by generic boards and the API)."""
        args = ", ".join(f"{k}={v}" for k, v in move.items() if k != "type")
        return f"{move.get('type')}({args})" if args else str(move.get("type"))


# Reasons a move cannot be taken back, shared by the engines (message ids).
NO_TAKING_BACK = gettext_noop("In this game a move cannot be taken back.")
TURN_PASSED = gettext_noop("That move ended your turn: once another player is to act, it counts.")
RANDOM_DRAW = gettext_noop("That move drew by chance (a die or a shuffled pile): what it showed cannot be unseen.")


def kept_to_oneself(engine: Engine, before: State, seat: int, after: State, agreed: bool = False) -> str | None:
    """The rules every engine's taking back shares: the turn is still ``seat``'s alone, before the move
    and after it (no other seat was called on, no decision of another seat resolved), and the
    seeded generator was not used (no die rolled, nothing shuffled or drawn at random). ``agreed``:
    the others agree to give the turn back, so after the move it may be theirs."""
    if engine.is_over(after) or engine.to_act(before) != [seat]:
        return TURN_PASSED
    if engine.to_act(after) != [seat] and not agreed:
        return TURN_PASSED
    if before.get("rng") != after.get("rng"):
        return RANDOM_DRAW
    return None


def new_rng_state(seed: int) -> dict[str, int]:
    return {"seed": int(seed), "n": 0}


def rng(state: State) -> random.Random:
    """A fresh generator for the next random event of this game.

    The state keeps only ``{"seed", "n"}`` under ``state["rng"]``, so it stays
    small; every call advances ``n`` and yields an independent stream.
    """
    r = state["rng"]
    r["n"] += 1
    return random.Random(f"{r['seed']}:{r['n']}")


def shuffled(state: State, items: Iterable[Any]) -> list[Any]:
    out = list(items)
    rng(state).shuffle(out)
    return out


def rank_by(keys: list[tuple[Any, ...]]) -> list[int]:
    """Competition ranks (1, 1, 3, ...) for per-seat sort keys, higher is better."""
    ranks = []
    for k in keys:
        ranks.append(1 + sum(1 for other in keys if other > k))
    return ranks


class Registry:
    def __init__(self) -> None:
        self._engines: dict[str, Engine] = {}

    def register(self, engine: Engine) -> Engine:
        self._engines[engine.slug] = engine
        return engine

    def unregister(self, slug: str) -> None:
        self._engines.pop(slug, None)

    def get(self, slug: str) -> Engine:
        try:
            return self._engines[slug]
        except KeyError:
            raise KeyError(f"Unknown game {slug!r}.") from None

    def __contains__(self, slug: object) -> bool:
        return slug in self._engines

    def all(self) -> list[Engine]:
        return sorted(self._engines.values(), key=lambda e: e.name)


registry = Registry()
