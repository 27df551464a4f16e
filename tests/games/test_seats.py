"""A game's seats in one query: seat order, names, vacation flags."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Vacation
from games.services.log import player_names
from games.services.rows import seats
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db


def test_seats_come_in_seat_order_with_names_and_vacation_flags_in_one_query():
    alice, bob = make_user("alice", display_name="Alice A."), make_user("bob")
    game = start_toy_game(alice, bob, bots=1)
    today = timezone.now().date()
    Vacation.objects.create(user=bob, starts_on=today, ends_on=today + timedelta(days=2))
    Vacation.objects.create(user=alice, starts_on=today - timedelta(days=30), ends_on=today - timedelta(days=20))

    with CaptureQueriesContext(connection) as captured:
        players = seats(game)
        by_user = {p.user_id: p for p in players}
        names = player_names(players)
        assert [p.seat for p in players] == [0, 1, 2]
        assert all(p.game_id == game.pk for p in players)
    assert len(captured.captured_queries) == 1

    assert (by_user[alice.pk].username, by_user[alice.pk].shown_name, by_user[alice.pk].away) == (
        "alice",
        "Alice A.",
        False,
    )
    assert (by_user[bob.pk].username, by_user[bob.pk].shown_name, by_user[bob.pk].away) == ("bob", "bob", True)
    bot = next(p for p in players if p.is_bot)
    assert (bot.username, bot.shown_name, bot.away) == (None, None, False)
    assert names[bot.seat] == f"Bot {bot.seat + 1}"
    assert names[by_user[alice.pk].seat] == "Alice A."
