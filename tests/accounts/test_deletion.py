"""Deleting one's account: personal data goes, others' games and ratings stay as they were."""

from datetime import date, timedelta

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.test import Client
from django.utils import timezone, translation
from rest_framework.test import APIClient

from accounts import personal_data
from accounts.deletion import AccountDeletionError, delete_account
from accounts.models import ApiToken, Vacation
from games.models import ChatMessage, Game, Invitation, Table
from games.services import play, tables
from notifications.models import Notice
from notifications.services import notices
from rankings.models import Entry, Rating, RatingChange, TournamentInvitation
from rankings.services import tournaments
from tests.factories import api_token, make_user
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db
User = get_user_model()
PASSWORD = "pw-For-tests-123"


@pytest.fixture
def world(django_capture_on_commit_callbacks):
    """alice, who will leave, with a rated finished game against bob, a running game against bob and
    carol, a private table she opened, a seat at carol's open table, a tournament entry, notices,
    a vacation, a token and chat lines."""
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    with django_capture_on_commit_callbacks(execute=True):
        finished = play_out(tables.start_seated_game("toy", [alice, bob], seed=3))
    running = tables.start_seated_game("toy", [alice, bob, carol], seed=4)
    play.post_chat(running, alice, "good luck all")
    play.post_chat(running, bob, "thanks")
    own = tables.create_table(alice, "toy", 3, {}, invited_only=True)
    tables.invite(own.pk, alice, "bob")
    carols = tables.create_table(carol, "toy", 3, {}, invited_only=True)
    tables.invite(carols.pk, carol, "alice")
    tables.join_table(carols.pk, alice)
    now = timezone.now()
    cup = tournaments.create_tournament(
        carol, name="Cup", game_slug="toy", starts_at=now + timedelta(days=2), invited_only=True
    )
    tournaments.invite(cup.pk, carol, "alice")
    tournaments.register(cup.pk, alice)
    notices.create(alice, Notice.Kind.TURN, "turn:test", game=running)
    Vacation.objects.create(user=alice, starts_on=date(2030, 1, 1), ends_on=date(2030, 1, 3))
    alice_key = api_token(alice)
    return {
        "alice": alice,
        "alice_key": alice_key,
        "bob": bob,
        "carol": carol,
        "finished": finished,
        "running": running,
        "own": own,
        "carols": carols,
        "cup": cup,
    }


def _others_history(alice):
    return sorted(RatingChange.objects.exclude(user=alice).values_list("game_id", "user_id", "before", "after", "rank"))


def test_a_wrong_or_missing_password_deletes_nothing(world):
    alice = world["alice"]
    for wrong in ("", "not it"):
        with pytest.raises(AccountDeletionError):
            delete_account(alice, wrong)
    alice.refresh_from_db()
    assert alice.deleted_at is None and alice.username == "alice" and alice.check_password(PASSWORD)
    assert Notice.objects.filter(user=alice).exists()


def test_deleting_keeps_others_history_and_ratings_and_removes_personal_data(world, django_capture_on_commit_callbacks):
    alice, bob = world["alice"], world["bob"]
    ratings_before = {(r.user_id, r.game_slug): (r.rating, r.games) for r in Rating.objects.all()}
    history_before = _others_history(alice)
    mine_before = list(RatingChange.objects.filter(user=alice).values_list("game_id", "before", "after", "rank"))
    assert mine_before
    with django_capture_on_commit_callbacks(execute=True):
        delete_account(alice, PASSWORD)
    alice.refresh_from_db()
    # The row stays, emptied: nobody's ratings or history change, hers stay under a neutral name.
    assert {(r.user_id, r.game_slug): (r.rating, r.games) for r in Rating.objects.all()} == ratings_before
    assert _others_history(alice) == history_before
    assert (
        list(RatingChange.objects.filter(user=alice).values_list("game_id", "before", "after", "rank")) == mine_before
    )
    finished = Game.objects.get(pk=world["finished"].pk)
    assert finished.status == Game.Status.FINISHED and finished.players.filter(user=alice).exists()
    assert alice.username == f"deleted:{alice.pk}" and alice.display_name == ""
    assert "alice" not in alice.email and alice.email.endswith("@deleted.invalid")
    assert not alice.has_usable_password() and not alice.is_active
    assert alice.deleted_at is not None
    assert not ApiToken.objects.filter(user=alice).exists()
    assert not EmailAddress.objects.filter(user=alice).exists()
    assert not Vacation.objects.filter(user=alice).exists()
    assert not Notice.objects.filter(user=alice).exists()
    assert not Invitation.objects.filter(user=alice).exists()
    assert not TournamentInvitation.objects.filter(user=alice).exists()
    # Her chat lines stay in the conversation, shown under the neutral name.
    line = ChatMessage.objects.get(game=world["running"], text="good luck all")
    assert line.user.shown_name == f"Deleted player {alice.pk}"
    assert ChatMessage.objects.filter(game=world["running"], user=bob).exists()


