"""Render the app icons (PNG) from our own drawing static/img/icon.svg with the local Chromium.

    .venv/bin/python scripts/render_icons.py

The maskable icon is the drawing without its rounded corners, the die well inside the safe zone.
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parent.parent / "static" / "img"


def main() -> None:
    svg = (IMG / "icon.svg").read_text()
    maskable = svg.replace('rx="96" ', "", 1)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for name, drawing, size in (
            ("icon-192.png", svg, 192),
            ("icon-512.png", svg, 512),
            ("icon-maskable-512.png", maskable, 512),
        ):
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = drawing.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f"<html><body style='margin:0;background:transparent'>{sized}</body></html>")
            page.screenshot(path=str(IMG / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
