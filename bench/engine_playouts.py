"""Random full games per engine and player count: decisions per second on one core.

Each decision is legal_moves + a uniform choice + apply, on one state that
is never deep-copied. Rates are per second of this process's CPU time (one
core), so that other work on a shared machine does not lower them. The
baseline is the same loop over a trivial "engine" (a counter), measured in
the same run, to show the interpreter's own cost.
"""

from __future__ import annotations

import argparse
import random
import time

from common import record

from games.rules.base import InvalidOptions
from games.rules.registry import load_engines


def playouts(engine, players: int, options: dict, seconds: float, seed: int = 1) -> dict:
    rng = random.Random(seed)
    decisions = games = 0
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        state = engine.setup(players, options, seed + games)
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            move = rng.choice(engine.legal_moves(state, seat))
            state, _events = engine.apply(state, seat, move)
            decisions += 1
        games += 1
    elapsed = time.process_time() - cpu
    return {
        "decisions_per_s": round(decisions / elapsed),
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "decisions_per_game": round(decisions / games, 1),
    }


def baseline(seconds: float) -> int:
    rng = random.Random(1)
    state = {"n": 0}
    moves = [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
    decisions = 0
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        move = rng.choice(list(moves))
        state["n"] += move["n"]
        decisions += 1
    return round(decisions / (time.process_time() - cpu))


def options_for(engine, players: int) -> dict | None:
    """The default options, or for a player count that needs one (Sankt Petersburg's 5 players
    need its expansion) the defaults with the first yes/no option that makes it playable."""
    for extra in [{}] + [{o.name: True} for o in engine.options if o.kind == "bool"]:
        try:
            return engine.normalize_options(players, extra)
        except InvalidOptions:
            continue
    return None


# Option sets measured beside the defaults: every module at once is the heaviest game an engine plays.
HEAVY = {
    "sankt-petersburg": (
        "market+all-modules",
        {
            "edition": "2",
            "market": True,
            "banquet": True,
            "module2": True,
            "helpers": True,
            "events": True,
            "assignments": True,
            "obstacles": True,
        },
    )
}
# Modules and expansions measured beside the defaults: (name, options, player counts).
MODULES = {
    "red-cathedral": (
        ("contractors", {"contractors": True}, (4,)),
        ("contractors+random-guild", {"contractors": True, "guild": "random"}, (4,)),
    )
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="per game and player count")
    args = parser.parse_args()
    registry = load_engines()
    figures = {"target_decisions_per_s": 10_000, "baseline_trivial_loop_per_s": baseline(args.seconds)}
    for engine in registry.all():
        for players in range(engine.min_players, engine.max_players + 1):
            options = options_for(engine, players)
            if options is None:
                continue
            figures[f"{engine.slug}/{players}p"] = playouts(engine, players, options, args.seconds)
            changed = {k: v for k, v in options.items() if v != engine.default_options().get(k)}
            if changed:
                figures[f"{engine.slug}/{players}p"]["options"] = changed
            if engine.slug in HEAVY:
                label, heavy = HEAVY[engine.slug]
                figures[f"{engine.slug}/{label}/{players}p"] = playouts(
                    engine, players, engine.normalize_options(players, heavy), args.seconds
                )
        for name, extra, counts in MODULES.get(engine.slug, ()):
            for players in counts:
                key = f"{engine.slug}/{players}p+{name}"
                figures[key] = playouts(engine, players, {**options_for(engine, players), **extra}, args.seconds)
                figures[key]["options"] = extra
    record("engine_playouts", figures)


if __name__ == "__main__":
    main()
