"""Final standings: the engine's ranks, with resigned and timed-out seats last."""


def final_ranks(engine_ranks: list[int], losers: set[int]) -> list[int]:
    """Re-rank so that every seat in ``losers`` shares the last place.

    The others keep the engine's order among themselves (ties stay ties).
    """
    keep = [s for s in range(len(engine_ranks)) if s not in losers]
    ranks = [0] * len(engine_ranks)
    for s in keep:
        ranks[s] = 1 + sum(1 for o in keep if engine_ranks[o] < engine_ranks[s])
    for s in losers:
        ranks[s] = len(keep) + 1
    return ranks
