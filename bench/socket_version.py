"""The game socket's reads: queries per announced move, per connect and per ping, and the CPU of the
version read that connect and ping make, beside the code before (the whole game row).

A move's announcement carries its version, and the consumer passes it on as it is: the figure
"queries per push" counts every statement any thread runs while a move's frame goes out to a
connected socket (the move itself is made before). Connect and ping read the version from the
database, because they are the moments when announcements may have been missed; before, that read
loaded the whole game row (state and result included), now only the version and the private flag.
Both reads are timed in the same process, in interleaved blocks (CPU time of this thread, median of
the per-read means), on a public and on a private game of Die Rote Kathedrale after 40 moves.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from contextlib import contextmanager

from common import record
from server import make_players, prepare


@contextmanager
def counted_statements():
    """Every statement run through Django's cursors, in any thread."""
    from django.db.backends import utils

    seen: list[str] = []
    original = utils.CursorWrapper.execute

    def execute(self, sql, params=None):
        seen.append(sql)
        return original(self, sql, params)

    utils.CursorWrapper.execute = execute  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        utils.CursorWrapper.execute = original  # type: ignore[method-assign]


def before(game_id: int, user) -> int | None:
    """``audience.version_for`` as it was: the whole row."""
    from games.services import audience, rows

    game = rows.load_game(game_id)
    if game is None or not audience.may_read(game, user):
        return None
    return game.version


def played_game(engine, users, seed: int, moves: int, private: bool):
    from games.models import Game
    from games.services.moves import submit_move
    from games.services.tables import start_seated_game

    game = start_seated_game(engine.slug, users, {}, seed=seed)
    if private:
        Game.objects.filter(pk=game.pk).update(private=True)
    rng = random.Random(seed)
    by_seat = {p.seat: p.user for p in game.players.select_related("user")}
    for version in range(moves):
        state = Game.objects.get(pk=game.pk).state
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        submit_move(game.pk, by_seat[seat], rng.choice(engine.legal_moves(state, seat)), version=version)
    return Game.objects.get(pk=game.pk)


async def socket_statements(game, user_session: str) -> dict[str, int]:
    """Statements run for a connect, a ping and one announced move's frame."""
    from channels.layers import get_channel_layer
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from games.services import broadcast
    from plumbing.broadcast import _gather

    headers = [
        (b"origin", b"http://127.0.0.1"),
        (b"host", b"127.0.0.1"),
        (b"cookie", f"sessionid={user_session}".encode()),
    ]
    comm = WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=headers)
    with counted_statements() as seen:
        connected, _ = await comm.connect(timeout=10)
        assert connected
        assert (await comm.receive_json_from(timeout=10))["version"] == game.version
    on_connect = len(seen)
    with counted_statements() as seen:
        await comm.send_json_to({"type": "ping"})
        assert (await comm.receive_json_from(timeout=10))["version"] == game.version
    on_ping = len(seen)
    with counted_statements() as seen:
        await _gather(get_channel_layer(), [broadcast.game_message(game.pk, game.version + 1, game.status)])
        assert (await comm.receive_json_from(timeout=10))["version"] == game.version + 1
    on_push = len(seen)
    await comm.disconnect()
    return {"connect": on_connect, "ping": on_ping, "push": on_push}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--per-block", type=int, default=50)
    args = parser.parse_args()
    prepare()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from ws_push import session_cookie

    from games.rules.registry import load_engines
    from games.services import audience

    engine = next(e for e in load_engines().all() if e.slug == "red-cathedral")
    players = make_players(4)
    users = [u for u, _ in players]
    games = {
        "public": played_game(engine, users[:2], 7, 40, private=False),
        "private": played_game(engine, users[2:], 8, 40, private=True),
    }
    readers = {"public": users[0], "private": users[2]}
    reads = {"before": before, "after": audience.version_for}
    figures: dict[str, dict] = {}
    for kind, game in games.items():
        for name, read in reads.items():
            assert read(game.pk, readers[kind]) == game.version
            with CaptureQueriesContext(connection) as queries:
                read(game.pk, readers[kind])
            figures.setdefault(kind, {})[f"{name}_queries_per_read"] = len(queries.captured_queries)
    samples: dict[tuple[str, str], list[float]] = {(k, n): [] for k in games for n in reads}
    rng = random.Random(3)
    for _ in range(args.rounds):
        order = list(samples)
        rng.shuffle(order)
        for kind, name in order:
            read, game_id, user = reads[name], games[kind].pk, readers[kind]
            t0 = time.thread_time()
            for _ in range(args.per_block):
                read(game_id, user)
            samples[(kind, name)].append((time.thread_time() - t0) / args.per_block)
    for (kind, name), values in samples.items():
        figures[kind][f"{name}_cpu_us_per_read"] = round(statistics.median(values) * 1e6, 1)
    for kind in games:
        figures[kind]["ratio_before_to_after"] = round(
            figures[kind]["before_cpu_us_per_read"] / figures[kind]["after_cpu_us_per_read"], 2
        )
    figures["state_bytes"] = len(str(games["public"].state))
    figures["statements_on_the_socket"] = asyncio.run(socket_statements(games["public"], session_cookie(users[0])))
    record(
        "socket_version",
        {
            **figures,
            "method": "one process, interleaved blocks, CPU time of this thread; statements counted in every "
            "thread through Django's cursors",
            "rounds": args.rounds,
            "reads_per_block": args.per_block,
        },
    )


if __name__ == "__main__":
    main()
