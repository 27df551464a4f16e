"""Final standings: the engine's ranks, with resigned and timed-out seats last."""


def final_ranks(engine_ranks: list[int], losers: set[int]) -> list[int]:
    """Re-rank so that every seat in ``losers`` shares the last place.

    The others keep the engine's order among themselves (ties stay ties). A lone seat that plays
    on to the end keeps the engine's rank: in a solo game it says whether the player beat the
    engine's own opponent (1) or not (2).
    """
    if len(engine_ranks) == 1 and not losers:
        return list(engine_ranks)
    keep = [s for s in range(len(engine_ranks)) if s not in losers]
    ranks = [0] * len(engine_ranks)
    for s in keep:
        ranks[s] = 1 + sum(1 for o in keep if engine_ranks[o] < engine_ranks[s])
    for s in losers:
        ranks[s] = len(keep) + 1
    return ranks
