"""The bell counts games waiting for the player: one turn notice per game, updated in place, none while watching."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone, translation

from games.models import Game
from games.services import presence
from games.services.moves import submit_move
from notifications.models import Notice
from notifications.services import notices
from rankings.models import Tournament
from rankings.services import tournaments
from tests.factories import make_user, start_toy_game
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db


def _mover(game):
    return game.players.select_related("user").get(must_act=True)


def _move(capture, game, player, move):
    game.refresh_from_db()
    with capture(execute=True):
        submit_move(game.pk, player.user, move, version=game.version)


def test_a_game_keeps_one_turn_notice_that_each_new_turn_brings_back_unread(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    ann, ben = make_user("ann"), make_user("ben")
    with capture(execute=True):
        game = start_toy_game(ann, ben)
    first = _mover(game)
    first_notice = Notice.objects.get(user=first.user, kind=Notice.Kind.TURN)
    turns_of_first = 1
    for _round in range(2):
        _move(capture, game, _mover(game), {"type": "pass"})  # first passes
        second = _mover(game)
        game.refresh_from_db()
        _move(capture, game, second, {"type": "play", "card": min(game.state["hands"][second.seat])})
        turns_of_first += 1
    assert _mover(game).user == first.user and turns_of_first == 3
    (notice,) = Notice.objects.filter(user=first.user, kind=Notice.Kind.TURN)
    assert notice.pk == first_notice.pk and notice.read_at is None
    assert notice.created_at > first_notice.created_at
    assert notice.data["turn_started_at"] == _mover(game).turn_started_at.isoformat()
    assert notices.unread_count(first.user) == 1
    # Each new turn still gets its own email (one per game and turn).
    assert [m.to[0] for m in mail.outbox].count(first.user.email) == 3


def test_the_bell_counts_games_waiting_and_forgets_a_turn_once_played(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    ann = make_user("ann")
    with capture(execute=True):
        games = [start_toy_game(ann, make_user(f"opp{i}")) for i in range(3)]
    for game in games:  # make ann the one to move everywhere
        if _mover(game).user != ann:
            _move(capture, game, _mover(game), {"type": "pass"})
    assert notices.unread_count(ann) == 3
    games[0].refresh_from_db()
    _move(
        capture,
        games[0],
        _mover(games[0]),
        {"type": "play", "card": min(games[0].state["hands"][_mover(games[0]).seat])},
    )
    assert notices.unread_count(ann) == 2
    played = Notice.objects.get(user=ann, game=games[0], kind=Notice.Kind.TURN)
    assert played.read_at is not None


def test_no_turn_notice_while_the_player_has_the_game_open(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    ann, ben = make_user("ann"), make_user("ben")
    with capture(execute=True):
        game = start_toy_game(ann, ben)
    waiting = game.players.exclude(must_act=True).select_related("user").get()
    presence.mark_watching(game.pk, waiting.user_id, "channel-1")
    _move(capture, game, _mover(game), {"type": "pass"})
    assert not Notice.objects.filter(user=waiting.user).exists()
    assert notices.unread_count(waiting.user) == 0
    # Closed again: the next turn is told as usual.
    presence.unmark_watching(game.pk, waiting.user_id, "channel-1")
    _move(capture, game, _mover(game), {"type": "play", "card": min(game.state["hands"][_mover(game).seat])})
    _move(capture, game, _mover(game), {"type": "play", "card": min(game.state["hands"][_mover(game).seat])})
    assert Notice.objects.filter(user=waiting.user, kind=Notice.Kind.TURN).count() == 1


def test_a_finished_game_stays_as_a_notice_and_settles_its_turn_notice(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    ann, ben = make_user("ann"), make_user("ben")
    with capture(execute=True):
        game = start_toy_game(ann, ben)
    with capture(execute=True):
        play_out(game)
    for user in (ann, ben):
        kinds = {n.kind: n.read_at for n in Notice.objects.filter(user=user)}
        assert kinds[Notice.Kind.FINISHED] is None
        assert kinds.get(Notice.Kind.TURN, timezone.now()) is not None
        assert notices.unread_count(user) == 1


def test_a_bye_is_told_as_a_notice_and_by_email(django_capture_on_commit_callbacks, client):
    org = make_user("org")
    players = [make_user("ann"), make_user("ben"), make_user("cleo")]
    t = tournaments.create_tournament(
        org, name="Herbstpokal", game_slug="toy", rounds=2, table_size=2, starts_at=timezone.now() + timedelta(days=1)
    )
    for user in players:
        tournaments.register(t.pk, user)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.start(t.pk, by=org)
    game = Game.objects.get(tournament_pairing__round__tournament=t)
    seated = set(game.players.values_list("user_id", flat=True))
    (resting,) = [u for u in players if u.pk not in seated]
    notice = Notice.objects.get(user=resting, kind=Notice.Kind.ROUND)
    assert notice.data["bye"] is True and notice.game is None and notice.url == f"/rankings/tournaments/{t.pk}/"
    (message,) = [m for m in mail.outbox if m.to == [resting.email]]
    assert "Round 1 of Herbstpokal has started. You have a bye this round: it counts as a win." in message.body
    assert "/games/" not in message.body and f"/rankings/tournaments/{t.pk}/" in message.body
    client.force_login(resting)
    listing = client.get("/notifications/").content.decode()
    assert "Herbstpokal: round 1 has started; you have a bye (it counts as a win)" in listing
    with translation.override("de"):
        assert notices.text(notice) == "Herbstpokal: Runde 1 hat begonnen; du hast ein Freilos (zählt als Sieg)"
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.RUNNING
