"""Tournament news is recorded in the outbox with the round or the result, and told once."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from games.models import Game
from notifications.models import Notice
from plumbing import outbox
from plumbing.models import OutboxEntry
from rankings.models import Tournament
from rankings.services import announcements, tournaments
from tests.factories import make_user
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db


def _tournament(org, players, **kwargs):
    t = tournaments.create_tournament(
        org, name="Cup", game_slug="toy", starts_at=timezone.now() + timedelta(days=1), table_size=2, **kwargs
    )
    for u in players:
        tournaments.register(t.pk, u)
    return t


def _entries(kind):
    return OutboxEntry.objects.filter(kind=kind)


def test_a_round_records_its_notices_in_its_transaction_and_a_rollback_records_nothing():
    org = make_user("org")
    players = [make_user(n) for n in ("ann", "ben", "cid")]
    t = _tournament(org, players, rounds=2)
    with pytest.raises(RuntimeError), transaction.atomic():
        tournaments.start(t.pk, by=org)
        assert _entries(announcements.ROUND_STARTED).count() == 1  # inside the round's transaction
        raise RuntimeError("the start failed")
    assert not _entries(announcements.ROUND_STARTED).exists() and not Game.objects.exists()

    tournaments.start(t.pk, by=org)  # the hand-over after the commit never runs here: a dead process
    assert not Notice.objects.filter(kind=Notice.Kind.ROUND).exists()
    entry = _entries(announcements.ROUND_STARTED).get()
    assert outbox.run(entry.pk) is True
    announcements.tell_round_started(entry)  # run again: nobody hears twice
    notices = Notice.objects.filter(kind=Notice.Kind.ROUND)
    assert sorted(n.user.username for n in notices) == ["ann", "ben", "cid"]
    assert [n.user.username for n in notices if n.data["bye"]] != []  # the bye is told too


def test_the_end_of_a_tournament_is_recorded_with_it_and_told_once(django_capture_on_commit_callbacks):
    org = make_user("org")
    t = _tournament(org, [make_user("ann"), make_user("ben")], rounds=1)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.start(t.pk, by=org)
    game = Game.objects.get(tournament_pairing__round__tournament=t)
    play_out(game)  # commits here are not run: the advance and its news wait in the outbox
    tournaments.advance(t.pk)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert not Notice.objects.filter(kind=Notice.Kind.TOURNAMENT).exists()
    entry = _entries(announcements.FINISHED).get()
    assert outbox.run(entry.pk) is True
    announcements.tell_finished(entry)
    notices = Notice.objects.filter(kind=Notice.Kind.TOURNAMENT)
    assert sorted(n.user.username for n in notices) == ["ann", "ben"]
    assert {n.data["winner"] for n in notices} == {t.winner.shown_name}
