import pytest

from games.models import Game, Table
from games.services import tables
from games.services.errors import Forbidden, NotFound, TableError
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def test_owner_takes_the_first_seat_and_table_is_open():
    alice = make_user("alice")
    table = tables.create_table(alice, "toy", 2, {"target": "15"})
    assert table.status == Table.Status.OPEN
    assert [s.user for s in table.taken_seats.all()] == [alice]
    assert table.options == {"target": "15", "sudden_death": False}


def test_invalid_option_combination_reports_the_engines_reason():
    alice = make_user("alice")
    with pytest.raises(TableError, match="Sudden death is only for one or two players"):
        tables.create_table(alice, "toy", 3, {"sudden_death": True})
    assert not Table.objects.exists()


def test_player_count_outside_the_games_range_is_refused():
    with pytest.raises(TableError, match="1 to 4 players"):
        tables.create_table(make_user("alice"), "toy", 5)


def test_unknown_option_value_is_refused():
    with pytest.raises(TableError, match="Unknown value"):
        tables.create_table(make_user("alice"), "toy", 2, {"target": "99"})


def test_joining_fills_the_table_and_starts_a_game_with_a_seeded_seat_order():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    table = tables.create_table(alice, "toy", 3)
    tables.join_table(table.pk, bob)
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    tables.join_table(table.pk, carol)
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED
    game = Game.objects.get(table=table)
    assert sorted(p.user.username for p in game.players.all()) == ["alice", "bob", "carol"]
    assert [p.seat for p in game.players.all()] == [0, 1, 2]
    assert game.players.get(seat=0).must_act


def test_seat_order_is_reproducible_from_the_seed():
    from games.services.tables import start_game

    users = [make_user(n) for n in ("alice", "bob", "carol", "dave")]
    orders = []
    for attempt in range(2):
        table = (
            tables.create_table(users[0], "toy", 4)
            if attempt == 0
            else Table.objects.create(
                game_slug="toy", options={"target": "21", "sudden_death": False}, seats=4, owner=users[0]
            )
        )
        if attempt == 1:
            for u in users:
                table.taken_seats.create(user=u)
        else:
            for u in users[1:3]:
                tables.join_table(table.pk, u)
            table.taken_seats.create(user=users[3])
        game = start_game(table, list(table.taken_seats.all()), seed=1234)
        orders.append([p.user.username for p in game.players.order_by("seat")])
    assert orders[0] == orders[1]


def test_private_table_needs_an_invitation():
    alice, bob, eve = make_user("alice"), make_user("bob"), make_user("eve")
    table = tables.create_table(alice, "toy", 3, invited_only=True)
    with pytest.raises(NotFound):  # a table eve may not see answers as a missing one
        tables.join_table(table.pk, eve)
    tables.invite(table.pk, alice, "bob")
    tables.join_table(table.pk, bob)
    assert table.taken_seats.filter(user=bob).exists()
    assert not table.taken_seats.filter(user=eve).exists()


def test_invite_unknown_user_or_twice_is_refused():
    alice = make_user("alice")
    make_user("bob")
    table = tables.create_table(alice, "toy", 2)
    with pytest.raises(TableError, match="no player called"):
        tables.invite(table.pk, alice, "nobody")
    tables.invite(table.pk, alice, "BOB")
    with pytest.raises(TableError, match="already invited"):
        tables.invite(table.pk, alice, "bob")
    assert table.invitations.count() == 1


def test_only_the_owner_adds_bots_or_cancels():
    alice, bob = make_user("alice"), make_user("bob")
    table = tables.create_table(alice, "toy", 3)
    tables.join_table(table.pk, bob)
    with pytest.raises(Forbidden):
        tables.add_bot(table.pk, bob)
    with pytest.raises(Forbidden):
        tables.cancel_table(table.pk, bob)
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN


