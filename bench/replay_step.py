"""How long one step of a replay takes for the longest games: a 4-player Rote Kathedrale with the
Contractors, about 1,100 moves.

Runs in a throwaway database (PostgreSQL when DATABASE_URL points there, as the tests do). The
game is played with uniformly random legal moves (the longest games; bots finish sooner) and its
moves are stored as the move service stores them. Then, for the same random steps:

- baseline "from the seed": read the move log, replay it from the seed up to the step, full view;
- "checkpoints": games.services.replay_steps.step_view (the record of checkpoints already built:
  the nearest checkpoint, fewer than EVERY moves, the view, the step's log lines, the seats);
- "page": the same step as the replay page's script fetches it (HX-Request: the board fragment
  rendered), through Django's test client, with checkpoints and (baseline) replayed from the seed;
- for comparison, the game page's own board fragment of the same game (what every move re-renders);
- and once, the cold cost: building the record (one replay from the seed, keeping checkpoints).

    .venv/bin/python bench/replay_step.py [--samples 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")

from common import record, summary_ms, throwaway_database  # noqa: E402

SLUG = "red-cathedral"
OPTIONS = {"contractors": True}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-moves", type=int, default=1050)
    args = parser.parse_args()

    import django

    django.setup()
    with throwaway_database("bench_replay_step") as vendor:
        figures = run(args)
    figures["database"] = vendor
    record("replay_step", figures)
    base, ckpt, page = figures["from_seed"], figures["checkpoints"], figures["page"]
    page_base = figures["page_from_seed"]
    print(f"game: {figures['game']}, {figures['moves']} moves, a checkpoint every {figures['every']} moves")
    print(f"{'one step':<32}{'p50 ms':>10}{'p99 ms':>10}{'mean ms':>10}")
    for name, row in (
        ("baseline: replay from the seed", base),
        ("checkpoints (service)", ckpt),
        ("baseline: page, from the seed", page_base),
        ("checkpoints (page fragment)", page),
        ("the game page's board (compare)", figures["game_board"]),
    ):
        print(f"{name:<32}{row['p50_ms']:>10}{row['p99_ms']:>10}{row['mean_ms']:>10}")
    print(f"building the record once (cold): {figures['record_build_ms']} ms")


def _long_game(args):
    """Seeds from ``args.seed`` on until a random game lasts ``args.min_moves`` moves (the longest kind)."""
    from games.services.engines import get_engine

    engine = get_engine(SLUG)
    options = engine.normalize_options(4, OPTIONS)
    best = None
    for seed in range(args.seed, args.seed + 40):
        rng = random.Random(seed)
        state = engine.setup(4, options, seed)
        moves = []
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            move = rng.choice(engine.legal_moves(state, seat))
            payload = copy.deepcopy(move)
            state, events = engine.apply(state, seat, move)
            moves.append((seat, payload, events))
        if best is None or len(moves) > len(best[2]):
            best = (seed, state, moves)
        if len(moves) >= args.min_moves:
            break
    return best


def run(args) -> dict:
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client
    from django.utils import timezone

    from games.models import Game, Move
    from games.services import replay_record, replay_steps, tables
    from games.services.engines import get_engine
    from games.services.event_codec import encode_events

    User = get_user_model()
    users = [
        User.objects.create_user(username=f"bench{i}", email=f"bench{i}@example.org", password="pw-For-bench-123")
        for i in range(4)
    ]
    seed, state, moves = _long_game(args)
    game = tables.start_seated_game(SLUG, users, OPTIONS, seed=seed, rated=False)
    Move.objects.bulk_create(
        [
            Move(game=game, seq=i + 1, seat=seat, payload=payload, events=encode_events(events, seat))
            for i, (seat, payload, events) in enumerate(moves)
        ],
        batch_size=500,
    )
    game.state, game.version, game.status = state, len(moves), Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.save()
    engine = get_engine(SLUG)
    last = len(moves)
    every = replay_record.EVERY
    rng = random.Random(args.seed)
    # Random steps, and the slowest ones for the checkpoints (EVERY - 1 moves after one).
    steps = [rng.randint(0, last) for _ in range(args.samples)]
    steps += [s for s in range(every - 1, last + 1, every)][-5:]

    t0 = time.perf_counter()
    replay_record.forget()
    cache.clear()
    replay_record.record_of(game)
    build_ms = round((time.perf_counter() - t0) * 1000, 1)

    def timed(call) -> list[float]:
        out = []
        for step in steps:
            t = time.perf_counter()
            call(step)
            out.append(time.perf_counter() - t)
        return out

    base = timed(lambda step: engine.full_view(replay_record.state_from_seed(game, step)))
    ckpt = timed(lambda step: replay_steps.step_view(game, users[0], step))
    # The test environment (the throwaway database's) sends a signal with a copy of the context for
    # every template rendered; a server does not: render as a server does.
    from django.template import Template
    from django.test.utils import _TestState

    Template._render = _TestState.saved_data.template_render  # type: ignore[method-assign]
    client = Client()
    client.force_login(users[0])
    url = f"/games/{game.pk}/replay/"

    def fragment(step: int) -> None:
        response = client.get(url, {"step": step}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.status_code

    page = timed(fragment)
    # For comparison: the game page's own board of the same game (its last position), as htmx fetches it.
    board_url = f"/games/{game.pk}/board/"
    board = timed(lambda _step: client.get(board_url, HTTP_HX_REQUEST="true"))
    # The same page with the step replayed from the seed instead of a checkpoint.
    with_checkpoints = replay_steps.state_at
    replay_steps.state_at = lambda game, _record, step: replay_record.state_from_seed(game, step)
    try:
        page_base = timed(fragment)
    finally:
        replay_steps.state_at = with_checkpoints
    return {
        "game": f"{SLUG} 4 players {OPTIONS}",
        "moves": last,
        "every": every,
        "steps_sampled": len(steps),
        "from_seed": summary_ms(base),
        "checkpoints": summary_ms(ckpt),
        "page": summary_ms(page),
        "page_from_seed": summary_ms(page_base),
        "game_board": summary_ms(board),
        "record_build_ms": build_ms,
    }


if __name__ == "__main__":
    main()
