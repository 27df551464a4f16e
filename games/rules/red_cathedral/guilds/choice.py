"""A choice that must follow a guild action at once: which drawn card to keep, which materials to take.

The action leaves ``st["turn"]["choice"]`` (``{"kind": ..., ...}``); until the player answers with a
``choose`` move nothing else is legal. Each kind of choice registers how its moves are made, carried
out, labelled and valued, and what of it the players may see (drawn contracts only their drawer).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.rules.base import Event, Move, State

Label = dict[str, Any]


@dataclass(frozen=True)
class Choice:
    # (state, player, pending choice) -> every legal "choose" move
    moves: Callable[[State, int, dict[str, Any]], list[Move]]
    # (state, player, move, pending choice, events)
    apply: Callable[[State, int, Move, dict[str, Any], list[Event]], None]
    # (state, player, move, pending choice) -> the move's label
    label: Callable[[State, int, Move, dict[str, Any]], Label]
    # (bot's view of the seat, move, pending choice) -> worth in track spaces
    worth: Callable[[Any, Move, dict[str, Any]], float]
    # why every other move waits (a message id)
    reason: str
    # (pending choice, whose it is, who looks) -> what the view shows of it
    public: Callable[[dict[str, Any], int, int | None], dict[str, Any]]


CHOICES: dict[str, Choice] = {}


def register_choice(kind: str, choice: Choice) -> None:
    if kind in CHOICES:
        raise ValueError(f"The choice {kind!r} is registered twice.")
    CHOICES[kind] = choice


def pending(st: State) -> dict[str, Any] | None:
    result: dict[str, Any] | None = st["turn"].get("choice")
    return result


def start(st: State, kind: str, **data: Any) -> None:
    st["turn"]["choice"] = {"kind": kind, **data}


def moves(st: State, p: int) -> list[Move]:
    now = pending(st)
    return CHOICES[now["kind"]].moves(st, p, now) if now else []


def apply(st: State, p: int, move: Move, events: list[Event]) -> None:
    now = st["turn"].pop("choice")
    CHOICES[now["kind"]].apply(st, p, move, now, events)


def label(st: State, p: int, move: Move) -> Label:
    now = pending(st)
    assert now is not None, "a choose move is legal only while a choice is pending"
    return CHOICES[now["kind"]].label(st, p, move, now)


def worth(seat: Any, move: Move) -> float:
    now = pending(seat.st)
    return CHOICES[now["kind"]].worth(seat, move, now) if now else 0.0


def reason(st: State) -> str:
    now = pending(st)
    assert now is not None
    return CHOICES[now["kind"]].reason


def public(st: State, seat: int | None) -> dict[str, Any] | None:
    """The pending choice as ``seat`` may see it (None: a spectator)."""
    now = pending(st)
    if now is None:
        return None
    return {"kind": now["kind"], **CHOICES[now["kind"]].public(now, st["turn"]["seat"], seat)}
