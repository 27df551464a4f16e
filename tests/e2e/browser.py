"""Shared set-up for browser tests: Debian's chromium driven by Playwright."""

import os
import shutil
from contextlib import contextmanager

import pytest
from django.db import connections

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]

needs_chromium = pytest.mark.skipif(
    not (os.path.exists(CHROMIUM) or shutil.which("chromium")), reason="chromium is not installed"
)


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)


@contextmanager
def playwright():
    """Playwright's sync API runs an event loop in this thread, and ORM calls made inside it get a
    connection of their own (asgiref keeps one per context), which the test teardown never sees:
    left open, it kept the test database from being dropped at the end of the run."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        try:
            yield pw
        finally:
            connections.close_all()