def test_a_running_game_goes_on_with_a_bot_in_her_seat(world, django_capture_on_commit_callbacks):
    alice = world["alice"]
    with django_capture_on_commit_callbacks(execute=True):
        delete_account(alice, PASSWORD)
    game = Game.objects.get(pk=world["running"].pk)
    seat = game.players.get(user=alice)
    # The other two play on; her seat resigned (ranks last) and a bot plays it, as after any resignation.
    assert seat.resigned and seat.bot_took_over
    assert game.status == Game.Status.ACTIVE
    assert not Notice.objects.filter(user=alice).exists()


def test_a_two_player_running_game_ends_by_her_resignation():
    alice, bob = make_user("alice"), make_user("bob")
    game = tables.start_seated_game("toy", [alice, bob], seed=5)
    delete_account(alice, PASSWORD)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["reason"] == "resignation"
    assert game.players.get(user=alice).rank == 2 and game.players.get(user=bob).rank == 1


def test_her_open_tables_close_she_leaves_others_and_her_entries_are_withdrawn(world):
    alice = world["alice"]
    delete_account(alice, PASSWORD)
    assert Table.objects.get(pk=world["own"].pk).status == Table.Status.CANCELLED
    carols = Table.objects.get(pk=world["carols"].pk)
    assert carols.status == Table.Status.OPEN and not carols.taken_seats.filter(user=alice).exists()
    assert not Entry.objects.filter(user=alice, tournament=world["cup"]).exists()


def test_the_neutral_name_is_translated_where_it_is_shown(world):
    alice = world["alice"]
    delete_account(alice, PASSWORD)
    alice.refresh_from_db()
    with translation.override("de"):
        assert alice.shown_name == f"Gelöschter Spieler {alice.pk}"
        view = play.game_view(Game.objects.get(pk=world["running"].pk), world["bob"])
        assert f"Gelöschter Spieler {alice.pk}" in [p["name"] for p in view["players"]]
    response = Client().get(f"/games/{world['finished'].pk}/")
    assert f"Deleted player {alice.pk}".encode() in response.content
    assert b"alice" not in response.content
    for path in (f"/players/deleted:{alice.pk}/", f"/rankings/players/deleted:{alice.pk}/"):
        profile = Client().get(path)
        assert profile.status_code == 200, path
        assert f"Deleted player {alice.pk}".encode() in profile.content and b"alice" not in profile.content


