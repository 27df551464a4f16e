"""Final standings: the engine's ranks, with resigned and timed-out seats last."""

# The group name that marks the ∑ table's total row (a mark, not a heading).
TOTAL_GROUP = "total"


def final_ranks(engine_ranks: list[int], losers: set[int], others: int = 0) -> list[int]:
    """Re-rank so that every seat in ``losers`` shares the last place.

    The others keep the engine's order among themselves (ties stay ties). ``others`` counts the
    opponents the engine plays without a seat (Iwan in a solo game): a seat they beat keeps that
    place, and losers rank behind them too.
    """
    keep = [s for s in range(len(engine_ranks)) if s not in losers]
    ranks = [0] * len(engine_ranks)
    for s in keep:
        ahead_of_s = sum(1 for o in range(len(engine_ranks)) if engine_ranks[o] < engine_ranks[s])
        seatless_ahead = engine_ranks[s] - 1 - ahead_of_s
        ranks[s] = 1 + sum(1 for o in keep if engine_ranks[o] < engine_ranks[s]) + seatless_ahead
    for s in losers:
        ranks[s] = len(keep) + others + 1
    return ranks


def seatless_standings(result: dict | None, seats: int) -> list[dict]:
    """The opponents the engine plays without a seat (Iwan in a solo game) as rows of the final ranking:
    ``{"name": message id, "rank", "score"}``; the score is their value in the ∑ table's total row."""
    result = result or {}
    columns = (result.get("details") or {}).get("columns") or []
    if not columns:
        return []
    ranks = [r for r in (result.get("ranks") or []) if r is not None]
    total: list = next((row["values"] for row in result.get("stats") or [] if row.get("group") == TOTAL_GROUP), [])
    # A seat with a seatless opponent ahead of it ranks below its place among the seats.
    beaten = sum(1 for r in ranks if r - 1 - sum(1 for o in ranks if o < r) > 0)
    rows = []
    for i, name in enumerate(columns):
        score = total[seats + i] if len(total) > seats + i else None
        rows.append({"name": name, "rank": 1 + len(ranks) - beaten, "score": score})
    return rows
