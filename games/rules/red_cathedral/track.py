"""The score track: construction points on every space, glory on the spaces with an eagle.

A marker's place is one number, its space counted from 0 over every lap (a lap is ``lap``
spaces and 40 glory; past it the marker shows its +40 side). Gaining construction points moves
space by space; gaining glory moves from eagle to eagle; losing glory goes back to the eagle
before the marker.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from .data import figures

_F = figures()
EAGLES: tuple[int, ...] = tuple(_F["eagles"])
LAP: int = _F["lap"]
PER_LAP = len(EAGLES)
_EAGLE_SET = frozenset(EAGLES)


def glory(space: int) -> int:
    """Glory a marker on ``space`` stands for: the eagles at or behind it."""
    laps, rest = divmod(space, LAP)
    return laps * PER_LAP + bisect_right(EAGLES, rest)


def eagle_ahead(space: int, steps: int = 1) -> int:
    """The ``steps``-th eagle space after ``space``."""
    for _ in range(steps):
        laps, rest = divmod(space, LAP)
        i = bisect_right(EAGLES, rest)
        space = laps * LAP + EAGLES[i] if i < PER_LAP else (laps + 1) * LAP + EAGLES[0]
    return space


def eagle_behind(space: int) -> int | None:
    """The eagle space before ``space`` (strictly), or None when there is none."""
    laps, rest = divmod(space, LAP)
    i = bisect_left(EAGLES, rest)
    if i > 0:
        return laps * LAP + EAGLES[i - 1]
    return (laps - 1) * LAP + EAGLES[-1] if laps > 0 else None


def at_or_behind(space: int) -> int:
    """Where the final scoring puts a marker: its space if it has an eagle, else the eagle behind it."""
    laps, rest = divmod(space, LAP)
    if rest in _EAGLE_SET:
        return space
    return eagle_behind(space) or 0


def is_eagle(space: int) -> bool:
    return space % LAP in _EAGLE_SET