def test_a_deleted_account_cannot_sign_in_and_its_sessions_and_tokens_end(world):
    alice = world["alice"]
    browser = Client()
    browser.force_login(alice)
    api = APIClient()
    key = world["alice_key"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/me/").status_code == 200
    delete_account(alice, PASSWORD)
    assert browser.get("/accounts/settings/").status_code == 302  # sent to the login page
    assert api.get("/api/me/").status_code in (401, 403)
    assert not Client().login(username="alice", password=PASSWORD)
    assert not Client().login(username=f"deleted:{alice.pk}", password=PASSWORD)
    with pytest.raises(AccountDeletionError):
        delete_account(alice, PASSWORD)


def test_her_name_and_address_are_free_again_and_invites_do_not_find_her(world):
    alice = world["alice"]
    delete_account(alice, PASSWORD)
    response = Client().post(
        "/accounts/signup/",
        {
            "username": "alice",
            "email": "alice@example.org",
            "password1": "another Pass-42x",
            "password2": "another Pass-42x",
        },
    )
    assert response.status_code == 302
    newcomer = User.objects.get(username="alice")
    assert newcomer.pk != alice.pk and newcomer.email == "alice@example.org"
    table = tables.create_table(world["bob"], "toy", 2, {}, invited_only=True)
    with pytest.raises(tables.TableError):
        tables.invite(table.pk, world["bob"], f"deleted:{alice.pk}")


def test_no_notice_is_kept_for_a_deleted_account(world):
    alice = world["alice"]
    delete_account(alice, PASSWORD)
    alice.refresh_from_db()
    notice, created = notices.create(alice, Notice.Kind.FINISHED, "finished:late", game=world["running"])
    assert not created and notice.pk is None
    assert not Notice.objects.filter(user=alice).exists()


# Rows that refer to a person and stay, on purpose, after the account is deleted (they are others'
# history too, or shown under the neutral name). Every other table pointing at the user must be
# emptied by a cleaner of accounts.personal_data: a new one (a library's email addresses or API
# tokens) makes the test below fail until its cleaner is registered.
KEPT = {
    ("games", "Player", "user"),
    ("games", "ChatMessage", "user"),
    ("rankings", "Rating", "user"),
    ("rankings", "RatingChange", "user"),
    ("rankings", "Tournament", "organiser"),
    ("rankings", "Tournament", "winner"),
    ("rankings", "Entry", "user"),  # entries of tournaments that ran: their standings
    ("games", "Table", "owner"),  # closed (cancelled) or played tables
    ("games", "TableSeat", "user"),  # seats of started tables: who sat down
}


def test_every_table_pointing_at_a_person_is_cleaned_or_kept_on_purpose(world, django_capture_on_commit_callbacks):
    alice = world["alice"]
    with django_capture_on_commit_callbacks(execute=True):
        delete_account(alice, PASSWORD)
    left = []
    for model in apps.get_models(include_auto_created=True):
        for field in model._meta.get_fields():
            if isinstance(field, models.ForeignKey) and field.related_model is User:
                key = (model._meta.app_label, model.__name__, field.name)
                if key not in KEPT and model.objects.filter(**{field.name: alice.pk}).exists():
                    left.append(key)
    assert left == []
    assert {s.name for s in personal_data.sections()} >= {
        "profile",
        "settings",
        "vacations",
        "api_tokens",
        "email_addresses",
        "games",
        "chat_messages",
        "tables",
        "ratings",
        "rating_history",
        "tournament_entries",
        "notices",
        "push_devices",
    }


def test_the_settings_page_deletes_with_password_and_confirmation():
    alice = make_user("alice")
    browser = Client()
    browser.force_login(alice)
    page = browser.get("/accounts/settings/")
    assert b"/accounts/settings/delete/" in page.content and b"/accounts/settings/data/" in page.content
    form = browser.get("/accounts/settings/delete/")
    assert form.status_code == 200 and b"cannot be undone" in form.content
    unconfirmed = browser.post("/accounts/settings/delete/", {"password": PASSWORD})
    wrong = browser.post("/accounts/settings/delete/", {"password": "nope", "confirm": "on"})
    assert unconfirmed.status_code == wrong.status_code == 400
    assert b"The password is not correct." in wrong.content
    alice.refresh_from_db()
    assert alice.deleted_at is None
    done = browser.post("/accounts/settings/delete/", {"password": PASSWORD, "confirm": "on"}, follow=True)
    assert done.status_code == 200 and b"Your account has been deleted." in done.content
    alice.refresh_from_db()
    assert alice.deleted_at is not None
    assert browser.get("/accounts/settings/").status_code == 302


def test_the_deletion_page_speaks_german():
    alice = make_user("alice", language="de")
    browser = Client()
    browser.force_login(alice)
    page = browser.get("/accounts/settings/delete/", HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert "Konto löschen" in text and "nicht rückgängig" in text
    wrong = browser.post("/accounts/settings/delete/", {"password": "nope", "confirm": "on"}, HTTP_ACCEPT_LANGUAGE="de")
    assert "Das Passwort ist nicht richtig." in wrong.content.decode()
