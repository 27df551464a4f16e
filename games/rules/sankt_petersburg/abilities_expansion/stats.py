"""Rows of the ∑ table that the expansion keeps itself (``state["ext"]["stats"]``)."""

from __future__ import annotations

from games.rules.base import State


def add_stat(st: State, label: str, seat: int, amount: int) -> None:
    st["ext"].setdefault("stats", {}).setdefault(label, [0] * st["n"])[seat] += amount
