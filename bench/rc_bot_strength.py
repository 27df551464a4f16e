"""Die Rote Kathedrale: the engine's bot against a uniformly random player, and alone against Iwan.

Plays seeded 2-player games, the bot in seat 0 in even games and in seat 1 in odd ones, on the basic
and on the extended workshop side; a tie on rank 1 counts as half a win. Then the bot plays seeded solo
games against Iwan and reports both final scores. The bot's decisions are timed (CPU time of this
process). Figures are printed and merged into bench/results/latest.json under "rc_bot_strength"; with
--contractors the 2-player games play the Contractors module and go under "rc_bot_strength_contractors";
with --guild (a guild, or "random" for a guild drawn by each game's seed) the fourth group is that guild
and the figures go under "rc_bot_strength_guilds" (with --contractors: "rc_bot_strength_contractors_guilds").
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import record, summary_ms

from games.rules.registry import load_engines

SLUG = "red-cathedral"
SIDES = ("basic", "extended")


def versus_random(
    engine, side: str, seed: int, bot_seat: int, timings: list[float], module: bool = False, guild: str = "clergy"
) -> tuple[float, dict]:
    """One 2-player game; the bot's share of the win and the game's figures."""
    state = engine.setup(2, {"side": side, "guild": guild, **({"contractors": True} if module else {})}, seed)
    rng = random.Random(seed * 2 + bot_seat)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        if seat == bot_seat:
            started = time.process_time()
            move = engine.bot_move(state, seat, rng)
            timings.append(time.process_time() - started)
        else:
            move = rng.choice(engine.legal_moves(state, seat))
        state, _events = engine.apply(state, seat, move)
    result = engine.result(state)
    ranks = result.ranks
    share = 0.0 if ranks[bot_seat] != 1 else (1.0 if ranks.count(1) == 1 else 0.5)
    return share, {
        "guild": state["guild"],
        "bot": result.scores[bot_seat],
        "random": result.scores[1 - bot_seat],
        "turns": state["turns"],
        "limit": state["ended_by_limit"],
    }


def solo(engine, side: str, seed: int, timings: list[float]) -> dict:
    """One solo game of the bot against Iwan (the bot also makes the choices the text leaves to the human)."""
    state = engine.setup(1, {"side": side}, seed)
    rng = random.Random(seed)
    while not engine.is_over(state):
        started = time.process_time()
        move = engine.bot_move(state, 0, rng)
        timings.append(time.process_time() - started)
        state, _events = engine.apply(state, 0, move)
    result = engine.result(state)
    return {
        "bot": result.scores[0],
        "iwan": result.details["iwan_score"],
        "won": result.ranks[0] == 1,
        "turns": state["turns"],
        "done": state["pl"][0]["done"],
        "limit": state["ended_by_limit"],
    }


def spread(values: list[float]) -> dict:
    return {
        "mean": round(statistics.fmean(values), 1),
        "min": min(values),
        "max": max(values),
        "median": statistics.median(values),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="2-player games per workshop side")
    parser.add_argument("--solo", type=int, default=100, help="solo games per workshop side")
    parser.add_argument("--seed", type=int, default=1000, help="first seed")
    parser.add_argument("--contractors", action="store_true", help="play the Contractors module")
    parser.add_argument("--guild", default="clergy", help='the fourth group: a guild, or "random" (2-player games)')
    args = parser.parse_args()
    if args.contractors or args.guild != "clergy":
        args.solo = 0
    engine = load_engines().get(SLUG)
    figures: dict = {"target_win_rate": 0.9, "games": args.games, "solo_games": args.solo}
    for side in SIDES:
        timings: list[float] = []
        shares, games = [], []
        for g in range(args.games):
            share, figs = versus_random(engine, side, args.seed + g, g % 2, timings, args.contractors, args.guild)
            shares.append(share)
            games.append(figs)
        wins = sum(shares)
        print(
            f"{side} side, 2 players: the bot wins {wins:g} of {args.games} games against random "
            f"({wins / args.games:.1%}); bot {spread([g['bot'] for g in games])['mean']} glory on average, "
            f"random {spread([g['random'] for g in games])['mean']}"
        )
        solo_timings: list[float] = []
        solos = [solo(engine, side, args.seed + g, solo_timings) for g in range(args.solo)]
        won = sum(1 for s in solos if s["won"])
        if solos:
            print(
                f"{side} side, solo: the bot beats Iwan in {won} of {args.solo} games; bot "
                f"{spread([s['bot'] for s in solos])}, Iwan {spread([s['iwan'] for s in solos])} glory"
            )
        figures[side] = {
            "vs_random": {
                "wins": wins,
                "win_rate": round(wins / args.games, 3),
                "bot_seat_0": round(sum(shares[0::2]) / len(shares[0::2]), 3),
                "bot_seat_1": round(sum(shares[1::2]) / len(shares[1::2]), 3),
                "bot_glory": spread([g["bot"] for g in games]),
                "random_glory": spread([g["random"] for g in games]),
                "turns": spread([g["turns"] for g in games]),
                "stopped_by_turn_limit": sum(1 for g in games if g["limit"]),
                "bot_decision_cpu": summary_ms(timings),
            },
        }
        if args.guild != "clergy":
            figures[side]["vs_random"]["by_guild"] = by_guild(games, shares)
        if solos:
            figures[side]["solo"] = {
                "wins": won,
                "win_rate": round(won / args.solo, 3),
                "bot_glory": spread([s["bot"] for s in solos]),
                "iwan_glory": spread([s["iwan"] for s in solos]),
                "turns": spread([s["turns"] for s in solos]),
                "bot_sections_completed": spread([s["done"] for s in solos]),
                "stopped_by_turn_limit": sum(1 for s in solos if s["limit"]),
                "bot_decision_cpu": summary_ms(solo_timings),
            }
    key = (
        "rc_bot_strength" + ("_contractors" if args.contractors else "") + ("_guilds" if args.guild != "clergy" else "")
    )
    record(key, figures)


def by_guild(games: list[dict], shares: list[float]) -> dict:
    """The bot's wins per fourth group, to see which guild it plays poorly."""
    out: dict = {}
    for figs, share in zip(games, shares, strict=True):
        entry = out.setdefault(figs["guild"], {"games": 0, "wins": 0.0})
        entry["games"] += 1
        entry["wins"] += share
    return out


if __name__ == "__main__":
    main()
