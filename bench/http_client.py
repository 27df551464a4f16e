"""A lean HTTP/1.1 client for the load generator (bench/sustained_load.py): persistent connections
to one server, requests written as prebuilt bytes, answers read by their Content-Length.

The load generator shares the machine's cores with the server and PostgreSQL, so what it spends per
request is taken from the server's budget. With aiohttp's client (URL objects, header dicts, timers,
its stream reader and response objects per request) on asyncio's loop it used 0.53-0.90 ms of CPU per
request at 400 requests/s; with this client on uvloop 0.20-0.31 ms (alternating runs on one shared
machine, bench/sustained_load.py --rate 400 --seconds 15 --warmup 5). It does only what the
benchmark needs of HTTP: keep-alive connections to 127.0.0.1, a response with a Content-Length
body. Anything else (a chunked or unsized body, a malformed status line, a connection lost while a
request is under way) raises ``HttpError`` or ``OSError`` for the caller to count as a failed request;
nothing is retried.
"""

from __future__ import annotations

import asyncio
from collections import deque


class HttpError(Exception):
    """An answer this client cannot read, or a connection lost before its answer was complete."""


def request_head(method: str, path: str, host: str, headers: dict[str, str]) -> bytes:
    """The request line and headers, without the blank line that ends them (a body's headers follow)."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n").encode("latin-1")


class _Connection(asyncio.Protocol):
    """One keep-alive connection; one request at a time."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.waiter: asyncio.Future[tuple[int, bytes]] | None = None
        self.buffer = bytearray()
        self.status = 0
        self.body_start = -1  # where the body starts in ``buffer`` once the head is read
        self.length = 0
        self.reusable = True
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def eof_received(self) -> None:
        # The server hung up (an idle keep-alive connection timed out): not to be handed out again.
        self.lost, self.reusable = True, False

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost, self.reusable = True, False
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(HttpError(f"connection lost before the answer was complete: {exc!r}"))

    def exchange(self, data: bytes) -> asyncio.Future[tuple[int, bytes]]:
        """Sends one request; the future gives (status, body)."""
        assert self.transport is not None and self.waiter is None
        self.waiter = asyncio.get_running_loop().create_future()
        self.buffer.clear()
        self.body_start = -1
        self.transport.write(data)
        return self.waiter

    def data_received(self, data: bytes) -> None:
        if self.waiter is None or self.waiter.done():
            self._fail(f"data received with no request under way: {data[:80]!r}")
            return
        buffer = self.buffer
        buffer += data
        if self.body_start < 0:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            try:
                self._read_head(bytes(buffer[:end]))
            except (HttpError, ValueError) as exc:
                self._fail(str(exc))
                return
            self.body_start = end + 4
        end = self.body_start + self.length
        if len(buffer) < end:
            return
        if len(buffer) > end:
            self._fail(f"more data than the Content-Length: {bytes(buffer[end : end + 80])!r}")
            return
        waiter, self.waiter = self.waiter, None
        waiter.set_result((self.status, bytes(buffer[self.body_start :])))

    def _read_head(self, head: bytes) -> None:
        lines = head.split(b"\r\n")
        version, _, rest = lines[0].partition(b" ")
        if version not in (b"HTTP/1.1", b"HTTP/1.0") or len(rest) < 3:
            raise HttpError(f"not an HTTP/1.x status line: {lines[0][:80]!r}")
        self.status = int(rest[:3])
        length = -1
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding" or name == b"content-encoding":
                raise HttpError(f"{line.decode('latin-1')!r} is not supported")
            elif name == b"connection" and value.strip().lower() == b"close":
                self.reusable = False
        if version == b"HTTP/1.0":
            self.reusable = False
        if length < 0:
            if self.status in (204, 304) or 100 <= self.status < 200:
                length = 0
            else:
                raise HttpError(f"answer {self.status} without a Content-Length")
        self.length = length

    def _fail(self, reason: str) -> None:
        self.reusable = False
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(HttpError(reason))
        if self.transport is not None:
            self.transport.close()

    def close(self) -> None:
        self.reusable = False
        if self.transport is not None:
            self.transport.close()


class Client:
    """At most ``limit`` connections to ``host``:``port``; a request waits for a free one (first come,
    first served), as aiohttp's connector with that limit; idle connections are reused oldest first."""

    def __init__(self, host: str, port: int, limit: int):
        self.host, self.port, self.limit = host, port, limit
        self.idle: deque[_Connection] = deque()
        self.open = 0
        self.opened = 0  # connections made in all: with keep-alive working, at most ``limit`` per run
        self.waiters: deque[asyncio.Future[_Connection | None]] = deque()

    async def request(self, data: bytes) -> tuple[int, bytes]:
        """Sends ``data`` (a whole request) and returns (status, body). Raises ``HttpError`` or
        ``OSError`` when there is no readable answer; the connection is closed then."""
        connection = await self._acquire()
        try:
            waiter = connection.exchange(data)
            answer = await waiter
        except BaseException:
            connection.waiter = None
            connection.close()
            self._release(connection)
            raise
        connection.waiter = None
        self._release(connection)
        return answer

    async def _acquire(self) -> _Connection:
        while self.idle:
            connection = self.idle.popleft()
            if not connection.lost:
                return connection
            self.open -= 1
        if self.open >= self.limit:
            waiter: asyncio.Future[_Connection | None] = asyncio.get_running_loop().create_future()
            self.waiters.append(waiter)
            try:
                handed = await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._hand_on(waiter.result())
                else:
                    self.waiters.remove(waiter)
                raise
            if handed is not None:
                return handed
        # A slot is free (counted for this request already when handed over as None).
        else:
            self.open += 1
        try:
            _, connection = await asyncio.get_running_loop().create_connection(_Connection, self.host, self.port)
        except BaseException:
            self._hand_on(None)
            raise
        self.opened += 1
        return connection

    def _release(self, connection: _Connection) -> None:
        if connection.reusable and not connection.lost:
            self._hand_on(connection)
        else:
            connection.close()
            self._hand_on(None)

    def _hand_on(self, connection: _Connection | None) -> None:
        """A connection (or, with None, the slot of a closed one) to the first waiter, else back to the pool."""
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(connection)
                return
        if connection is None:
            self.open -= 1
        else:
            self.idle.append(connection)

    def close(self) -> None:
        for connection in self.idle:
            connection.close()
        self.idle.clear()
        self.open = 0
