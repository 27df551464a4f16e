import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.models import Game

pytestmark = pytest.mark.django_db


def test_play_bots_plays_complete_games_and_prints_json_lines():
    out = StringIO()
    call_command(
        "play_bots", "toy", "--players", "3", "--games", "4", "--seed", "7", "--options", '{"target": "15"}', stdout=out
    )
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert [g["seed"] for g in games] == [7, 8, 9, 10]
    for g in games:
        assert g["options"] == {"target": "15", "sudden_death": False}
        assert g["moves"] > 0 and len(g["scores"]) == 3 and 1 in g["ranks"]
        assert Game.objects.get(pk=g["game_id"]).status == Game.Status.FINISHED
    assert summary["games"] == 4 and summary["moves"] == sum(g["moves"] for g in games)


def test_play_bots_refuses_bad_options_with_the_engines_reason():
    with pytest.raises(CommandError, match="Sudden death"):
        call_command("play_bots", "toy", "--players", "3", "--options", '{"sudden_death": true}', stdout=StringIO())
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("play_bots", "toy", "--options", "{", stdout=StringIO())
    assert not Game.objects.exists()


def test_play_bots_list_starts_each_line_with_a_slug():
    out = StringIO()
    call_command("play_bots", "--list", stdout=out)
    assert any(
        line.startswith("toy ") and "1-4" in line and "target=15|21" in line for line in out.getvalue().splitlines()
    )


def test_replay_check_passes_then_reports_a_tampered_game():
    call_command("play_bots", "toy", "--players", "2", "--games", "3", "--seed", "1", stdout=StringIO())
    out = StringIO()
    call_command("replay_check", stdout=out)
    assert "3 games checked, 0 differ" in out.getvalue()
    game = Game.objects.first()
    game.state["pile"] += 1
    game.save()
    out = StringIO()
    with pytest.raises(SystemExit) as exc:
        call_command("replay_check", stdout=out)
    assert exc.value.code == 1
    assert f"game {game.pk}" in out.getvalue() and "1 differ" in out.getvalue()


def test_load_demo_holds_back_console_emails_and_counts_them(settings, capsys):
    from django.core.mail import send_mail

    from games.management.commands.load_demo import console_mail_held_back

    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    with console_mail_held_back() as held:
        send_mail("Your turn", "It is your turn.", None, ["anna@example.org"])
        send_mail("Your turn", "It is your turn.", None, ["boris@example.org"])
    assert held["count"] == 2 and "Subject:" not in capsys.readouterr().out
    send_mail("After", "Printed again.", None, ["anna@example.org"])
    assert "Subject: After" in capsys.readouterr().out


@pytest.mark.django_db(transaction=True)  # the turn emails go out when the demo's tables commit
def test_load_demo_prints_the_players_and_password_last(settings, capsys):
    from games.services.demo import DEMO_PASSWORD

    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "Subject:" not in capsys.readouterr().out and "Subject:" not in out.getvalue()
    lines = out.getvalue().splitlines()
    assert len(lines) < 15 and lines[0].startswith("Created ")
    block = lines[lines.index("=" * 60) :]
    assert DEMO_PASSWORD in block[1] and [line.split()[0] for line in block[2:6]] == [
        "anna",
        "boris",
        "clara",
        "dmitri",
    ]
    assert block[-1] == "=" * 60
    # A second run creates nothing and still ends with the players.
    again = StringIO()
    call_command("load_demo", stdout=again)
    assert "Created" not in again.getvalue() and again.getvalue().rstrip().endswith("=" * 60)
