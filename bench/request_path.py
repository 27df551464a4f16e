"""Engine work on the request path: load the stored state, check and apply a
move, build every seat's view and dump the new state. p50/p99 per game.

The baseline is json.loads + json.dumps of the same state alone. Each figure is
given in wall time and in this process's CPU time ("_cpu"): on a shared machine
the wall time's tail mostly measures waiting for a core.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from common import record, summary_ms

from games.rules.registry import load_engines


def sample_states(engine, players: int, count: int, seed: int = 7) -> list[tuple[str, int, dict]]:
    """(stored JSON, seat, move) taken from random games, spread over whole games."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        state = engine.setup(players, engine.normalize_options(players, {}), seed + game)
        while not engine.is_over(state) and len(out) < count:
            seat = engine.to_act(state)[0]
            move = rng.choice(engine.legal_moves(state, seat))
            if rng.random() < 0.2:
                out.append((json.dumps(state), seat, move))
            state, _ = engine.apply(state, seat, move)
        game += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=3000)
    args = parser.parse_args()
    figures = {"target_p99_ms": 2.0}
    for engine in load_engines().all():
        players = min(max(engine.min_players, 4), engine.max_players)
        samples = sample_states(engine, players, args.samples)
        work, base, work_cpu, base_cpu = [], [], [], []
        for stored, seat, move in samples:
            t0, c0 = time.perf_counter(), time.process_time()
            state = json.loads(stored)
            state, _events = engine.apply(state, seat, move)
            for s in range(players):
                engine.view(state, s)
            engine.view(state, None)
            engine.to_act(state)
            json.dumps(state)
            work.append(time.perf_counter() - t0)
            work_cpu.append(time.process_time() - c0)
            t0, c0 = time.perf_counter(), time.process_time()
            json.dumps(json.loads(stored))
            base.append(time.perf_counter() - t0)
            base_cpu.append(time.process_time() - c0)
        figures[f"{engine.slug}/{players}p"] = {
            "engine": summary_ms(work),
            "baseline_json_only": summary_ms(base),
            "engine_cpu": summary_ms(work_cpu),
            "baseline_json_only_cpu": summary_ms(base_cpu),
            "state_bytes_p50": sorted(len(s) for s, _, _ in samples)[len(samples) // 2],
        }
    record("request_path", figures)


if __name__ == "__main__":
    main()
