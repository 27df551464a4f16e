"""No email goes to an address its owner has not confirmed; it does once they have."""

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from notifications.services import mail as mails
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db


def _mover(game):
    return game.players.select_related("user").get(must_act=True)


def test_the_player_to_move_with_an_unconfirmed_address_gets_no_turn_email(django_capture_on_commit_callbacks):
    ann, ben = make_user("ann", verified=False), make_user("ben", verified=False)
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(ann, ben)
    assert _mover(game).user in (ann, ben)
    assert mail.outbox == []


def test_a_confirmed_address_gets_the_email_and_a_changed_unconfirmed_one_does_not():
    ann = make_user("ann")
    context = {"game_name": "Toy #1"}
    assert mails.build(ann, "notifications/email/turn", context, "turn") is not None
    ann.email = "new@example.org"
    ann.save()
    EmailAddress.objects.create(user=ann, email="new@example.org", verified=False)
    assert mails.build(ann, "notifications/email/turn", context, "turn") is None
    EmailAddress.objects.filter(email="new@example.org").update(verified=True)
    assert mails.build(ann, "notifications/email/turn", context, "turn") is not None
