from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.services.errors import Forbidden
from rankings import signals, tasks
from rankings.models import Entry, Pairing, Tournament
from rankings.services import tournaments
from rankings.services.tournaments import TournamentError, table_points
from tests.factories import make_user
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db


def _tournament(organiser, **kwargs):
    defaults = dict(name="Spring cup", game_slug="toy", starts_at=timezone.now() + timedelta(days=1))
    return tournaments.create_tournament(organiser, **{**defaults, **kwargs})


def _play_round(t, capture):
    games = Game.objects.filter(tournament_pairing__round__tournament=t, status=Game.Status.ACTIVE)
    for game in list(games):
        with capture(execute=True):
            play_out(game)
    t.refresh_from_db()


@pytest.fixture
def heard():
    got = {"rounds": [], "finished": []}

    def on_round(sender, tournament, round, games, **kw):
        got["rounds"].append((round.number, len(games)))

    def on_finish(sender, tournament, **kw):
        got["finished"].append(tournament.winner)

    signals.tournament_round_started.connect(on_round)
    signals.tournament_finished.connect(on_finish)
    yield got
    signals.tournament_round_started.disconnect(on_round)
    signals.tournament_finished.disconnect(on_finish)


def test_table_points_share_ranks_pairwise():
    assert table_points({1: 1, 2: 2}) == {1: 1.0, 2: 0.0}
    assert table_points({1: 1, 2: 1, 3: 3}) == {1: 0.75, 2: 0.75, 3: 0.0}
    assert table_points({1: 2, 2: 1, 3: 3, 4: 4}) == {1: 2 / 3, 2: 1.0, 3: 1 / 3, 4: 0.0}


def test_options_are_checked_by_the_engine_for_every_table_size():
    org = make_user("org")
    with pytest.raises(TournamentError, match="Sudden death"):
        _tournament(org, table_size=3, options={"sudden_death": True})
    with pytest.raises(TournamentError, match="seat 2 to 4"):
        _tournament(org, table_size=5)
    with pytest.raises(TournamentError, match="after registration opens"):
        _tournament(org, starts_at=timezone.now() - timedelta(hours=1))
    assert _tournament(org, options={"target": "15"}).options == {"target": "15", "sudden_death": False}


def test_registration_invitations_and_withdrawal_before_the_start():
    org, ann = make_user("org"), make_user("ann")
    make_user("ben")
    t = _tournament(org, invited_only=True)
    with pytest.raises(Forbidden):
        tournaments.register(t.pk, ann)
    tournaments.invite(t.pk, org, "ann")
    with pytest.raises(Forbidden):
        tournaments.invite(t.pk, ann, "ben")
    tournaments.register(t.pk, ann)
    with pytest.raises(TournamentError, match="already registered"):
        tournaments.register(t.pk, ann)
    tournaments.withdraw(t.pk, ann)
    assert not Entry.objects.exists()
    with pytest.raises(TournamentError, match="Not enough players"):
        tournaments.start(t.pk, by=org)
    with pytest.raises(TournamentError, match="closed"):
        tournaments.register(t.pk, ann, now=t.starts_at)


def test_a_swiss_tournament_is_played_through_by_bots(django_capture_on_commit_callbacks, heard):
    org = make_user("org")
    players = [make_user(n) for n in ("ann", "ben", "cid", "dan", "eve")]
    t = _tournament(org, rounds=3, table_size=2)
    for u in players:
        tournaments.register(t.pk, u)
    with pytest.raises(Forbidden):
        tournaments.start(t.pk, by=players[0])
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.start(t.pk, by=org)  # early, by the organiser
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and heard["rounds"] == [(1, 2)]
    for _ in range(3):
        assert tasks.advance_tournament(t.pk) is False  # games still running
        _play_round(t, django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    assert [n for n, _ in heard["rounds"]] == [1, 2, 3]
    assert heard["finished"] == [t.winner]
    rows = tournaments.standings(t)
    assert rows[0].entry.user == t.winner
    assert sum(r.points for r in rows) == 3 * 3  # two games and one bye worth a point per round
    assert all(r.byes <= 1 for r in rows) and sum(r.byes for r in rows) == 3
    keys = [(-r.points, -r.buchholz) for r in rows]
    assert keys == sorted(keys)
    # Games were rated: everyone has a toy rating now.
    assert all(u.ratings.filter(game_slug="toy").exists() for u in players)
    # Running the check again changes nothing.
    assert tasks.advance_tournaments() == 0


def test_a_knockout_with_four_player_tables(django_capture_on_commit_callbacks, heard):
    org = make_user("org")
    players = [make_user(f"p{i}") for i in range(6)]
    t = _tournament(org, format=Tournament.Format.KNOCKOUT, table_size=3, rated=False)
    for u in players:
        tournaments.register(t.pk, u)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.advance_tournaments.delay()  # not due yet
        assert Tournament.objects.get().status == Tournament.Status.REGISTRATION
        tournaments.advance_all(now=t.starts_at)
    t.refresh_from_db()
    assert heard["rounds"] == [(1, 2)]
    assert tournaments.total_rounds(t) == 2
    _play_round(t, django_capture_on_commit_callbacks)
    assert heard["rounds"][-1] == (2, 1)  # the two table winners meet
    _play_round(t, django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    assert Entry.objects.filter(tournament=t, eliminated=False).get().user == t.winner
    assert not Game.objects.filter(rated=True).exists()


def test_round_robin_in_groups(django_capture_on_commit_callbacks):
    org = make_user("org")
    players = [make_user(f"p{i}") for i in range(6)]
    t = _tournament(org, format=Tournament.Format.ROUND_ROBIN, table_size=2, group_size=3)
    for u in players:
        tournaments.register(t.pk, u)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.start(t.pk, by=org)
    t.refresh_from_db()
    assert sorted(Entry.objects.values_list("group", flat=True)) == [0, 0, 0, 1, 1, 1]
    assert tournaments.total_rounds(t) == 3
    for _ in range(3):
        _play_round(t, django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    met = {}
    for p in Pairing.objects.filter(round__tournament=t).exclude(game=None).prefetch_related("seats"):
        key = frozenset(s.entry_id for s in p.seats.all())
        met[key] = met.get(key, 0) + 1
    assert len(met) == 6 and set(met.values()) == {1}  # 3 pairs per group, each once


def test_unregistered_start_at_the_deadline_cancels():
    t = _tournament(make_user("org"))
    tournaments.advance_all(now=t.starts_at + timedelta(minutes=1))
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED
