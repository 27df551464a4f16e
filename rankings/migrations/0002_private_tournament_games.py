from django.db import migrations


def hide_invited_only_tournament_games(apps, schema_editor):
    """Games of invited-only tournaments become private, readable by those who see the tournament."""
    Pairing = apps.get_model("rankings", "Pairing")
    Game = apps.get_model("games", "Game")
    Invitation = apps.get_model("games", "Invitation")
    pairings = Pairing.objects.filter(game__isnull=False, round__tournament__invited_only=True).select_related(
        "game", "round__tournament")
    for pairing in pairings:
        t = pairing.round.tournament
        readers = {t.organiser_id, *t.invitations.values_list("user_id", flat=True),
                   *t.entries.values_list("user_id", flat=True)}
        Game.objects.filter(pk=pairing.game_id).update(private=True)
        if pairing.game.table_id is not None:
            for user_id in readers:
                Invitation.objects.get_or_create(table_id=pairing.game.table_id, user_id=user_id)


class Migration(migrations.Migration):

    dependencies = [
        ("rankings", "0001_initial"),
        ("games", "0005_game_private"),
    ]

    operations = [
        migrations.RunPython(hide_invited_only_tournament_games, migrations.RunPython.noop),
    ]
