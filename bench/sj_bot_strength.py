"""San Juan: the engine's bot against a uniformly random player, and playout speed.

Plays 200 seeded 2-player games, the bot taking seat 0 in even games and seat 1
in odd ones; a tie on rank 1 counts as half a win. Then measures decisions per
second of uniformly random playouts (legal_moves + choice + apply) on one core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.rules.san_juan.engine import SanJuan  # noqa: E402


def bot_vs_random(engine: SanJuan, games: int, options: dict) -> float:
    wins = 0.0
    for game in range(games):
        bot_seat = game % 2
        st = engine.setup(2, options, 1000 + game)
        rng = random.Random(game)
        while not engine.is_over(st):
            seat = engine.to_act(st)[0]
            if seat == bot_seat:
                move = engine.bot_move(st, seat, rng)
            else:
                move = rng.choice(engine.legal_moves(st, seat))
            st, _ = engine.apply(st, seat, move)
        ranks = engine.result(st).ranks
        if ranks[bot_seat] == 1:
            wins += 1.0 if ranks.count(1) == 1 else 0.5
    return wins / games


def playout_speed(engine: SanJuan, seconds: float, players: int, options: dict) -> tuple[float, int]:
    rng = random.Random(1)
    decisions = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        st = engine.setup(players, options, games)
        while not engine.is_over(st):
            seat = rng.choice(engine.to_act(st))
            st, _ = engine.apply(st, seat, rng.choice(engine.legal_moves(st, seat)))
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - started), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    engine = SanJuan()
    for label, options in (("base game", {}), ("expansion", {"expansion": True})):
        rate = bot_vs_random(engine, args.games, options)
        print(f"bot vs random, 2 players, {label}: bot wins {rate:.1%} of {args.games} games")
    for players in (2, 3, 4):
        for label, options in (("base", {}), ("expansion", {"expansion": True})):
            speed, games = playout_speed(engine, args.seconds, players, options)
            print(f"random playouts, {players} players, {label}: {speed:,.0f} decisions/s ({games} games)")


if __name__ == "__main__":
    main()
