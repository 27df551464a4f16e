"""Finds English messages of the catalogs in what a German reader sees.

Visible text is an HTML page's text nodes (not script or style) and its title, aria-label,
placeholder and alt attributes and the value of buttons; for an email its subject and body.
A text is English when it is a msgid of the project's catalogs whose German differs (so "Bank" and
"OK", German as they are, never count), with any arguments filled in: the whole text, a part of it
between brackets, colons, commas or dots, or, for a message of two words or more, anywhere in it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\([^)]+\)[sdif]|%[sdif]|\{[^{}]*\}")
SEPARATORS = re.compile(r"\s*(?:[()\[\]:;,·|–—]|\.\s|\.$|\?\s|!\s)\s*")
HIDDEN_TAGS = {"script", "style", "template"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}
BUTTON_TYPES = {"submit", "button", "reset"}
# English messages that are German words too: alone they say nothing about the page's language.
GERMAN_WORDS = {"Die"}


def _normal(text: str) -> str:
    return " ".join(text.split())


class _Visible(HTMLParser):
    """Text nodes and shown attributes; not script or style, nor what is marked translate="no" (data
    keys and names shown as they are)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden = 0
        self._kept: list[str] = []  # open elements marked translate="no"

    def _attributes(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.texts += [v for k, v in attrs if k in ATTRIBUTES and v]
        if tag == "input" and (values.get("type") or "").lower() in BUTTON_TYPES and values.get("value"):
            self.texts.append(values["value"] or "")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._kept or dict(attrs).get("translate") == "no":
            if tag not in VOID_TAGS:
                self._kept.append(tag)
            return
        if tag in HIDDEN_TAGS:
            self._hidden += 1
        self._attributes(tag, attrs)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self._kept and dict(attrs).get("translate") != "no":
            self._attributes(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self._kept:
            if tag in self._kept:
                while self._kept.pop() != tag:
                    pass
            return
        if tag in HIDDEN_TAGS and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and not self._kept and data.strip():
            self.texts.append(data)


def visible_texts(html: str) -> list[str]:
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return [t for t in (_normal(t) for t in parser.texts) if t]


def _catalogs() -> list[Path]:
    return sorted(ROOT.glob("*/locale/de/LC_MESSAGES/django.po")) + [ROOT / "locale/de/LC_MESSAGES/django.po"]


def _differs(entry: polib.POEntry) -> list[str]:
    """The English texts of an entry whose German reads otherwise."""
    if entry.msgid_plural:
        forms = [entry.msgstr_plural.get(i, "") for i in sorted(entry.msgstr_plural)]
        return [m for m, g in zip((entry.msgid, entry.msgid_plural), forms) if g and g != m]
    return [entry.msgid] if entry.msgstr and entry.msgstr != entry.msgid else []


def _words(literal: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z'’-]*", literal)


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern[str]
    msgid: str
    key: str  # its longest literal piece: a text without it cannot match
    anywhere: bool  # may stand anywhere in a text (two words or more), not only as a whole part


@dataclass
class English:
    exact: dict[str, str]  # a text as shown -> its msgid (messages without arguments)
    patterns: list[_Pattern]

    def __post_init__(self) -> None:
        self.seen: dict[str, str | None] = {}

    def find(self, text: str) -> str | None:
        """The msgid ``text`` shows in English, or None."""
        if text not in self.seen:
            self.seen[text] = self._find(text)
        return self.seen[text]

    def _find(self, text: str) -> str | None:
        parts = [text] + [p.strip(" .?!\"'“”„") for p in SEPARATORS.split(text)]
        for part in parts:
            if part in self.exact and part not in GERMAN_WORDS:
                return self.exact[part]
        for pattern in self.patterns:
            if pattern.key not in text:
                continue
            if pattern.anywhere and pattern.regex.search(text):
                return pattern.msgid
            if any(pattern.regex.fullmatch(p) for p in parts if pattern.key in p):
                return pattern.msgid
        return None


@lru_cache(maxsize=1)
def english() -> English:
    exact: dict[str, str] = {}
    patterns: dict[str, _Pattern] = {}
    for path in _catalogs():
        for entry in polib.pofile(str(path)):
            for msgid in _differs(entry):
                shown = _normal(msgid)
                literal = PLACEHOLDER.sub(" ", shown)
                words = _words(literal)
                if not words or (len(words) == 1 and len(words[0]) < 3):
                    continue  # nothing English to recognise ("%(a)s: %(b)s", "of")
                pieces = PLACEHOLDER.split(shown)
                key = max(pieces, key=len)
                if len(pieces) > 1:
                    regex = "[^\\n]+?".join(re.escape(p) for p in pieces)
                    patterns[shown] = _Pattern(re.compile(regex), msgid, key, len(words) >= 3)
                else:
                    exact[shown] = msgid
                    if len(words) >= 2:
                        regex = r"(?<![\w-])" + re.escape(shown) + r"(?![\w-])"
                        patterns[shown] = _Pattern(re.compile(regex), msgid, key, True)
    return English(exact, list(patterns.values()))


def english_in(texts: list[str], where: str) -> list[str]:
    """One line per English text: where it appeared, the text and the msgid it shows."""
    finder = english()
    found = []
    for text in texts:
        msgid = finder.find(text)
        if msgid is not None:
            found.append(f"{where}: {text[:160]!r} is the English message {msgid[:100]!r}")
    return found
