"""Sankt Petersburg: the engine's bot against a uniformly random player and against the previous bot.

Plays every seeded 2-player game twice, once with the bot in seat 0 and once in seat 1, for the
base game, with the expansion, and with the Market and every module (1-6): there also against the
bot as it was before it learned the Market and the modules (bench/sp_previous_bot.py, kept
unchanged as the yardstick). A tie on rank 1 counts as half a win. Also times the bot's
decisions (p50/p99 over every decision it made, in CPU time of this process, so that other work
on the machine does not count). Figures are printed and merged into bench/results/latest.json under "sp_bot_strength".
"""

from __future__ import annotations

import argparse
import random
import time

import sp_previous_bot  # noqa: I001  (after common, which puts the project on the path)
from common import record, summary_ms

from games.rules.base import InvalidOptions
from games.rules.registry import load_engines

SLUG = "sankt-petersburg"
ALL_MODULES = {
    "edition": "2",
    "market": True,
    "banquet": True,
    "module2": True,
    "helpers": True,
    "events": True,
    "assignments": True,
    "obstacles": True,
}
# (label, options, opponent)
VARIANTS = (
    ("base", {}, "random"),
    ("expansion", {"expansion": True}, "random"),
    ("market_all_modules", ALL_MODULES, "random"),
    ("market_all_modules_vs_previous_bot", ALL_MODULES, "previous"),
)


def play(engine, options: dict, seed: int, bot_seat: int, timings: list[float], opponent: str = "random") -> float:
    """One 2-player game of the bot against uniform random choice or the previous bot; the bot's
    share of the win."""
    state = engine.setup(2, options, seed)
    rng = random.Random(seed * 2 + bot_seat)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        if seat == bot_seat:
            started = time.process_time()
            move = engine.bot_move(state, seat, rng)
            timings.append(time.process_time() - started)
        elif opponent == "previous":
            move = sp_previous_bot.choose(state, seat, engine.legal_moves(state, seat), rng)
        else:
            move = rng.choice(engine.legal_moves(state, seat))
        state, _events = engine.apply(state, seat, move)
    ranks = engine.result(state).ranks
    if ranks[bot_seat] != 1:
        return 0.0
    return 1.0 if ranks.count(1) == 1 else 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="seeds per variant (each played in both seat orders)")
    parser.add_argument("--seed", type=int, default=1000, help="first seed")
    parser.add_argument(
        "--module-games", type=int, default=50, help="seeds per variant with the Market and every module (slower games)"
    )
    args = parser.parse_args()
    engine = load_engines().get(SLUG)
    figures: dict = {"target_win_rate": 0.9, "games_per_seat_order": args.games}
    for label, options, opponent in VARIANTS:
        games = args.module_games if options.get("market") else args.games
        try:
            engine.normalize_options(2, options)
        except InvalidOptions as exc:
            print(f"{label}: not offered by the engine ({exc})")
            continue
        timings: list[float] = []
        per_order = {}
        for bot_seat in (0, 1):
            wins = sum(play(engine, options, args.seed + g, bot_seat, timings, opponent) for g in range(games))
            per_order[f"bot_seat_{bot_seat}"] = round(wins / games, 3)
            print(f"{label}, bot in seat {bot_seat}: bot wins {wins / games:.1%} of {games} games against {opponent}")
        overall = round(sum(per_order.values()) / 2, 3)
        print(f"{label}: bot wins {overall:.1%} over both seat orders")
        figures[label] = {
            "win_rate": overall,
            "opponent": opponent,
            "games_per_seat_order": games,
            **per_order,
            "bot_decision_cpu": summary_ms(timings),
        }
    record("sp_bot_strength", figures)


if __name__ == "__main__":
    main()
