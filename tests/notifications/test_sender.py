"""The sender's name is the site's name in the recipient's language; an operator's own name stays."""

import pytest
from django.core import mail

from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language, name", [("de", "Brettspielclub"), ("en", "Boardgame Club")])
def test_turn_and_reset_emails_come_from_the_club_in_the_readers_language(
    client, django_capture_on_commit_callbacks, language, name
):
    ann = make_user("ann", language=language)
    with django_capture_on_commit_callbacks(execute=True):
        start_toy_game(ann, make_user("ben", language=language))
    client.post("/accounts/password/reset/", {"email": ann.email})
    assert len(mail.outbox) == 2
    for message in mail.outbox:
        assert message.from_email == f"{name} <noreply@localhost>"


def test_an_operators_own_sender_name_is_kept(settings, django_capture_on_commit_callbacks):
    settings.DEFAULT_FROM_EMAIL = "Spieletreff Nord <spiele@example.org>"
    with django_capture_on_commit_callbacks(execute=True):
        start_toy_game(make_user("ann", language="de"), make_user("ben", language="de"))
    (message,) = mail.outbox
    assert message.from_email == "Spieletreff Nord <spiele@example.org>"
