"""The end-of-game summary: ranking, scores, rating changes once counted, the ∑ table in HTML and text."""

from datetime import timedelta

import pytest
from django.core import mail

from games import signals
from games.models import Game
from games.services import timeouts
from notifications.models import Notice
from notifications.services import delivery
from notifications.services.summary import text_table
from rankings.models import RatedGame, RatingChange
from rankings.receivers import on_game_finished
from rankings.services.ratings import process_pending
from tests.factories import make_user, start_toy_game
from tests.notifications.helpers import html_of, mails_to
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db


def _finish(capture, *users, **kwargs) -> Game:
    with capture(execute=True):
        game = start_toy_game(*users, **kwargs)
    mail.outbox.clear()
    with capture(execute=True):
        play_out(game)
    return Game.objects.get(pk=game.pk)


def _summaries(address):
    return [m for m in mails_to(address) if " is over" in m.subject or "beendet" in m.subject]


def test_every_player_gets_a_summary_with_ranking_scores_ratings_and_the_stats_table(
    django_capture_on_commit_callbacks,
):
    ann, ben = make_user("ann"), make_user("ben")
    game = _finish(django_capture_on_commit_callbacks, ann, ben)
    winner = game.players.select_related("user").get(rank=1)
    loser = game.players.select_related("user").get(rank=2)
    (won,) = _summaries(winner.user.email)
    (lost,) = _summaries(loser.user.email)
    assert won.subject == f"Toy #{game.pk} is over: you placed 1 of 2"
    assert lost.subject == f"Toy #{game.pk} is over: you placed 2 of 2"
    body = won.body
    assert "The ratings have been updated." in body
    # Aligned text columns: the header and each row line up at the right edge of every column.
    lines = body.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("Rank"))
    table = lines[header : header + 4]
    assert table[0].split() == ["Rank", "Player", "Score", "Rating", "±"]
    assert set(table[1].replace(" ", "")) == {"-"}
    assert table[2].split()[:3] == ["1", winner.user.username, "(you)"]
    assert table[2].index(winner.user.username) == table[3].index(loser.user.username) == table[0].index("Player")
    assert len({len(line) for line in table}) == 1
    assert "+" in table[2] and "-" in table[3].split()[-1]
    stats_at = next(i for i, line in enumerate(lines) if line.startswith("∑ ") and "Statistics" not in line)
    assert lines[stats_at].split()[1:] == [p.user.username for p in game.players.select_related("user")]
    assert "[Play]" in lines[stats_at + 2] and lines[stats_at + 3].startswith("Cards played")
    html = html_of(won)
    assert "<table" in html and '<th scope="row"' in html and ">Cards played</th>" in html
    assert "∑ Statistics" in html and f"/games/{game.pk}/" in html
    assert html.count("<tr") >= 2 + 1 + 2  # ranking rows, group row, stats row, headers


def test_the_summary_waits_for_the_rating_task(django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    game = _finish(django_capture_on_commit_callbacks, ann, ben)
    # As if the rating task had not run yet when the summary was first tried.
    RatedGame.objects.filter(game=game).delete()
    notice = Notice.objects.filter(kind=Notice.Kind.FINISHED, user=ann).get()
    Notice.objects.filter(pk=notice.pk).update(email=Notice.Email.QUEUED, emailed_at=None)
    mail.outbox.clear()
    with pytest.raises(delivery.NotReady):
        delivery.deliver(notice.pk, final=False)
    assert mail.outbox == []
    RatedGame.objects.create(game=game)
    assert delivery.deliver(notice.pk, final=False) is True
    assert "The ratings have been updated." in mail.outbox[0].body


def test_an_unrated_game_gets_its_summary_at_once_without_ratings(django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    _finish(django_capture_on_commit_callbacks, ann, ben, rated=False)
    (message,) = _summaries(ann.email)
    assert "Rating" not in message.body and "Rank" in message.body


def test_the_summary_goes_out_when_rankings_says_the_ratings_are_counted(django_capture_on_commit_callbacks):
    # As if notifications' receiver ran before rankings' had queued the rating task.
    ann, ben = make_user("ann"), make_user("ben")
    signals.game_finished.disconnect(dispatch_uid="rankings.game_finished", sender=Game)
    try:
        game = _finish(django_capture_on_commit_callbacks, ann, ben)
    finally:
        signals.game_finished.connect(on_game_finished, sender=Game, dispatch_uid="rankings.game_finished")
    assert _summaries(ann.email) == [] and not RatedGame.objects.filter(game=game).exists()
    with django_capture_on_commit_callbacks(execute=True):
        assert process_pending() == 1
    (message,) = _summaries(ann.email)
    assert "The ratings have been updated." in message.body


def test_a_summary_whose_ratings_never_come_goes_out_on_its_last_try_without_them(django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    game = _finish(django_capture_on_commit_callbacks, ann, ben)
    RatingChange.objects.filter(game=game).delete()
    RatedGame.objects.filter(game=game).delete()
    notice = Notice.objects.filter(kind=Notice.Kind.FINISHED, user=ann).get()
    Notice.objects.filter(pk=notice.pk).update(email=Notice.Email.QUEUED, emailed_at=None)
    mail.outbox.clear()
    assert delivery.deliver(notice.pk, final=True) is True
    assert "The rating changes will show on the game's page shortly." in mail.outbox[0].body


def test_a_game_ended_by_a_timeout_gets_a_summary_that_says_so(django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(ann, ben, timeout_policy="end")
    victim = game.players.get(must_act=True)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        timeouts.sweep(victim.deadline + timedelta(seconds=1))
    summaries = [m for m in mail.outbox if "ended unrated" in m.subject]
    assert sorted(m.to[0] for m in summaries) == ["ann@example.org", "ben@example.org"]
    assert "has ended after a timeout, unrated." in summaries[0].body


def test_no_summary_for_those_who_turned_it_off_and_one_only_for_the_others(django_capture_on_commit_callbacks):
    ann, ben = make_user("ann", email_on_game_end=False), make_user("ben")
    game = _finish(django_capture_on_commit_callbacks, ann, ben)
    assert _summaries(ann.email) == []
    (message,) = _summaries(ben.email)
    notice = Notice.objects.get(user=ben, kind=Notice.Kind.FINISHED)
    assert delivery.deliver(notice.pk) is False and len(_summaries(ben.email)) == 1
    assert Notice.objects.get(user=ann, kind=Notice.Kind.FINISHED).email == Notice.Email.NONE
    assert game.pk == notice.game_id


def test_the_summary_speaks_german(django_capture_on_commit_callbacks):
    ann, ben = make_user("ann", language="de"), make_user("ben")
    game = _finish(django_capture_on_commit_callbacks, ann, ben)
    (message,) = _summaries(ann.email)
    assert message.subject.startswith(f"Toy #{game.pk} ist beendet")
    assert "Endstand" in message.body and "∑ Statistik" in message.body


def test_text_tables_line_up():
    table = text_table(
        ["", "ann", "bartholomew"], [["Gold", "12", "3"], ["Points from buildings", "7", "41"]], ["Money", "Points"]
    )
    lines = table.splitlines()
    assert lines == [
        "                       ann  bartholomew",
        "---------------------  ---  -----------",
        "[Money]",
        "Gold                    12            3",
        "[Points]",
        "Points from buildings    7           41",
    ]
