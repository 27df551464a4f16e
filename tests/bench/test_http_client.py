"""The load generator's HTTP client: keep-alive connections, answers read by their Content-Length, and
every answer it cannot read raised, never taken for a response."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable

import pytest

from bench.common import ROOT

sys.path.insert(0, str(ROOT / "bench"))  # the scripts import each other by module name, as when run from bench/
from http_client import Client, HttpError, request_head  # noqa: E402

# What the server writes for a request's head; None: it hangs up instead, (reply, True): after writing.
Answer = Callable[[bytes], Awaitable[bytes | tuple[bytes, bool] | None]]


def serve(answer: Answer, exchange: Callable[[Client, str], Awaitable[object]], limit: int = 4) -> object:
    """Runs ``exchange`` against a server that answers each request with ``answer(head)``; returns what
    ``exchange`` returned, with the heads (and bodies) the server read."""
    heads: list[bytes] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while head := await reader.readuntil(b"\r\n\r\n"):
                heads.append(head)
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        heads.append(await reader.readexactly(int(line.split(b":")[1])))
                reply = await answer(head)
                if reply is None:
                    break
                data, hang_up = reply if isinstance(reply, tuple) else (reply, False)
                writer.write(data)
                await writer.drain()
                if hang_up:
                    break
        except asyncio.IncompleteReadError:
            pass
        writer.close()

    async def main() -> object:
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        client = Client("127.0.0.1", port, limit=limit)
        try:
            return await exchange(client, f"127.0.0.1:{port}")
        finally:
            client.close()
            server.close()

    return asyncio.run(main()), heads


def ok(body: bytes) -> Answer:
    async def answer(head: bytes) -> bytes:
        return b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)

    return answer


def get(path: str = "/api/games/1/") -> Callable[[Client, str], Awaitable[object]]:
    async def exchange(client: Client, host: str) -> object:
        return await client.request(request_head("GET", path, host, {"Accept": "application/json"}) + b"\r\n")

    return exchange


def test_answers_come_back_with_their_status_and_body_over_one_kept_connection():
    async def three(client: Client, host: str) -> object:
        answers = [await get()(client, host) for _ in range(3)]
        return answers, client.opened

    (answers, opened), heads = serve(ok(b'{"version":3}'), three)
    assert answers == [(200, b'{"version":3}')] * 3
    assert opened == 1
    assert heads[0].startswith(b"GET /api/games/1/ HTTP/1.1\r\nHost: 127.0.0.1:")
    assert b"\r\nAccept: application/json\r\n" in heads[0]


def test_a_body_is_sent_after_the_head():
    async def post(client: Client, host: str) -> object:
        head = request_head("POST", "/api/games/1/moves/", host, {"Content-Type": "application/json"})
        return await client.request(head + b"Content-Length: 2\r\n\r\n{}")

    answer, heads = serve(ok(b"{}"), post)
    assert answer == (200, b"{}")
    assert heads[1] == b"{}"


def test_concurrent_requests_open_no_more_connections_than_the_limit():
    async def slow(head: bytes) -> bytes:
        await asyncio.sleep(0.01)
        return await ok(b"{}")(head)

    async def many(client: Client, host: str) -> object:
        answers = await asyncio.gather(*(get()(client, host) for _ in range(10)))
        return answers, client.opened

    (answers, opened), _ = serve(slow, many, limit=3)
    assert answers == [(200, b"{}")] * 10
    assert opened == 3


@pytest.mark.parametrize(
    "reply",
    [
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}",
        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Encoding: gzip\r\n\r\nxx",
        b"SSH-2.0-OpenSSH\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}extra",
    ],
)
def test_an_answer_it_cannot_read_is_an_error(reply):
    async def answer(head: bytes) -> bytes:
        return reply

    with pytest.raises(HttpError):
        serve(answer, get())


def test_a_connection_closed_before_the_whole_body_is_an_error_and_the_next_request_gets_a_new_one():
    answers: list[tuple[bytes, bool]] = [(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}", True)]

    async def cut_short(head: bytes) -> bytes | tuple[bytes, bool] | None:
        return answers.pop() if answers else await ok(b"{}")(head)

    async def twice(client: Client, host: str) -> object:
        with pytest.raises(HttpError):
            await get()(client, host)
        return await get()(client, host), client.opened

    (answer, opened), _ = serve(cut_short, twice)
    assert answer == (200, b"{}")
    assert opened == 2


def test_a_connection_the_server_closes_is_not_used_again():
    replies = [b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"]

    async def closing(head: bytes) -> bytes | tuple[bytes, bool] | None:
        return (replies.pop(), True) if replies else await ok(b"{}")(head)

    async def twice(client: Client, host: str) -> object:
        first = await get()(client, host)
        return first, await get()(client, host), client.opened

    (first, second, opened), _ = serve(closing, twice)
    assert first == second == (200, b"{}")
    assert opened == 2


def test_an_idle_connection_the_server_hung_up_is_not_used_again():
    async def hang_up_after_answering(head: bytes) -> tuple[bytes, bool]:
        return b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", True

    async def after_a_pause(client: Client, host: str) -> object:
        first = await get()(client, host)
        await asyncio.sleep(0.05)  # the server's end of the kept connection closes meanwhile
        return first, await get()(client, host), client.opened

    (first, second, opened), _ = serve(hang_up_after_answering, after_a_pause)
    assert first == second == (200, b"{}")
    assert opened == 2


def test_a_refused_connection_raises_and_frees_its_slot():
    async def refused() -> None:
        client = Client("127.0.0.1", 1, limit=1)
        for _ in range(2):  # the failed attempt gave its slot back, so the second tries again
            with pytest.raises(OSError):
                await client.request(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert client.open == 0

    asyncio.run(refused())
