"""Your-turn emails: immediately, in a daily digest, or never; once per game and turn; not while watching."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client

from accounts.models import User
from games.services import presence
from games.services.moves import submit_move
from notifications.models import Digest, Notice, Reminder
from notifications.services import delivery, sweeps, turns, unsubscribe
from tests.factories import make_user, start_toy_game
from tests.notifications.helpers import html_of, started_game

pytestmark = pytest.mark.django_db
UTC = UTC


def _mover(game):
    return game.players.select_related("user").get(must_act=True)


def test_the_player_to_move_gets_one_email_with_text_html_game_opponents_deadline_and_link(
    django_capture_on_commit_callbacks,
):
    game = started_game(django_capture_on_commit_callbacks, "ann", "ben", "cleo")
    mover = _mover(game)
    (message,) = mail.outbox
    assert message.to == [mover.user.email]
    assert message.subject == f"Your turn in Toy #{game.pk}"
    others = [p.user.username for p in game.players.select_related("user") if p.seat != mover.seat]
    assert f"It is your turn in Toy #{game.pk} against {others[0]}, {others[1]}." in message.body
    assert f"http://localhost:8000/games/{game.pk}/" in message.body
    assert mover.deadline.strftime("%Y") in message.body and "Please move by" in message.body
    html = html_of(message)
    assert f'href="http://localhost:8000/games/{game.pk}/"' in html and "<strong>Toy #" in html
    assert message.extra_headers["List-Unsubscribe"].startswith("<http://localhost:8000/notifications/unsubscribe/")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message.extra_headers["List-Unsubscribe"][1:-1] in message.body


def test_never_more_than_one_email_per_game_and_turn(django_capture_on_commit_callbacks):
    game = started_game(django_capture_on_commit_callbacks, "ann", "ben")
    mover = _mover(game)
    assert len(mail.outbox) == 1
    # The same turn announced again (a retried task, a second worker) sends nothing new.
    assert turns.turn_started(game, [mover.seat]) == []
    notice = Notice.objects.get(kind=Notice.Kind.TURN)
    assert delivery.deliver(notice.pk) is False
    assert len(mail.outbox) == 1 and notice.email == Notice.Email.SENT
    # The next turn of the same player is a new occasion.
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, mover.user, {"type": "pass"}, version=0)
    other = _mover(game)
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, other.user, {"type": "play", "card": min(game.state["hands"][other.seat])}, version=1)
    assert [m.to[0] for m in mail.outbox] == [mover.user.email, other.user.email, mover.user.email]


def test_no_email_while_the_player_is_looking_at_the_game(django_capture_on_commit_callbacks):
    ann, ben = make_user("ann"), make_user("ben")
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(ann, ben)
    mail.outbox.clear()
    mover, other = _mover(game), game.players.exclude(must_act=True).select_related("user").get()
    presence.mark_watching(game.pk, other.user_id, "channel-1")
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, mover.user, {"type": "pass"}, version=0)
    assert mail.outbox == []
    # The board shows the turn already: no notice under the bell either.
    assert not Notice.objects.filter(user=other.user, kind=Notice.Kind.TURN).exists()


def test_never_means_no_turn_email(django_capture_on_commit_callbacks):
    ann = make_user("ann", turn_email=User.TurnEmail.NEVER)
    ben = make_user("ben", turn_email=User.TurnEmail.NEVER)
    with django_capture_on_commit_callbacks(execute=True):
        start_toy_game(ann, ben)
    assert mail.outbox == []
    assert Notice.objects.get(kind=Notice.Kind.TURN).email == Notice.Email.NONE


def test_the_email_speaks_the_recipients_language(django_capture_on_commit_callbacks):
    ann = make_user("ann", language="de", time_zone="Europe/Berlin")
    ben = make_user("ben", language="de", time_zone="Europe/Berlin")
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(ann, ben)
    (message,) = mail.outbox
    assert message.subject == f"Du bist am Zug: Toy #{game.pk}"
    assert "Hallo" in message.body and "Partie öffnen" in html_of(message)
    assert "(Europe/Berlin)" in message.body


def _digest_user(name, tz, hour=8):
    return make_user(name, turn_email=User.TurnEmail.DIGEST, time_zone=tz, digest_hour=hour)


def test_the_digest_goes_out_at_each_players_hour_in_their_time_zone(django_capture_on_commit_callbacks):
    berlin, new_york = _digest_user("berta", "Europe/Berlin"), _digest_user("nina", "America/New_York")
    bot_games = []
    with django_capture_on_commit_callbacks(execute=True):
        for user in (berlin, new_york):
            bot_games.append(start_toy_game(user, make_user(f"{user.username}-opp", turn_email="never")))
    for game in bot_games:  # make sure each digest player is the one to move
        mover = _mover(game)
        if mover.user.turn_email == User.TurnEmail.NEVER:
            with django_capture_on_commit_callbacks(execute=True):
                submit_move(game.pk, mover.user, {"type": "pass"}, version=game.version)
    assert mail.outbox == []
    winter = datetime(2026, 1, 15, tzinfo=UTC)

    def send_due_digests(now):  # the digest's email goes out once its transaction commits
        with django_capture_on_commit_callbacks(execute=True):
            return turns.send_due_digests(now)

    # 06:30 UTC: 07:30 in Berlin, 01:30 in New York: nobody yet.
    assert send_due_digests(winter.replace(hour=6, minute=30)) == 0
    # 07:05 UTC is 08:05 in Berlin.
    assert send_due_digests(winter.replace(hour=7, minute=5)) == 1
    assert [m.to for m in mail.outbox] == [[berlin.email]]
    assert "Your turn in 1 game" == mail.outbox[0].subject
    assert f"/games/{bot_games[0].pk}/" in mail.outbox[0].body
    # Running again within the hour sends nothing more.
    assert send_due_digests(winter.replace(hour=7, minute=35)) == 0
    # 13:05 UTC is 08:05 in New York.
    assert send_due_digests(winter.replace(hour=13, minute=5)) == 1
    assert [m.to for m in mail.outbox] == [[berlin.email], [new_york.email]]
    assert Digest.objects.filter(user=berlin, day=datetime(2026, 1, 15).date()).exists()
    assert not Notice.objects.filter(email=Notice.Email.DIGEST).exists()


def test_a_turn_already_played_is_left_out_of_the_digest(django_capture_on_commit_callbacks):
    ann, ben = _digest_user("ann", "UTC"), _digest_user("ben", "UTC")
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(ann, ben)
    first = _mover(game)
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, first.user, {"type": "pass"}, version=0)
    second = _mover(game)
    with django_capture_on_commit_callbacks(execute=True):
        assert turns.send_due_digests(datetime(2026, 1, 15, 9, tzinfo=UTC)) == 1
    (message,) = mail.outbox
    assert message.to == [second.user.email]
    assert Notice.objects.get(user=first.user).email == Notice.Email.SKIPPED


def test_a_reminder_goes_out_once_at_the_chosen_time_before_the_deadline(django_capture_on_commit_callbacks):
    ann = make_user("ann", reminder_hours=6)
    ben = make_user("ben", reminder_hours=6)
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(ann, ben, days_per_move=2)
    mail.outbox.clear()
    mover = _mover(game)
    reminder = Reminder.objects.get(player=mover)
    assert reminder.remind_at == mover.deadline - timedelta(hours=6)
    assert sweeps.send_due_reminders(reminder.remind_at - timedelta(minutes=1)) == 0
    with django_capture_on_commit_callbacks(execute=True):  # the email goes out once the reminder is committed
        assert sweeps.send_due_reminders(reminder.remind_at + timedelta(minutes=1)) == 1
    assert sweeps.send_due_reminders(reminder.remind_at + timedelta(minutes=2)) == 0
    (message,) = mail.outbox
    assert message.subject == f"Reminder: your move in Toy #{game.pk}" and message.to == [mover.user.email]
    assert "your seat times out" in message.body
    assert "reminders before a deadline" in message.body  # what the unsubscribe link turns off


def test_a_reminder_waits_when_a_vacation_moves_the_deadline(django_capture_on_commit_callbacks):
    from accounts import vacations

    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"), days_per_move=3)
    mover = _mover(game)
    reminder = Reminder.objects.get(player=mover)
    due = reminder.remind_at
    today = vacations.local_today(mover.user)
    with django_capture_on_commit_callbacks(execute=True):
        vacations.set_vacation(mover.user, today + timedelta(days=1), today + timedelta(days=1))
    mail.outbox.clear()
    assert sweeps.send_due_reminders(due + timedelta(minutes=1)) == 0
    reminder.refresh_from_db()
    assert reminder.remind_at == due + timedelta(days=1) and reminder.done_at is None
    assert sweeps.send_due_reminders(reminder.remind_at + timedelta(minutes=1)) == 1


def test_no_reminder_for_a_turn_already_played(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_toy_game(make_user("ann"), make_user("ben"), days_per_move=2)
    mover = _mover(game)
    due = Reminder.objects.get(player=mover).remind_at
    submit_move(game.pk, mover.user, {"type": "pass"}, version=0)
    mail.outbox.clear()
    assert sweeps.send_due_reminders(due + timedelta(minutes=1)) == 0
    assert mail.outbox == []


def test_the_unsubscribe_link_works_without_login_and_asks_first():
    ann = make_user("ann")
    link = unsubscribe.url(ann, "turn").removeprefix("http://localhost:8000")
    client = Client(enforce_csrf_checks=True)
    page = client.get(link)
    assert page.status_code == 200 and "Stop sending emails when it is your turn" in page.content.decode()
    ann.refresh_from_db()
    assert ann.turn_email == User.TurnEmail.IMMEDIATE  # a link checker's GET changes nothing
    done = client.post(link)
    assert done.status_code == 200 and "Done" in done.content.decode()
    ann.refresh_from_db()
    assert ann.turn_email == User.TurnEmail.NEVER


def test_a_mail_clients_one_click_post_unsubscribes():
    ann = make_user("ann")
    link = unsubscribe.url(ann, "reminder").removeprefix("http://localhost:8000")
    response = Client(enforce_csrf_checks=True).post(
        link, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200
    ann.refresh_from_db()
    assert ann.reminder_hours == 0


def test_a_forged_or_altered_unsubscribe_link_is_refused():
    ann, ben = make_user("ann"), make_user("ben")
    token = unsubscribe.token(ann, "turn")
    for bad in (token[:-2] + "xx", "nonsense", unsubscribe.token(ben, "turn").replace(":", ";")):
        response = Client().post(f"/notifications/unsubscribe/{bad}/")
        assert response.status_code == 400 and "not valid" in response.content.decode()
    ann.refresh_from_db()
    assert ann.turn_email == User.TurnEmail.IMMEDIATE
