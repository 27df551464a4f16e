"""The end screen shows the rating change that the summary email shows."""

import re

import pytest
from django.core import mail

from rankings.models import RatingChange
from tests.factories import make_user, start_toy_game
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db


def test_the_end_screen_shows_each_persons_rating_and_change(client, django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(ann, ben, rated=True)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(game)
    changes = {c.user.username: c for c in RatingChange.objects.filter(game=game).select_related("user")}
    assert set(changes) == {"ann", "ben"}
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/").content.decode()
    result = html.split('class="panel result"')[1].split("</table>")[0]
    assert "Rating change" in result
    summary = next(m for m in mail.outbox if m.to == [ann.email] and "is over" in m.subject)
    for name, change in changes.items():
        delta = round(change.after) - round(change.before)
        row = re.search(rf"<tr[^>]*><td>\d</td><td>{name}</td>.*?</tr>", result).group(0)
        assert f">{round(change.after)}<" in row and f">{delta:+d}<" in row
        assert re.search(rf"{name}.*{round(change.after)}\s+{re.escape(f'{delta:+d}')}", summary.body)


def test_an_unrated_game_shows_no_rating_columns(client, django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(ann, ben, rated=False)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(game)
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Final result" in html and "Rating change" not in html
