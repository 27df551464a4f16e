"""The German catalogs, one per app plus the project's ``locale/`` for templates/ and config/.

Messages are extracted with Django's makemessages (in a copy of the sources, so that a failed run
leaves the catalogs as they were), plus the texts the code reads from data files (setting
``CATALOG_DATA_MESSAGES``) and the literal reasons given to the engines' ``IllegalMove`` and
``InvalidOptions``. Every translation comes from the current catalogs taken together, so a message
that moves to another app keeps its German wherever it was written.

A message (with its context) must read the same in every catalog: Django merges all catalogs into
one per language, so two translations of one msgid would leave one of them unseen. Where two games
need different words for the same English, the code gives the message a context (pgettext).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import polib
from django.apps import apps
from django.conf import settings
from django.utils.module_loading import import_string

LANGUAGE = "de"
PROJECT = "locale"  # the name under which the project-level catalog is reported
HEADER = {
    "Project-Id-Version": "boardgame-club",
    "Language": LANGUAGE,
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
    "Plural-Forms": "nplurals=2; plural=(n != 1);",
}
# Extraction skips what is not served: tests, benchmarks, scripts, the environment.
SKIPPED = {"tests", "bench", "scripts", "static", "node_modules", "htmlcov"}
SOURCE_SUFFIXES = {".py", ".html", ".txt", ".json"}  # data files too: the apps load them

Key = tuple[str | None, str]  # (msgctxt, msgid)
Translation = str | tuple[str, ...]  # msgstr, or the plural forms in order


class CatalogError(Exception):
    """A catalog that cannot be read (e.g. with a merge conflict's markers in it)."""


@dataclass(frozen=True)
class Problem:
    kind: str  # untranslated, fuzzy, conflict, stale, compiled
    catalog: str
    key: Key
    detail: str = ""

    def __str__(self) -> str:
        ctxt, msgid = self.key
        shown = f"[{ctxt}] {msgid!r}" if ctxt else repr(msgid)
        return f"{self.kind:12} {self.catalog:14} {shown}{': ' + self.detail if self.detail else ''}"


@dataclass(frozen=True)
class DataMessage:
    """A text the code reads from a data file and translates when shown."""

    msgid: str
    source: str  # path relative to the project, e.g. games/rules/san_juan/cards.json
    german: str | None = None  # the data file's own German, used when no catalog has one
    msgctxt: str | None = None


def base_dir() -> Path:
    return Path(settings.BASE_DIR)


def local_apps(base: Path) -> list[str]:
    """The project's own apps (each keeps its catalog in <app>/locale), in settings order."""
    out = []
    for config in apps.get_app_configs():
        path = Path(config.path).resolve()
        if path.parent == base.resolve():
            out.append(path.name)
    return out


def catalog_path(base: Path, catalog: str) -> Path:
    root = base if catalog == PROJECT else base / catalog
    return root / "locale" / LANGUAGE / "LC_MESSAGES" / "django.po"


def catalog_of(source: str, catalogs: list[str]) -> str:
    """The catalog a source file's messages belong to: its app's, else the project's."""
    top = source.split("/", 1)[0]
    return top if top in catalogs and top != PROJECT else PROJECT


def key_of(entry: polib.POEntry) -> Key:
    return (entry.msgctxt or None, entry.msgid)


def translation_of(entry: polib.POEntry) -> Translation | None:
    """The entry's German when complete and not fuzzy, else None."""
    if entry.obsolete or "fuzzy" in entry.flags:
        return None
    if entry.msgid_plural:
        forms = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        return forms if forms and all(forms) else None
    return entry.msgstr or None


def existing_catalogs(base: Path) -> dict[str, polib.POFile]:
    """Every German catalog in the tree (also of apps no longer installed), by catalog name."""
    found = {}
    paths = sorted(base.glob(f"*/locale/{LANGUAGE}/LC_MESSAGES/django.po")) + [catalog_path(base, PROJECT)]
    for path in paths:
        if not path.exists():
            continue
        try:
            po = polib.pofile(str(path))
        except (OSError, ValueError) as exc:
            raise CatalogError(
                f"{path.relative_to(base)} cannot be read ({exc}). After a merge, keep either "
                "side of the catalog (git checkout --ours/--theirs) and run again with "
                "--also-from <the other branch>."
            ) from exc
        found[PROJECT if path == catalog_path(base, PROJECT) else path.relative_to(base).parts[0]] = po
    return found


def compendium(catalogs: dict[str, polib.POFile]) -> tuple[dict[Key, Translation], dict[Key, dict[str, Translation]]]:
    """Every translation there is, and the messages translated differently by two catalogs."""
    seen: dict[Key, dict[str, Translation]] = {}
    for name, po in catalogs.items():
        for entry in po:
            german = translation_of(entry)
            if german is not None:
                seen.setdefault(key_of(entry), {})[name] = german
    merged = {key: next(iter(by.values())) for key, by in seen.items()}
    conflicts = {key: by for key, by in seen.items() if len(set(by.values())) > 1}
    return merged, conflicts


def fuzzy_entries(catalogs: dict[str, polib.POFile]) -> dict[Key, polib.POEntry]:
    """Entries still to be settled (conflicts the tool marked, or a translator's doubt): they carry over."""
    return {
        key_of(e): e
        for po in catalogs.values()
        for e in po
        if "fuzzy" in e.flags and not e.obsolete and (e.msgstr or any(e.msgstr_plural.values()))
    }


def data_messages() -> list[DataMessage]:
    out: list[DataMessage] = []
    for path in getattr(settings, "CATALOG_DATA_MESSAGES", []):
        source: Callable[[], Iterable[DataMessage]] = import_string(path)
        out.extend(source())
    return out


def _copy_sources(base: Path, target: Path, catalogs: list[str]) -> None:
    """The sources makemessages reads, without any catalog, and an empty locale/ per catalog."""
    for root, dirs, files in os.walk(base):
        rel_root = Path(root).relative_to(base)
        dirs[:] = [
            d
            for d in dirs
            if not d.startswith(".")
            and d != "locale"
            and d != "__pycache__"
            and not (rel_root == Path(".") and d in SKIPPED)
        ]
        for name in files:
            if Path(name).suffix in SOURCE_SUFFIXES:
                (target / rel_root).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(Path(root) / name, target / rel_root / name)
    for name in catalogs:
        catalog_path(target, name).parent.mkdir(parents=True, exist_ok=True)


def extract(base: Path | None = None) -> dict[str, polib.POFile]:
    """Fresh, untranslated catalogs of every message the sources and data files use."""
    base = base or base_dir()
    names = local_apps(base) + [PROJECT]
    with tempfile.TemporaryDirectory(prefix="catalogs-") as tmp:
        work = Path(tmp)
        _copy_sources(base, work, names)
        # The copy's own settings point LOCALE_PATHS at the copy, so nothing is written to the tree.
        done = subprocess.run(
            [sys.executable, "manage.py", "extract_messages", "-l", LANGUAGE, "--no-obsolete", "--add-location=file"],
            cwd=work,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(f"makemessages failed:\n{done.stdout}{done.stderr}")
        fresh = {
            name: polib.pofile(str(catalog_path(work, name))) if catalog_path(work, name).exists() else polib.POFile()
            for name in names
        }
    for message in data_messages():
        po = fresh[catalog_of(message.source, names)]
        entry = po.find(message.msgid, msgctxt=message.msgctxt) if message.msgctxt else _plain(po, message.msgid)
        if entry is None:
            entry = polib.POEntry(msgid=message.msgid, msgstr="", msgctxt=message.msgctxt)
            po.append(entry)
        if (message.source, "") not in entry.occurrences:
            entry.occurrences.append((message.source, ""))
    for po in fresh.values():
        po.metadata = dict(HEADER)
        po.metadata_is_fuzzy = False
    return {name: po for name, po in fresh.items() if len(po) or name != PROJECT}


def _plain(po: polib.POFile, msgid: str) -> polib.POEntry | None:
    return next((e for e in po if e.msgid == msgid and not e.msgctxt), None)


def fill(
    fresh: dict[str, polib.POFile],
    translations: dict[Key, Translation],
    conflicts: dict[Key, dict[str, Translation]],
    suggestions: dict[Key, str],
    unsettled: dict[Key, polib.POEntry] | None = None,
) -> list[Problem]:
    """Translate the fresh catalogs; conflicting translations stay fuzzy, naming each catalog's."""
    problems = []
    unsettled = unsettled or {}
    for name, po in fresh.items():
        for entry in po:
            key = key_of(entry)
            german = translations.get(key) or suggestions.get(key)
            if key in conflicts:
                by = conflicts[key]
                german = by.get(name, german)
                entry.flags.append("fuzzy")
                entry.tcomment = "Translated differently: " + " | ".join(f"{c}: {_show(t)}" for c, t in by.items())
                problems.append(Problem("conflict", name, key, entry.tcomment))
            elif german is None and key in unsettled:
                doubt = unsettled[key]
                entry.flags.append("fuzzy")
                entry.tcomment = doubt.tcomment
                entry.msgstr, entry.msgstr_plural = doubt.msgstr, dict(doubt.msgstr_plural)
                problems.append(Problem("fuzzy", name, key, doubt.tcomment or ""))
                continue
            if german is None or isinstance(german, tuple) != bool(entry.msgid_plural):
                problems.append(Problem("untranslated", name, key))
                continue
            if isinstance(german, tuple):
                entry.msgstr_plural = dict(enumerate(german))
            else:
                entry.msgstr = german
    return problems


def _show(german: Translation) -> str:
    return " / ".join(german) if isinstance(german, tuple) else german


def catalogs_at(base: Path, ref: str) -> dict[str, polib.POFile]:
    """The German catalogs as git commit ``ref`` (a branch, a tag) has them."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=base, check=True, capture_output=True, text=True).stdout

    found = {}
    suffix = f"locale/{LANGUAGE}/LC_MESSAGES/django.po"
    for path in git("ls-tree", "-r", "--name-only", ref).splitlines():
        parts = path.split("/")
        if path == suffix or (len(parts) == 5 and path.endswith("/" + suffix)):
            name = PROJECT if path == suffix else parts[0]
            found[f"{ref}:{name}"] = polib.pofile(git("show", f"{ref}:{path}"))
    return found


def rebuild(base: Path | None = None, also_from: Iterable[str] = ()) -> list[Problem]:
    """Rewrite every catalog from the sources, translated from all current catalogs, and compile it.

    ``also_from``: git refs whose catalogs translate what the tree's catalogs do not (after a merge
    whose catalog conflicts were settled by taking one side)."""
    base = base or base_dir()
    current = existing_catalogs(base)
    translations, conflicts = compendium(current)
    for ref in also_from:
        theirs, their_conflicts = compendium(catalogs_at(base, ref))
        for key, german in theirs.items():
            if key not in translations:
                translations[key] = german
                if key in their_conflicts:
                    conflicts[key] = their_conflicts[key]
    suggestions = {(m.msgctxt, m.msgid): m.german for m in data_messages() if m.german}
    fresh = extract(base)
    problems = fill(fresh, translations, conflicts, suggestions, fuzzy_entries(current))
    for name, po in fresh.items():
        path = catalog_path(base, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        old = current.get(name)
        po.header = (
            old.header
            if old is not None and old.header and "SOME DESCRIPTIVE" not in old.header
            else (
                f"German strings of {'the project (templates and settings)' if name == PROJECT else 'the ' + name + ' app'}."
            )
        )
        po.save(str(path))
        subprocess.run(["msgfmt", "--check-format", "-o", str(path.with_suffix(".mo")), str(path)], check=True)
    for name in set(current) - set(fresh):
        # An app that no longer has messages (or no longer exists) keeps no catalog.
        path = catalog_path(base, name)
        path.unlink()
        path.with_suffix(".mo").unlink(missing_ok=True)
    return problems


def check(base: Path | None = None) -> list[Problem]:
    """What is out of date in the committed catalogs: what a rebuild would change or complain of."""
    base = base or base_dir()
    current = existing_catalogs(base)
    _, conflicts = compendium(current)
    problems = [
        Problem("conflict", ", ".join(by), key, " | ".join(f"{c}: {_show(t)}" for c, t in by.items()))
        for key, by in conflicts.items()
    ]
    fresh = extract(base)
    for name, po in fresh.items():
        have = {key_of(e): e for e in current[name]} if name in current else {}
        wanted = {key_of(e) for e in po}
        for entry in po:
            old = have.get(key_of(entry))
            if old is not None and "fuzzy" in old.flags:
                problems.append(Problem("fuzzy", name, key_of(entry)))
            elif old is None or translation_of(old) is None or bool(old.msgid_plural) != bool(entry.msgid_plural):
                problems.append(Problem("untranslated", name, key_of(entry)))
        problems += [Problem("stale", name, key) for key in have if key not in wanted]
    for name in set(current) - set(fresh):
        problems += [Problem("stale", name, key_of(e)) for e in current[name]]
    for name, po in current.items():
        problems += _compiled_problems(name, po, catalog_path(base, name).with_suffix(".mo"))
    return problems


def _compiled_problems(name: str, po: polib.POFile, mo_path: Path) -> list[Problem]:
    """The .mo must hold exactly the .po's translations (msgfmt leaves out fuzzy and empty ones)."""
    if not mo_path.exists():
        return [Problem("compiled", name, (None, ""), f"{mo_path} is missing")]
    wanted = {key_of(e): translation_of(e) for e in po if translation_of(e) is not None}
    compiled = {key_of(e): translation_of(e) for e in polib.mofile(str(mo_path)) if e.msgid}
    return [
        Problem("compiled", name, key, "the .mo differs from the .po")
        for key in set(wanted) ^ set(compiled) | {k for k in wanted if k in compiled and wanted[k] != compiled[k]}
    ]
