"""Games that started before games had the ``private`` mark get it from their table or tournament."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("games", "0004_move_compact_json"), ("rankings", "0001_initial")]
AFTER = [("games", "0005_game_private"), ("rankings", "0002_private_tournament_games")]


def _migrate(targets):
    """Migrate games and rankings to ``targets``, every other app to its latest; the apps as they are then."""
    executor = MigrationExecutor(connection)
    apps_named = {app for app, _name in targets}
    nodes = [n for n in executor.loader.graph.leaf_nodes() if n[0] not in apps_named] + list(targets)
    executor.migrate(nodes)
    return MigrationExecutor(connection).loader.project_state(nodes).apps


@pytest.mark.django_db(transaction=True)
def test_existing_games_are_marked_private_from_their_table_or_tournament():
    old = _migrate(BEFORE)
    try:
        User = old.get_model("accounts", "User")
        Table, Game = old.get_model("games", "Table"), old.get_model("games", "Game")
        Tournament, Round = old.get_model("rankings", "Tournament"), old.get_model("rankings", "Round")
        Pairing, Entry = old.get_model("rankings", "Pairing"), old.get_model("rankings", "Entry")
        olga, ann, ben = (User.objects.create(username=n, email=f"{n}@example.org") for n in ("olga", "ann", "ben"))

        def game(owner, invited_only):
            table = Table.objects.create(
                game_slug="toy", seats=2, owner=owner, invited_only=invited_only, status="started"
            )
            return Game.objects.create(table=table, game_slug="toy", seed=1, state={})

        private, public, bot_match = game(ann, True), game(ann, False), game(None, True)
        now = timezone.now()
        closed_cup = Tournament.objects.create(
            name="Closed",
            organiser=olga,
            game_slug="toy",
            invited_only=True,
            registration_opens=now,
            starts_at=now + timedelta(days=1),
        )
        open_cup = Tournament.objects.create(
            name="Open", organiser=olga, game_slug="toy", registration_opens=now, starts_at=now + timedelta(days=1)
        )
        Entry.objects.create(tournament=closed_cup, user=ann)
        Entry.objects.create(tournament=closed_cup, user=ben)
        closed_game, open_game = game(None, True), game(None, True)
        Pairing.objects.create(round=Round.objects.create(tournament=closed_cup, number=1), number=1, game=closed_game)
        Pairing.objects.create(round=Round.objects.create(tournament=open_cup, number=1), number=1, game=open_game)

        new = _migrate(AFTER)
        NewGame, Invitation = new.get_model("games", "Game"), new.get_model("games", "Invitation")
        marks = dict(NewGame.objects.values_list("pk", "private"))
        assert marks[private.pk] and marks[closed_game.pk]
        assert not marks[public.pk] and not marks[bot_match.pk] and not marks[open_game.pk]
        readers = set(Invitation.objects.filter(table_id=closed_game.table_id).values_list("user_id", flat=True))
        assert readers == {olga.pk, ann.pk, ben.pk}
    finally:
        _migrate([n for n in MigrationExecutor(connection).loader.graph.leaf_nodes() if n[0] in ("games", "rankings")])
