"""The German catalogs are built by makemessages and stay complete and consistent.

``test_the_catalogs_are_up_to_date`` fails when a message of the sources (code, templates, the
data files the games translate) has no German in its app's catalog, when an entry is fuzzy, when
one message reads differently in two catalogs, or when a catalog keeps messages nobody uses or a
.mo that differs from its .po. The fix is always ``python manage.py rebuild_catalogs``, then
translating what it lists.
"""

from pathlib import Path

import polib
import pytest
from django.utils import translation

from games.rules.base import IllegalMove, InvalidOptions
from games.services.log import reason_text
from plumbing import catalogs
from plumbing.catalogs import Problem, compendium, fill, fuzzy_entries


def test_the_catalogs_are_up_to_date():
    problems = catalogs.check()
    assert not problems, "run `python manage.py rebuild_catalogs` and translate:\n" + "\n".join(map(str, problems))


def _po(*entries: polib.POEntry) -> polib.POFile:
    po = polib.POFile()
    for entry in entries:
        po.append(entry)
    return po


def test_a_message_that_moves_to_another_app_keeps_its_german():
    current = {"games": _po(polib.POEntry(msgid="Your hand", msgstr="Deine Handkarten"))}
    fresh = {"locale": _po(polib.POEntry(msgid="Your hand", msgstr=""))}
    translations, conflicts = compendium(current)
    assert fill(fresh, translations, conflicts, {}) == []
    assert fresh["locale"][0].msgstr == "Deine Handkarten"


def test_two_translations_of_one_message_stay_fuzzy_naming_both_until_settled():
    current = {
        "games": _po(polib.POEntry(msgid="Round %(r)s", msgstr="Durchgang %(r)s")),
        "locale": _po(polib.POEntry(msgid="Round %(r)s", msgstr="Runde %(r)s")),
    }
    fresh = {"locale": _po(polib.POEntry(msgid="Round %(r)s", msgstr=""))}
    translations, conflicts = compendium(current)
    problems = fill(fresh, translations, conflicts, {})
    entry = fresh["locale"][0]
    assert [p.kind for p in problems] == ["conflict"]
    assert "fuzzy" in entry.flags and "Durchgang" in entry.tcomment and "Runde" in entry.tcomment
    # Run again on the result: the doubt and both readings carry over until someone settles them.
    again = {"locale": _po(polib.POEntry(msgid="Round %(r)s", msgstr=""))}
    translations, conflicts = compendium(fresh)
    problems = fill(again, translations, conflicts, {}, fuzzy_entries(fresh))
    assert [p.kind for p in problems] == ["fuzzy"] and "Durchgang" in again["locale"][0].tcomment


def test_a_context_keeps_two_games_apart():
    current = {
        "locale": _po(
            polib.POEntry(msgid="Round %(r)s", msgstr="Runde %(r)s"),
            polib.POEntry(msgid="Round %(r)s", msgctxt="sankt-petersburg", msgstr="Durchgang %(r)s"),
        )
    }
    assert compendium(current)[1] == {}
    with translation.override("de"):
        assert translation.pgettext("sankt-petersburg", "Round %(r)s") % {"r": 2} == "Durchgang 2"
        assert translation.gettext("Round %(r)s") % {"r": 2} == "Runde 2"


def test_untranslated_plural_and_data_suggestions():
    fresh = {
        "games": _po(
            polib.POEntry(msgid="Indigo plant", msgstr=""),
            polib.POEntry(msgid="%(n)s card", msgid_plural="%(n)s cards", msgstr_plural={0: "", 1: ""}),
            polib.POEntry(msgid="Tower", msgstr=""),
        )
    }
    current = {
        "locale": _po(
            polib.POEntry(
                msgid="%(n)s card", msgid_plural="%(n)s cards", msgstr_plural={0: "%(n)s Karte", 1: "%(n)s Karten"}
            )
        )
    }
    translations, conflicts = compendium(current)
    problems = fill(fresh, translations, conflicts, {(None, "Indigo plant"): "Indigoküperei"})
    assert problems == [Problem("untranslated", "games", (None, "Tower"))]
    assert fresh["games"][0].msgstr == "Indigoküperei"
    assert fresh["games"][1].msgstr_plural == {0: "%(n)s Karte", 1: "%(n)s Karten"}


def test_check_lists_what_a_rebuild_would_change(tmp_path, monkeypatch):
    path = tmp_path / "games" / "locale" / "de" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    fuzzy = polib.POEntry(msgid="Bank", msgstr="Bank", flags=["fuzzy"])
    _po(polib.POEntry(msgid="Pass", msgstr="Passen"), fuzzy, polib.POEntry(msgid="Gone", msgstr="Weg")).save(str(path))
    other = tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po"
    other.parent.mkdir(parents=True)
    _po(polib.POEntry(msgid="Pass", msgstr="Passe")).save(str(other))
    fresh = {
        "games": _po(polib.POEntry(msgid="Pass"), polib.POEntry(msgid="Bank"), polib.POEntry(msgid="New")),
        "locale": _po(polib.POEntry(msgid="Pass")),
    }
    monkeypatch.setattr(catalogs, "extract", lambda base: fresh)
    kinds = {(p.kind, p.key[1]) for p in catalogs.check(tmp_path) if p.kind != "compiled"}
    assert kinds == {("conflict", "Pass"), ("fuzzy", "Bank"), ("untranslated", "New"), ("stale", "Gone")}
    assert {p.kind for p in catalogs.check(tmp_path)} >= {"compiled"}  # no .mo was made


def test_every_catalog_is_one_apps_and_rankings_has_its_own():
    base = catalogs.base_dir()
    names = set(catalogs.existing_catalogs(base))
    assert names == {"accounts", "games", "rankings", "notifications", "plumbing", "locale"}
    assert catalogs.catalog_of("games/rules/san_juan/labels.py", sorted(names)) == "games"
    assert catalogs.catalog_of("templates/games/san-juan/board.html", sorted(names)) == "locale"
    assert Path(base / "rankings" / "locale" / "de" / "LC_MESSAGES" / "django.mo").exists()


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", "The Trading House takes 6 rubles; you have 2."),
        ("de", "Die Markthalle kostet 6 Rubel; du hast 2."),
    ],
)
def test_an_engine_refusal_with_arguments_reads_in_the_players_language(language, expected):
    exc = IllegalMove("The Trading House takes {rubles} rubles; you have {money}.", rubles=6, money=2)
    assert str(exc) == "The Trading House takes 6 rubles; you have 2."
    with translation.override(language):
        assert reason_text(exc) == expected


def test_an_options_error_names_the_game_and_counts_in_german():
    from games.rules.san_juan.engine import SanJuan

    with pytest.raises(InvalidOptions) as caught:
        SanJuan().normalize_options(7, {})
    with translation.override("de"):
        assert reason_text(caught.value) == "San Juan wird von 2 bis 4 Personen gespielt."


def test_a_catalog_left_with_merge_markers_is_refused_with_the_way_out(tmp_path):
    path = tmp_path / "games" / "locale" / "de" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    path.write_text('msgid "Pass"\n<<<<<<< HEAD\nmsgstr "Passen"\n=======\nmsgstr "Passe"\n>>>>>>> other\n')
    with pytest.raises(catalogs.CatalogError, match="--also-from"):
        catalogs.existing_catalogs(tmp_path)