def test_bots_fill_the_table_and_play_until_a_person_must_act(django_capture_on_commit_callbacks):
    alice = make_user("alice")
    table = tables.create_table(alice, "toy", 3)
    with django_capture_on_commit_callbacks(execute=True):
        tables.fill_with_bots(table.pk, alice)
    game = Game.objects.get(table=table)
    assert game.players.filter(is_bot=True).count() == 2
    to_act = [p.seat for p in game.players.filter(must_act=True)]
    game.refresh_from_db()
    if game.status == Game.Status.ACTIVE:
        assert game.players.get(seat=to_act[0]).user == alice
    assert not game.rated  # one person against bots is never rated


def test_leave_and_cancel():
    alice, bob = make_user("alice"), make_user("bob")
    table = tables.create_table(alice, "toy", 3)
    tables.join_table(table.pk, bob)
    tables.leave_table(table.pk, bob)
    assert table.taken_seats.count() == 1
    with pytest.raises(TableError, match="cancel it instead"):
        tables.leave_table(table.pk, alice)
    tables.cancel_table(table.pk, alice)
    with pytest.raises(TableError, match="no longer open"):
        tables.join_table(table.pk, bob)


def test_joining_twice_or_a_full_table_is_refused():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    table = tables.create_table(alice, "toy", 3)
    tables.join_table(table.pk, bob)
    with pytest.raises(TableError, match="already sit"):
        tables.join_table(table.pk, bob)
    tables.add_bot(table.pk, alice)
    with pytest.raises(TableError, match="no longer open"):
        tables.join_table(table.pk, carol)


def test_who_may_see_a_table_is_the_lobbys_rule_and_an_open_table_costs_no_query(django_assert_num_queries):
    from django.contrib.auth.models import AnonymousUser

    alice, bob, eve = make_user("alice"), make_user("bob"), make_user("eve")
    private = tables.create_table(alice, "toy", 3, invited_only=True)
    tables.invite(private.pk, alice, "bob")
    open_table = tables.create_table(eve, "toy", 2)
    with django_assert_num_queries(0):
        assert tables.may_see(open_table, AnonymousUser())
    for user in (alice, bob, eve, AnonymousUser()):
        listed = Table.objects.filter(tables.visible_to(user), pk=private.pk).exists()
        assert tables.may_see(private, user) is listed is (user in (alice, bob))


def _invitation_entries():
    from plumbing.models import OutboxEntry

    return OutboxEntry.objects.filter(kind="games.invitation")


def test_an_invitation_records_its_notice_in_its_own_transaction_and_a_rollback_records_nothing():
    from django.db import transaction

    alice, bob = make_user("alice"), make_user("bob")
    make_user("cid")
    table = tables.create_table(alice, "toy", 3, invited_only=True)
    with transaction.atomic():
        tables.invite(table.pk, alice, "bob")
        # Before the commit: the entry is part of the invitation's transaction.
        assert [e.payload for e in _invitation_entries()] == [{"table_id": table.pk, "user_id": bob.pk}]
    with pytest.raises(RuntimeError), transaction.atomic():
        tables.invite(table.pk, alice, "cid")
        raise RuntimeError("the request failed after the invitation")
    assert _invitation_entries().count() == 1 and table.invitations.count() == 1


def test_an_invitation_lost_after_its_commit_is_told_by_the_outbox_once_however_often_it_runs():
    from games.services import after_commit
    from notifications.models import Notice
    from plumbing import outbox

    alice, bob = make_user("alice"), make_user("bob")
    table = tables.create_table(alice, "toy", 3, invited_only=True)
    tables.invite(table.pk, alice, "bob")  # in this test the commit's hand-over never runs: a dead process
    assert not Notice.objects.filter(user=bob).exists()
    entry = _invitation_entries().get()
    assert outbox.run(entry.pk) is True
    after_commit.tell_invitation(entry)  # a second run, e.g. a sweep after a lost "done" mark
    notices = Notice.objects.filter(user=bob, kind=Notice.Kind.INVITATION)
    assert notices.count() == 1 and notices.get().data["table_id"] == table.pk
