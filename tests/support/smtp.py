"""A real SMTP server (aiosmtpd) in the test process that keeps what it receives."""

from __future__ import annotations

import email
import email.policy
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tests.support.stack import free_port


class Inbox:
    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.lock = threading.Lock()
        self.port = 0

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        with self.lock:
            return [m for m in self.messages if address in str(m["To"])]


@contextmanager
def smtp_server() -> Iterator[Inbox]:
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    inbox.port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=inbox.port)
    controller.start()
    try:
        yield inbox
    finally:
        controller.stop()
