"""A stand-in for a browser's push service on loopback: records what the site posts and answers
with the status set for each subscription (201 unless told otherwise). Also the browser's side of a
subscription: its keys, and the decryption of a message with them."""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Browser:
    """One subscription's keys, as a browser keeps them."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    secret: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64url(point), "auth": b64url(self.secret)}}

    def read(self, received: Received) -> dict:
        """The message the service worker would get."""
        plain = http_ece.decrypt(received.body, private_key=self.key, auth_secret=self.secret, version="aes128gcm")
        return json.loads(plain)


class PushService:
    def __init__(self) -> None:
        self.received: list[Received] = []
        self.answers: dict[str, int] = {}
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(service.answers.get(self.path, 201))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def browser(self, name: str) -> Browser:
        return Browser(f"{self.origin}/push/{name}")

    def to(self, browser: Browser) -> list[Received]:
        path = browser.endpoint.removeprefix(self.origin)
        return [r for r in self.received if r.path == path]

    def __enter__(self) -> PushService:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
