"""The end-of-game summary of Die Rote Kathedrale: the ∑ table by source of glory, Iwan as a column in a solo game."""

import pytest
from django.core import mail

from games.models import Game
from games.services import tables
from notifications.models import Notice
from tests.factories import make_user
from tests.notifications.helpers import html_of, mails_to
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db

GERMAN_ROWS = {
    "Completed sections": "Fertiggestellte Bauabschnitte",
    "Towers": "Türme",
    "Total": "Summe",
    "Ornaments placed": "Anzahl hinzugefügter Verzierungen",
    "Glory": "Ruhmespunkte",
    "Tie-breaks": "Bei Gleichstand",
}


def _finished(capture, users, options, seed) -> Game:
    with capture(execute=True):
        game = tables.start_seated_game("red-cathedral", users, options, seed=seed)
    mail.outbox.clear()
    with capture(execute=True):
        play_out(game)
    return Game.objects.get(pk=game.pk)


def _rows(game: Game) -> dict[str, list]:
    return {row["label"]: row["values"] for row in game.result["stats"]}


def test_the_solo_summary_in_german_has_iwan_as_opponent_and_column(django_capture_on_commit_callbacks):
    alice = make_user("alice", language="de")
    game = _finished(django_capture_on_commit_callbacks, [alice], {"merchants": "1"}, seed=7)
    (summary,) = mails_to(alice.email)
    rank = game.players.get().rank
    notice = Notice.objects.get(user=alice, kind=Notice.Kind.FINISHED)
    assert (notice.data["rank"], notice.data["n"], notice.data["opponents"]) == (rank, 2, ["Iwan"])
    assert summary.subject == f"Die Rote Kathedrale #{game.pk} ist beendet: du bist {rank}. von 2"
    body = summary.body
    assert f"Die Rote Kathedrale #{game.pk} gegen Iwan ist beendet." in body
    lines = body.splitlines()
    header = next(line for line in lines if line.startswith("∑ ") and "Statistik" not in line)
    assert header.split()[1:] == ["alice", "Iwan"]
    rows = _rows(game)
    sections = next(line for line in lines if line.startswith("Fertiggestellte Bauabschnitte "))
    assert sections.split()[-2:] == [str(v) for v in rows["Completed sections"]]
    total = next(line for line in lines if line.startswith("Summe "))
    assert total.split()[-2:] == [str(v) for v in rows["Total"]]
    for english, german in GERMAN_ROWS.items():
        assert german in body and english not in body.replace("Die Rote Kathedrale", "")
    assert "[Ruhmespunkte]" in body and "[total]" not in body and "[Summe]" not in body
    # The ranking names Iwan with his score, in his place.
    ranking = lines[next(i for i, line in enumerate(lines) if line.startswith("Platz")) + 2 :][:2]
    iwan_line = next(line for line in ranking if "Iwan" in line)
    assert iwan_line.split()[0] == str(3 - rank) and iwan_line.split()[-1] == str(rows["Total"][1])
    html = html_of(summary)
    assert ">Iwan</th>" in html and ">Fertiggestellte Bauabschnitte</th>" in html and ">Türme</th>" in html
    assert ">total<" not in html


def test_a_rated_game_summary_in_english_and_german_carries_the_sum_table(django_capture_on_commit_callbacks):
    anna, boris = make_user("anna"), make_user("boris", language="de")
    game = _finished(django_capture_on_commit_callbacks, [anna, boris], {"side": "extended"}, seed=21)
    (english,) = mails_to(anna.email)
    (german,) = mails_to(boris.email)
    assert "The ratings have been updated." in english.body and "Completed sections" in english.body
    assert "Die Wertungszahlen sind aktualisiert." in german.body and "Fertiggestellte Bauabschnitte" in german.body
    for email, label in ((english, "Towers"), (german, "Türme")):
        line = next(line for line in email.body.splitlines() if line.startswith(label + " "))
        assert line.split()[-2:] == [str(v) for v in _rows(game)["Towers"]]
    assert "Iwan" not in english.body and "Iwan" not in german.body
