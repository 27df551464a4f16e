"""Seating players at tables for a tournament round (pure functions, no database).

Swiss: players are ordered by points, then rating, and cut into consecutive
tables; then two players at different tables swap places while that lowers
the cost "repeat meetings × 1000 + spread of standings positions within each
table". So repeat meetings are avoided whenever a swap can avoid them, and
otherwise tables stay as close in score as possible.

Short counts: tables are split as evenly as possible between the table size
and the smallest size the game allows (at least 2). Only when that cannot
seat everyone (e.g. an odd count at two-player tables) do the remaining
players get a bye, scored as a win: the lowest-placed players who have had
the fewest byes. Tables are never filled with bots.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

REPEAT_COST = 1000


@dataclass(frozen=True)
class Candidate:
    key: int
    points: float = 0.0
    rating: float = 1500.0
    byes: int = 0


def table_sizes(players: int, size: int, minimum: int) -> tuple[list[int], int]:
    """(table sizes, number of byes): fewest tables that seat the most players."""
    minimum = max(2, min(minimum, size))
    if players < minimum:
        return [], players
    seated = min(players, (players // minimum) * size)
    tables = math.ceil(seated / size)
    base, extra = divmod(seated, tables)
    return [base + 1] * extra + [base] * (tables - extra), players - seated


def _pair(a: int, b: int) -> frozenset:
    return frozenset((a, b))


def _table_cost(table: list[int], met: set[frozenset], position: dict[int, int]) -> int:
    repeats = sum(1 for a, b in itertools.combinations(table, 2) if _pair(a, b) in met)
    places = [position[k] for k in table]
    return repeats * REPEAT_COST + (max(places) - min(places))


def repeats(tables: list[list[int]], met: set[frozenset]) -> int:
    return sum(1 for t in tables for a, b in itertools.combinations(t, 2) if _pair(a, b) in met)


def choose_byes(ordered: list[Candidate], count: int) -> list[Candidate]:
    """The lowest-placed players among those with the fewest byes so far."""
    if count <= 0:
        return []
    from_bottom = list(reversed(ordered))
    return sorted(from_bottom, key=lambda c: c.byes)[:count]


def swiss_tables(
    players: list[Candidate], met: set[frozenset], size: int, minimum: int = 2
) -> tuple[list[list[int]], list[int]]:
    """Tables (lists of keys, best-placed table first) and the keys that get a bye."""
    ordered = sorted(players, key=lambda c: (-c.points, -c.rating, c.key))
    sizes, bye_count = table_sizes(len(ordered), size, minimum)
    byes = choose_byes(ordered, bye_count)
    bye_keys = {c.key for c in byes}
    seated = [c.key for c in ordered if c.key not in bye_keys]
    position = {k: i for i, k in enumerate(seated)}
    tables, start = [], 0
    for n in sizes:
        tables.append(seated[start : start + n])
        start += n
    _improve_by_swaps(tables, met, position)
    return [sorted(t, key=position.__getitem__) for t in tables], [c.key for c in byes]


def _improve_by_swaps(tables: list[list[int]], met: set[frozenset], position: dict[int, int]) -> None:
    costs = [_table_cost(t, met, position) for t in tables]
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for a_i, a in enumerate(tables[i]):
                for b_i, b in enumerate(tables[j]):
                    ti = tables[i][:a_i] + [b] + tables[i][a_i + 1 :]
                    tj = tables[j][:b_i] + [a] + tables[j][b_i + 1 :]
                    ci, cj = _table_cost(ti, met, position), _table_cost(tj, met, position)
                    if ci + cj < costs[i] + costs[j]:
                        tables[i], tables[j], costs[i], costs[j] = ti, tj, ci, cj
                        improved = True
                        break
                if improved:
                    break
            if improved:
                break


def knockout_tables(seeded: list[int], size: int, minimum: int = 2) -> tuple[list[list[int]], list[int]]:
    """Keys in seed order → tables dealt like cards (snake order) so top seeds meet late; top seeds get byes."""
    sizes, bye_count = table_sizes(len(seeded), size, minimum)
    byes, rest = seeded[:bye_count], seeded[bye_count:]
    tables: list[list[int]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    i = 0
    for lap in itertools.count():
        for t in order if lap % 2 == 0 else order[::-1]:
            if len(tables[t]) < sizes[t] and i < len(rest):
                tables[t].append(rest[i])
                i += 1
        if i >= len(rest):
            break
    return tables, byes


def split_into_groups(seeded: list[int], group_size: int) -> list[list[int]]:
    """Groups as equal as possible, seeds dealt in snake order so every group gets a strong player."""
    groups = max(1, round(len(seeded) / max(group_size, 2)))
    out: list[list[int]] = [[] for _ in range(groups)]
    for i, key in enumerate(seeded):
        lap, pos = divmod(i, groups)
        out[pos if lap % 2 == 0 else groups - 1 - pos].append(key)
    return out


def round_robin_rounds(group: list[int]) -> int:
    return len(group) - 1 if len(group) % 2 == 0 else len(group)


def round_robin_pairs(group: list[int], round_number: int) -> tuple[list[list[int]], list[int]]:
    """Circle method: round ``round_number`` (1-based) of an all-play-all for two-player tables."""
    keys: list[int | None] = list(group) + ([None] if len(group) % 2 else [])
    n = len(keys)
    fixed, rest = keys[0], keys[1:]
    shift = (round_number - 1) % (n - 1)
    rotated = rest[-shift:] + rest[:-shift] if shift else rest
    line = [fixed, *rotated]
    tables: list[list[int]] = []
    byes: list[int] = []
    for a, b in zip(line[: n // 2], reversed(line[n // 2 :])):
        if a is not None and b is not None:
            tables.append([a, b])
        else:
            bye = a if b is None else b  # the player paired with the empty place
            if bye is not None:
                byes.append(bye)
    return tables, byes
