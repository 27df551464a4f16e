"""Die Rote Kathedrale: a check of the provisional component figures by bot-versus-bot games.

For 2, 3 and 4 players, seeded games of the engine's bot in every seat (workshop side alternating, the
influence cards drawn at random) report:

* game length (turns in all and per player) and the score spread (winner minus last; every score);
* use: how often each section card is claimed and completed when it is in play, each workshop tile
  placed face up and activated, each influence card's actions used, and each move type played;
* dominance: the win rate of the players whose first claim was a base of each points value, of the
  players holding each workshop tile face up, and of the players in games with each influence card,
  of the players who used each influence card at least once, each beside the even share (1 / players);
* where the glory comes from: each source's mean glory per player (the ∑ table's rows).

Figures are printed and merged into bench/results/latest.json under "rc_figures_balance".
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter, defaultdict

from common import record

from games.rules.red_cathedral import data
from games.rules.red_cathedral.market import quarter_card
from games.rules.red_cathedral.state import SECTIONS, TILES
from games.rules.registry import load_engines

SLUG = "red-cathedral"


class Tally:
    def __init__(self) -> None:
        self.in_play: Counter = Counter()
        self.claimed: Counter = Counter()
        self.completed: Counter = Counter()
        self.tile_dealt: Counter = Counter()
        self.tile_up: Counter = Counter()
        self.tile_activated: Counter = Counter()
        self.card_games: Counter = Counter()
        self.card_used: Counter = Counter()
        self.action_used: Counter = Counter()
        self.moves: Counter = Counter()
        self.wins_by: dict[str, list[float]] = defaultdict(list)
        self.turns: list[int] = []
        self.spread: list[int] = []
        self.scores: list[int] = []
        self.limit = 0
        self.sources: Counter = Counter()
        self.player_games = 0

    def win(self, key: str, share: float) -> None:
        self.wins_by[key].append(share)


def play(engine, players: int, seed: int, tally: Tally, guild: str | None = None) -> None:
    side = "extended" if seed % 2 else "basic"
    options: dict = {"side": side}
    if guild:
        # An expansion guild as the fourth group, its cards 1, 2, 3 in turn, with the module it needs.
        needs = data.figures()["guilds"][guild]["needs_contractors"]
        options.update(guild=guild, clergy=str(seed % 3 + 1), contractors=needs)
    st = engine.setup(players, options, seed)
    rng = random.Random(seed)
    for tower in st["towers"]:
        for sec in tower:
            tally.in_play[sec["id"]] += 1
            if sec["wt"]:
                tally.tile_dealt[sec["wt"]] += 1
    for card in st["influence"]:
        tally.card_games[card] += 1
    first_claim: dict[int, str] = {}
    face_up: dict[int, set[str]] = defaultdict(set)
    used: dict[int, set[str]] = defaultdict(set)
    while not engine.is_over(st):
        seat = engine.to_act(st)[0]
        move = engine.bot_move(st, seat, rng)
        kind = move["type"]
        tally.moves[kind] += 1
        if kind == "claim":
            sec = next(s for t in st["towers"] for s in t if s["id"] == move["section"])
            tally.claimed[sec["id"]] += 1
            first_claim.setdefault(seat, sec["id"])
            if sec["wt"] and move.get("up"):
                tally.tile_up[sec["wt"]] += 1
                face_up[seat].add(sec["wt"])
        elif kind == "activate":
            tally.tile_activated[st["pl"][seat]["ws"][move["slot"]]["t"]] += 1
        elif kind == "influence":
            card = quarter_card(st, st["turn"]["area"])
            tally.card_used[card["id"]] += 1
            used[seat].add(card["id"])
            tally.action_used[f"{card['id']}/{card['actions'][move['action']]['act']}"] += 1
        st, _events = engine.apply(st, seat, move)
    for tower in st["towers"]:
        for sec in tower:
            if sec["done"]:
                tally.completed[sec["id"]] += 1
    result = engine.result(st)
    tally.turns.append(st["turns"])
    tally.spread.append(max(result.scores) - min(result.scores))
    tally.scores += result.scores
    tally.limit += st["ended_by_limit"]
    for p in range(players):
        share = 0.0 if result.ranks[p] != 1 else 1.0 / result.ranks.count(1)
        if p in first_claim:
            data_ = SECTIONS[first_claim[p]]
            tally.win(f"first claim: {data_['kind']} of {data_['rp']} points", share)
        for tile in face_up[p]:
            tally.win(f"tile face up: {tile}", share)
        for card in used[p]:
            tally.win(f"card used: {card}", share)
        for source, glory in st["pl"][p]["src"].items():
            tally.sources[source] += glory
        tally.player_games += 1
        tally.win(f"seat {p + 1}", share)


def summary(tally: Tally, players: int, games: int) -> dict:
    even = round(1 / players, 3)

    def rates(prefix: str) -> dict:
        return {
            k[len(prefix) :]: {"players": len(v), "win_rate": round(sum(v) / len(v), 3)}
            for k, v in sorted(tally.wins_by.items())
            if k.startswith(prefix)
        }

    sections = {
        sid: {"in_play": tally.in_play[sid], "claimed": tally.claimed[sid], "completed": tally.completed[sid]}
        for sid in sorted(SECTIONS)
        if tally.in_play[sid]
    }
    tiles = {
        tid: {"dealt": tally.tile_dealt[tid], "face_up": tally.tile_up[tid], "activated": tally.tile_activated[tid]}
        for tid in sorted(TILES)
        if tally.tile_dealt[tid]
    }
    cards = {
        cid: {
            "games": tally.card_games[cid],
            "uses": tally.card_used[cid],
            "uses_per_game": round(tally.card_used[cid] / tally.card_games[cid], 2) if tally.card_games[cid] else 0,
        }
        for cid in sorted(
            {r["id"] for r in data.figures()["influence"]}
            | {r["id"] for g in data.figures()["guilds"].values() for r in g["cards"]}
        )
    }
    return {
        "games": games,
        "even_win_rate": even,
        "turns": {
            "mean": round(statistics.fmean(tally.turns), 1),
            "min": min(tally.turns),
            "max": max(tally.turns),
            "per_player_mean": round(statistics.fmean(tally.turns) / players, 1),
        },
        "stopped_by_turn_limit": tally.limit,
        "scores": {
            "mean": round(statistics.fmean(tally.scores), 1),
            "stdev": round(statistics.pstdev(tally.scores), 1),
            "min": min(tally.scores),
            "max": max(tally.scores),
        },
        "winner_minus_last": {"mean": round(statistics.fmean(tally.spread), 1), "max": max(tally.spread)},
        "moves": dict(sorted(tally.moves.items())),
        "sections_never_completed": [s for s, f in sections.items() if not f["completed"]],
        "sections_completion_rate": {
            "min": min(f["completed"] / f["in_play"] for f in sections.values()),
            "mean": round(statistics.fmean(f["completed"] / f["in_play"] for f in sections.values()), 3),
        },
        "tiles_never_face_up": [t for t, f in tiles.items() if not f["face_up"]],
        "tiles_never_activated": [t for t, f in tiles.items() if not f["activated"]],
        "cards_never_used": [c for c, f in cards.items() if f["games"] and not f["uses"]],
        "actions_used": dict(sorted(tally.action_used.items())),
        "influence_cards": cards,
        "workshop_tiles": tiles,
        "win_rate_by_seat": rates("seat "),
        "win_rate_by_first_claim": rates("first claim: "),
        "win_rate_by_face_up_tile": rates("tile face up: "),
        "win_rate_by_card_used": rates("card used: "),
        "glory_per_player_by_source": {k: round(v / tally.player_games, 1) for k, v in sorted(tally.sources.items())},
    }


def show(players: int, s: dict) -> None:
    print(f"\n{players} players, {s['games']} games (even win rate {s['even_win_rate']:.1%})")
    print(f"  turns: {s['turns']}; stopped by the turn limit: {s['stopped_by_turn_limit']}")
    print(f"  scores: {s['scores']}; winner minus last: {s['winner_minus_last']}")
    print(f"  moves: {s['moves']}")
    print(
        f"  sections never completed: {s['sections_never_completed']}; completion rate {s['sections_completion_rate']}"
    )
    print(f"  tiles never face up: {s['tiles_never_face_up']}; never activated: {s['tiles_never_activated']}")
    print(f"  influence cards never used: {s['cards_never_used']}")
    print("  uses per game: " + ", ".join(f"{c} {f['uses_per_game']}" for c, f in s["influence_cards"].items()))
    print(f"  glory per player by source: {s['glory_per_player_by_source']}")
    for key in ("win_rate_by_seat", "win_rate_by_first_claim", "win_rate_by_card_used", "win_rate_by_face_up_tile"):
        rates = s[key]
        print(f"  {key}: " + ", ".join(f"{k} {v['win_rate']:.0%} ({v['players']})" for k, v in rates.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument(
        "--guild", choices=sorted(data.figures()["guilds"]), help="an expansion guild as the fourth group"
    )
    args = parser.parse_args()
    engine = load_engines().get(SLUG)
    figures: dict = {}
    for players in (2, 3, 4):
        tally = Tally()
        for g in range(args.games):
            play(engine, players, args.seed + g, tally, args.guild)
        figures[f"{players}p"] = summary(tally, players, args.games)
        show(players, figures[f"{players}p"])
    record(f"rc_figures_balance_{args.guild}" if args.guild else "rc_figures_balance", figures)


if __name__ == "__main__":
    main()
