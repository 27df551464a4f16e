from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games.models import Game
from rankings.models import Tournament
from rankings.services import tournaments
from tests.factories import make_user
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db


def test_players_hear_of_each_round_and_of_the_winner(django_capture_on_commit_callbacks):
    org = make_user("org")
    ann, ben = make_user("ann", language="de"), make_user("ben")
    t = tournaments.create_tournament(
        org, name="Herbstpokal", game_slug="toy", rounds=1, table_size=2, starts_at=timezone.now() + timedelta(days=1)
    )
    tournaments.register(t.pk, ann)
    tournaments.register(t.pk, ben)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.start(t.pk, by=org)
    game = Game.objects.get(tournament_pairing__round__tournament=t)
    round_mails = {m.to[0]: m for m in mail.outbox}
    assert set(round_mails) == {"ann@example.org", "ben@example.org"}
    assert f"/games/{game.pk}/" in round_mails["ben@example.org"].body
    assert "round 1 has started" in round_mails["ben@example.org"].subject
    assert "Runde 1" in round_mails["ann@example.org"].subject  # in her language
    assert round_mails["ann@example.org"].alternatives[0][1] == "text/html"

    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play_out(game)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    finals = {m.to[0]: m for m in mail.outbox}
    assert set(finals) == {"ann@example.org", "ben@example.org"}
    assert f"{t.winner.shown_name} wins the tournament" in finals["ben@example.org"].body
