"""htmx as the pages use it: vendored at the version its README records, configured for the
Content-Security-Policy (no eval, no inline style, no script from a fragment), and no template
relying on what that configuration turns off."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor" / "htmx"
TEMPLATES = [
    path
    for folder in ("templates", "accounts", "games", "notifications", "rankings")
    for path in (ROOT / folder).rglob("*.html")
    if "/email/" not in path.as_posix()
]


@pytest.mark.django_db
def test_every_page_configures_htmx_for_the_content_security_policy(client):
    page = client.get("/").content.decode()
    found = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'>', page)
    assert found, "base.html has no htmx-config meta tag"
    config = json.loads(found[1])
    # No eval (hx-on, trigger filters, js: values), no <style> added by htmx, no script run from a swap.
    assert config == {"includeIndicatorStyles": False, "allowEval": False, "allowScriptTags": False}
    assert page.index('name="htmx-config"') < page.index("vendor/htmx/htmx.min.js")


def test_the_vendored_htmx_is_the_version_its_readme_names():
    shipped = re.search(r'version:"([0-9.]+)"', (VENDOR / "htmx.min.js").read_text())
    assert shipped, "htmx.min.js does not say its version"
    readme = (VENDOR / "README.md").read_text()
    assert f"| `htmx.min.js` | `htmx.org` (its `dist/htmx.min.js`) | {shipped[1]} |" in readme
    assert f"htmx {shipped[1]}" in (ROOT / "templates" / "base.html").read_text()
    assert "Zero-Clause BSD" in readme and (VENDOR / "ws.min.js").read_text().startswith("(function(){")


# What needs htmx's eval: hx-on handlers, hx-vals/hx-vars given as code, and trigger filters (an event
# name followed by [...]; "from:closest [ws-connect]" is a selector, not a filter).
NEEDS_EVAL = re.compile(
    r"\shx-on\b|\sdata-hx-on\b|\shx-vars\s*=|hx-vals\s*=\s*['\"]\s*js:|hx-trigger\s*=\s*\"[^\"]*[\w-]\[", re.I
)


def test_no_template_uses_what_needs_htmx_to_eval():
    offenders = [
        f"{path.relative_to(ROOT)}: {found}" for path in TEMPLATES for found in NEEDS_EVAL.findall(path.read_text())
    ]
    assert offenders == []


def test_the_pattern_finds_what_needs_eval():
    assert NEEDS_EVAL.search('<button hx-on:click="go()">')
    assert NEEDS_EVAL.search('<div hx-trigger="click[ctrlKey]">')
    assert NEEDS_EVAL.search("<div hx-vals='js:{a: 1}'>")
    assert not NEEDS_EVAL.search('<div hx-trigger="ws-lobby from:closest [ws-connect]">')
