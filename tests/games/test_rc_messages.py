"""Die Rote Kathedrale speaks only in message ids, and every one of them reads in German.

The engine's texts are the ``_()`` (gettext_noop) strings of its modules and the data files'
"method" and "note" texts (shown on the component-figures page). Every text a game produces (log
lines, move labels, refusals, the ∑ table, the table description) must be one of those ids, and
each id must have a German translation with the same placeholders.
"""

import ast
import json
import random
import string
from pathlib import Path

import polib
import pytest
from django.utils import translation

from games.rules.base import IllegalMove
from games.rules.red_cathedral.engine import RedCathedral
from games.services.results import TOTAL_GROUP

ENGINE_DIR = Path("games/rules/red_cathedral")
CATALOGS = [p for p in Path(".").glob("*/locale/de/LC_MESSAGES/django.po")] + [Path("locale/de/LC_MESSAGES/django.po")]
E = RedCathedral()


def engine_ids() -> set[str]:
    ids = set()
    for path in ENGINE_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                ids.add(node.args[0].value)
    return ids


def data_texts() -> set[str]:
    texts = set()
    for path in (ENGINE_DIR / "data").glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        texts.add(doc["method"])
        texts |= {r["note"] for r in doc["records"] if r.get("note")}
    return texts


def german() -> dict[str, str]:
    out = {}
    for path in CATALOGS:
        if path.exists():
            for entry in polib.pofile(str(path)):
                if not entry.msgctxt and entry.msgstr and not entry.obsolete and "fuzzy" not in entry.flags:
                    out[entry.msgid] = entry.msgstr
    return out


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def produced_texts(players: int, options: dict, seed: int) -> set[str]:
    """Every message a random game shows: events, labels of every legal move, refusals, the ∑ table."""
    st, rnd, out = E.setup(players, options, seed), random.Random(seed), set()

    def collect(value):
        if isinstance(value, dict) and "msg" in value:
            out.add(value["msg"])
            for arg in value.get("args", {}).values():
                for item in arg if isinstance(arg, list) else [arg]:
                    if isinstance(item, str) and not item.isdigit():
                        out.add(item)

    for part in E.describe_options(E.normalize_options(players, options))["parts"]:
        collect(part)
    while not E.is_over(st):
        seat = E.to_act(st)[0]
        legal = E.legal_moves(st, seat)
        for move in legal:
            collect(E.move_label(st, seat, move))
        for bad in ({"type": "end"}, {"type": "claim"}, {"type": "take", "count": 99}, {"type": "reroll", "area": 0}):
            if bad not in legal:
                try:
                    E.apply(st, seat, bad)
                except IllegalMove as exc:
                    out.add(str(exc))
        _st, events = E.apply(st, seat, rnd.choice(legal))
        for event in events:
            collect(event)
    result = E.result(st)
    for row in result.stats:
        out |= {row["label"], row["group"]}
    out |= set(result.details.get("columns", []))
    return out


def test_every_engine_text_and_data_file_text_has_a_german_translation_with_the_same_placeholders():
    de = german()
    missing = sorted((engine_ids() | data_texts()) - set(de))
    assert missing == []
    wrong = [(i, de[i]) for i in engine_ids() if fields(i) != fields(de[i])]
    assert wrong == []


@pytest.mark.parametrize(
    "players,options",
    [
        (1, {}),
        (2, {"side": "extended"}),
        (3, {"merchants": "1", "clergy": "2"}),
        (4, {"side": "extended", "craftsmen": "3", "teamsters": "2", "clergy": "3"}),
    ],
)
def test_a_games_every_text_is_an_engine_message_id_not_a_finished_sentence(players, options):
    ids = engine_ids() | {"Iwan", TOTAL_GROUP}  # the total row's group is a key the platform reads, not a text
    texts = produced_texts(players, options, seed=players)
    # Section ids (M01...) are names, and a template of placeholders only ("{group}") holds no words.
    texts = {
        t
        for t in texts
        if not (len(t) <= 3 and t[:1].isupper() and t[1:].isdigit())
        and string.Formatter().vformat(t, (), dict.fromkeys(fields(t), "")).strip()
    }
    assert texts - ids == set()


def test_a_german_log_line_reads_german():
    from games.services.log import render_event

    event = {"msg": "{seat} moves {die} to area {area}.", "args": {"seat": 0, "die": "the white die", "area": 3}}
    with translation.override("de"):
        assert render_event(event, {0: "Anna"}) == "Anna zieht den weißen Würfel in Bereich 3."
