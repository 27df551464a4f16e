"""Time `recompute_ratings` over 100,000 finished games of 2-5 players each.

Runs in a throwaway database (PostgreSQL when it answers on 127.0.0.1, as the
tests do), bulk-inserts users, games and seats directly, then recomputes all
ratings and also times the live path (one game entering the ratings).

    .venv/bin/python bench/ratings_recompute.py [--games 100000] [--users 5000]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")

from common import throwaway_database  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--users", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()

    import django

    django.setup()
    with throwaway_database("bench_ratings_recompute") as vendor:
        figures = run(args)
    print(f"database: {vendor}, cores: {os.cpu_count()}")
    for key, value in figures.items():
        print(f"{key}: {value}")


def run(args) -> dict:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games.models import Game, Player
    from rankings.models import RatingChange
    from rankings.services.ratings import process_pending, recompute_all

    rng = random.Random(args.seed)
    User = get_user_model()
    t0 = time.perf_counter()
    User.objects.bulk_create(
        [User(username=f"bench{i}", email=f"bench{i}@example.org") for i in range(args.users)], batch_size=5000
    )
    user_ids = list(User.objects.values_list("pk", flat=True))
    start = datetime(2023, 1, 1, tzinfo=UTC)
    slugs = ["sankt-petersburg", "san-juan", "red-cathedral"]
    seats_total = 0
    for first in range(0, args.games, 10_000):
        n = min(10_000, args.games - first)
        games = Game.objects.bulk_create(
            [
                Game(
                    game_slug=rng.choice(slugs),
                    options={},
                    seed=i,
                    state={},
                    status=Game.Status.FINISHED,
                    rated=True,
                    finished_at=start + timedelta(minutes=7 * (first + i)),
                )
                for i in range(n)
            ],
            batch_size=5000,
        )
        players = []
        for game in games:
            size = rng.choice((2, 3, 3, 4, 4, 5))
            people = rng.sample(user_ids, size)
            bot_seat = rng.randrange(size) if rng.random() < 0.1 else -1
            ranks = [rng.randint(1, size) for _ in range(size)]
            for seat, (uid, rank) in enumerate(zip(people, ranks)):
                is_bot = seat == bot_seat
                players.append(Player(game=game, seat=seat, user_id=None if is_bot else uid, is_bot=is_bot, rank=rank))
        Player.objects.bulk_create(players, batch_size=10_000)
        seats_total += len(players)
    setup_s = time.perf_counter() - t0
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

    t0 = time.perf_counter()
    counted = recompute_all()
    recompute_s = time.perf_counter() - t0

    # The live path: a newly finished game enters the ratings through the task's service.
    newest = Game.objects.order_by("-finished_at").first().finished_at
    late = []
    for i in range(100):
        g = Game.objects.create(
            game_slug="san-juan",
            options={},
            seed=0,
            state={},
            status=Game.Status.FINISHED,
            rated=True,
            finished_at=newest + timedelta(minutes=i + 1),
        )
        a, b = rng.sample(user_ids, 2)
        Player.objects.bulk_create(
            [Player(game=g, seat=0, user_id=a, rank=1), Player(game=g, seat=1, user_id=b, rank=2)]
        )
        late.append(g)
    t0 = time.perf_counter()
    process_pending()
    live_ms = (time.perf_counter() - t0) * 1000 / len(late)

    return {
        "games": counted,
        "seats": seats_total,
        "rating_changes": RatingChange.objects.count(),
        "setup_s": round(setup_s, 1),
        "recompute_s": round(recompute_s, 2),
        "games_per_s": round(counted / recompute_s),
        "live_update_ms_per_game": round(live_ms, 2),
    }


if __name__ == "__main__":
    main()
