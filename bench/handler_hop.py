"""CPU of the hop between the event loop and a request thread, in one process, side by side.

This tree's ASGI handler (config/http_handler.py: the request's work in the thread pool through
``loop.run_in_executor`` in one copy of the request's context) beside the same handler going
through asgiref's ``sync_to_async`` as it did before (a new wrapper per call, every changed
context variable copied back after each). Both answer the catalog request (GET /api/catalog/, an
API token) as uvicorn calls them: a task per request, one after another, with no HTTP server in
between; blocks of requests alternate between the two. CPU of the whole process (the loop and the
pool's threads), median over the blocks, in µs per request.

    .venv/bin/python bench/handler_hop.py [--rounds 24] [--per-block 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from common import record
from server import make_players, prepare


def _asgiref_handler_class():
    from asgiref.sync import sync_to_async
    from django.core.exceptions import RequestAborted

    from config import body_limit
    from config.http_handler import SyncRequestASGIHandler, _threads
    from plumbing import deferred

    class AsgirefHopHandler(SyncRequestASGIHandler):
        """The handler's request road as it was, through asgiref's sync_to_async."""

        async def __call__(self, scope, receive, send) -> None:
            deferred.set_server_loop(asyncio.get_running_loop())
            try:
                body_file = await self.read_body(body_limit.capped_receive(scope, receive))
            except RequestAborted:
                return
            respond = sync_to_async(self._respond, thread_sensitive=False, executor=_threads())
            response, tasks = await respond(scope, body_file)
            try:
                await self.send_response(response, send)
            finally:
                if tasks:
                    await sync_to_async(deferred.run, thread_sensitive=False, executor=_threads())(tasks)

    return AsgirefHopHandler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=24)
    parser.add_argument("--per-block", type=int, default=300)
    args = parser.parse_args()
    prepare()
    from config.http_handler import SyncRequestASGIHandler

    (_user, token), *_ = make_players(1)
    handlers = {"this tree": SyncRequestASGIHandler(), "asgiref sync_to_async": _asgiref_handler_class()()}

    def scope() -> dict:
        return {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": "/api/catalog/",
            "raw_path": b"/api/catalog/",
            "root_path": "",
            "query_string": b"",
            "headers": [
                (b"host", b"127.0.0.1"),
                (b"authorization", f"Token {token}".encode()),
                (b"accept", b"application/json"),
            ],
            "client": ("127.0.0.1", 5000),
            "server": ("127.0.0.1", 8000),
        }

    statuses: list[int] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    async def run() -> dict[str, list[float]]:
        samples: dict[str, list[float]] = {name: [] for name in handlers}
        for handler in handlers.values():  # warm: pools, token caches, prepared statements
            for _ in range(args.per_block):
                await asyncio.create_task(handler(scope(), receive, send))
        for _ in range(args.rounds):
            for name, handler in handlers.items():
                started = time.process_time()
                for _ in range(args.per_block):
                    await asyncio.create_task(handler(scope(), receive, send))
                samples[name].append((time.process_time() - started) / args.per_block * 1e6)
        return samples

    samples = asyncio.run(run())
    if set(statuses) != {200}:
        raise SystemExit(f"unexpected statuses: {sorted(set(statuses))}")
    medians = {name: round(statistics.median(values), 1) for name, values in samples.items()}
    record(
        "handler_hop",
        {
            "method": "one process, the handler called as uvicorn calls it (a task per request, one after "
            "another), blocks alternating; CPU of the process per request, median over the blocks",
            "request": "GET /api/catalog/ with an API token",
            "cpu_us_per_request": medians,
            "ratio_asgiref_to_this_tree": round(medians["asgiref sync_to_async"] / medians["this tree"], 3),
            "rounds": args.rounds,
            "requests_per_block": args.per_block,
        },
    )


if __name__ == "__main__":
    main()
