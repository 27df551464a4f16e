"""Shared set-up for browser tests: Debian's chromium driven by Playwright."""
import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-quic", "--no-first-run"]

needs_chromium = pytest.mark.skipif(
    not (os.path.exists(CHROMIUM) or shutil.which("chromium")), reason="chromium is not installed"
)


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
