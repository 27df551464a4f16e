"""Taking back one's own moves of a turn through the platform: the log and the state as if the move
had not been made, a new version for every board, no wrong "your turn", refusals that change nothing."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from games.models import Game, Move
from games.services import tables, take_back
from games.services.engines import get_engine
from games.services.errors import NotYourTurn, StaleVersion, TakeBackRefused
from games.services.log import log_entries
from games.services.moves import submit_move
from games.services.play import game_view
from games.services.replay import canonical, replay_differs
from notifications.models import Notice
from plumbing.models import OutboxEntry
from tests.factories import api_token, make_user

pytestmark = pytest.mark.django_db

SLUG = "red-cathedral"
ENGINE = get_engine(SLUG)


@pytest.fixture
def game(django_capture_on_commit_callbacks):
    alice, bob = make_user("alice"), make_user("bob")
    with django_capture_on_commit_callbacks(execute=True):
        table = tables.create_table(alice, SLUG, 2, {"side": "basic"}, time_control="correspondence")
        tables.join_table(table.pk, bob)
    return Game.objects.get(table=table)


def mover(game: Game):
    game.refresh_from_db()
    return game.players.select_related("user").get(seat=ENGINE.to_act(game.state)[0])


def other(game: Game):
    seat = ENGINE.to_act(game.state)[0]
    return game.players.select_related("user").exclude(seat=seat).get()


def play(game: Game, kind: str, capture=None) -> Move:
    """The acting seat's first legal move of this type, through the move service."""
    player = mover(game)
    move = next(m for m in ENGINE.legal_moves(game.state, player.seat) if m["type"] == kind)
    if capture is None:
        return submit_move(game.pk, player.user, move, version=game.version).move
    with capture(execute=True):
        return submit_move(game.pk, player.user, move, version=game.version).move


def undo(game: Game, user, capture=None) -> Game:
    game.refresh_from_db()
    if capture is None:
        return take_back.take_back(game.pk, user, version=game.version)
    with capture(execute=True):
        return take_back.take_back(game.pk, user, version=game.version)


def test_a_taken_back_move_leaves_state_and_log_as_if_it_had_not_been_made(game):
    game.refresh_from_db()
    state, version, moves = canonical(game.state), game.version, Move.objects.filter(game=game).count()
    player = mover(game)
    play(game, "die")
    game.refresh_from_db()
    assert game.undo_seat == player.seat
    undo(game, player.user)
    game.refresh_from_db()
    assert canonical(game.state) == state
    assert Move.objects.filter(game=game).count() == moves
    assert game.version == version + 2  # every board fetches itself again
    assert game.undo_seat is None


def test_replaying_the_move_log_reproduces_the_state_after_a_take_back(game):
    player = mover(game)
    play(game, "die")
    play(game, "take")
    undo(game, player.user)
    play(game, "take")
    play(game, "end")
    play(game, "die")
    undo(game, mover(game).user)
    game.refresh_from_db()
    assert replay_differs(game) is None
    # The sequence numbers keep growing: a new move never takes the number of one taken back.
    seqs = list(Move.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == sorted(set(seqs))


def test_several_moves_of_a_turn_are_taken_back_one_by_one(game):
    game.refresh_from_db()
    start = canonical(game.state)
    player = mover(game)
    play(game, "die")
    play(game, "take")
    assert undo(game, player.user).undo_seat == player.seat  # the die move may go too
    assert undo(game, player.user).undo_seat is None
    game.refresh_from_db()
    assert canonical(game.state) == start


def test_the_other_seats_see_nothing_of_a_taken_back_move(game):
    game.refresh_from_db()
    player, watcher = mover(game), other(game)
    seen_log = [line["text"] for line in log_entries(game, watcher.seat)]
    seen_view = json.dumps(game_view(game, watcher.user)["view"], sort_keys=True)
    play(game, "die")
    play(game, "take")
    undo(game, player.user)
    undo(game, player.user)
    game.refresh_from_db()
    assert [line["text"] for line in log_entries(game, watcher.seat)] == seen_log
    assert json.dumps(game_view(game, watcher.user)["view"], sort_keys=True) == seen_view
    assert not game_view(game, watcher.user)["can_take_back"]


def test_no_turn_notice_goes_out_until_the_turn_really_passes(game, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    player, waiting = mover(game), other(game)
    notices = Notice.objects.filter(user=waiting.user, kind=Notice.Kind.TURN)
    before = notices.count()
    follow_ups = OutboxEntry.objects.filter(kind="games.follow_up").count()
    play(game, "die", capture)
    undo(game, player.user, capture)
    play(game, "die", capture)
    play(game, "take", capture)
    undo(game, player.user, capture)
    # Neither the moves within the turn nor taking them back told anybody anything.
    assert OutboxEntry.objects.filter(kind="games.follow_up").count() == follow_ups
    assert notices.count() == before
    play(game, "end", capture)
    assert notices.count() == before + 1  # the one notice of the turn that really passed
    game.refresh_from_db()
    assert game.players.get(seat=waiting.seat).must_act


def test_the_clock_and_deadline_of_a_turn_run_on_through_moves_taken_back():
    alice, bob = make_user("alice"), make_user("bob")
    table = tables.create_table(alice, SLUG, 2, {"side": "basic"}, time_control="live", minutes_per_player=10)
    tables.join_table(table.pk, bob)
    game = Game.objects.get(table=table)
    Game.objects.filter(pk=game.pk).update(increment_seconds=5)
    player = mover(game)
    seat = game.players.get(seat=player.seat)
    clock = (seat.clock_ms, seat.deadline, seat.turn_started_at)
    play(game, "die")
    play(game, "take")
    undo(game, player.user)
    # Neither the moves within the turn nor taking one back restarted the turn or earned an increment.
    seat.refresh_from_db()
    assert (seat.clock_ms, seat.deadline, seat.turn_started_at) == clock
    play(game, "end")
    seat.refresh_from_db()
    spent = seat.clock_ms - clock[0]
    assert -60_000 < spent - 5000 <= 0  # charged once for the whole turn, with one increment


def test_taking_back_hands_out_no_fresh_correspondence_deadline(game):
    player = mover(game)
    deadline = game.players.get(seat=player.seat).deadline
    play(game, "die")
    undo(game, player.user)
    play(game, "die")
    assert game.players.get(seat=player.seat).deadline == deadline


def test_a_move_that_ended_the_turn_is_refused_in_the_players_language_and_nothing_changes(game):
    player = mover(game)
    play(game, "die")
    play(game, "end")
    game.refresh_from_db()
    state, version = canonical(game.state), game.version
    with translation.override("de"), pytest.raises(TakeBackRefused) as refused:
        undo(game, player.user)
    assert str(refused.value) == "Mit dieser Aktion endete dein Zug: Sobald jemand anderes am Zug ist, zählt sie."
    assert refused.value.status == 409
    game.refresh_from_db()
    assert (canonical(game.state), game.version) == (state, version)


def test_a_move_the_rules_let_count_gives_the_rules_reason(game):
    player = mover(game)
    play(game, "die")
    play(game, "end")
    # The opponent's first move: the "end" before it was not theirs.
    with translation.override("en"), pytest.raises(TakeBackRefused) as refused:
        undo(game, other(game).user)
    assert "not yours" in str(refused.value)
    # The mover's own last move ended their turn: the engine's reason.
    with translation.override("en"), pytest.raises(TakeBackRefused) as refused:
        undo(game, player.user)
    assert "ended your turn" in str(refused.value)


def test_an_old_version_or_a_stranger_is_refused(game):
    player = mover(game)
    play(game, "die")
    game.refresh_from_db()
    with pytest.raises(StaleVersion):
        take_back.take_back(game.pk, player.user, version=game.version - 1)
    with pytest.raises(NotYourTurn):
        take_back.take_back(game.pk, make_user("carol"), version=game.version)
    assert Move.objects.filter(game=game).count() == 1


def test_the_api_takes_back_and_refuses_with_the_reason(game, client):
    player = mover(game)
    play(game, "die")
    game.refresh_from_db()
    headers = {"HTTP_AUTHORIZATION": f"Token {api_token(player.user)}"}
    url = f"/api/games/{game.pk}/undo/"
    view = client.get(f"/api/games/{game.pk}/", **headers).json()
    assert view["can_take_back"] is True
    answer = client.post(url, {"version": game.version}, content_type="application/json", **headers)
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"version": game.version + 1, "status": "active", "can_take_back": False}
    player.user.language = "de"
    player.user.save(update_fields=["language"])
    again = client.post(url, {"version": game.version + 1}, content_type="application/json", **headers)
    assert again.status_code == 409
    assert again.json()["code"] == "cannot_take_back"
    assert "Zug" in again.json()["detail"]
    assert client.post(url, {}, content_type="application/json", **headers).status_code == 400


def test_the_board_offers_taking_back_only_to_the_player_who_may(game, client):
    player, watcher = mover(game), other(game)
    play(game, "die")
    player.user.language = "de"
    player.user.save(update_fields=["language"])
    client.force_login(player.user)
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert "data-undo" in page and "Zug zurücknehmen" in page
    client.force_login(watcher.user)
    assert "data-undo" not in client.get(f"/games/{game.pk}/board/").content.decode()


def test_taking_back_is_announced_to_every_board_as_a_new_version(
    game, monkeypatch, django_capture_on_commit_callbacks
):
    from games.services import after_commit, broadcast

    player = mover(game)
    play(game, "die")
    sent: list = []
    monkeypatch.setattr(after_commit, "send_all", lambda messages: sent.extend(messages))
    taken = undo(game, player.user, django_capture_on_commit_callbacks)
    frames = [payload for group, payload in sent if group == broadcast.game_group(game.pk)]
    assert [(f["type"], f["version"], f["status"]) for f in frames] == [("game.version", taken.version, "active")]
    # The mover must act again, and only who acts travels on the game's channel, never what the move was.
    assert [who["seat"] for who in frames[0]["to_act"]] == [player.seat]
    assert all(set(payload) <= {"type", "version", "status", "to_act"} for _group, payload in sent)


# --- a takeback request in a live game of two people -----------------------------------------


@pytest.fixture
def live_game(django_capture_on_commit_callbacks):
    alice, bob = make_user("alice"), make_user("bob")
    with django_capture_on_commit_callbacks(execute=True):
        table = tables.create_table(alice, SLUG, 2, {"side": "basic"}, time_control="live", minutes_per_player=10)
        tables.join_table(table.pk, bob)
    return Game.objects.get(table=table)


def _claim_and_end(game: Game, capture=None):
    """The first player claims a section and ends the turn (no dice rolled): returns them and the state
    after the claim."""
    player = mover(game)
    play(game, "claim", capture)
    game.refresh_from_db()
    after_claim = canonical(game.state)
    play(game, "end", capture)
    game.refresh_from_db()
    return player, after_claim


def _request(game: Game, user, kind: str) -> Game:
    game.refresh_from_db()
    if kind == "ask":
        return take_back.ask(game.pk, user, version=game.version)
    return take_back.answer(game.pk, user, version=game.version, accept=kind == "accept")


def test_the_opponent_may_allow_taking_back_a_move_that_passed_the_turn(live_game, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game = live_game
    player, after_claim = _claim_and_end(game, capture)
    opponent = other(game) if mover(game).seat == player.seat else mover(game)
    assert game.takeback_seat == player.seat
    with pytest.raises(TakeBackRefused):  # alone: the turn has passed
        undo(game, player.user)
    assert game_view(game, player.user)["can_ask_take_back"]
    _request(game, player.user, "ask")
    game.refresh_from_db()
    assert game_view(game, opponent.user)["take_back_asked_by"] == player.seat
    notices = Notice.objects.filter(user=player.user, kind=Notice.Kind.TURN)
    with capture(execute=True):
        _request(game, opponent.user, "accept")
    game.refresh_from_db()
    assert canonical(game.state) == after_claim and ENGINE.to_act(game.state) == [player.seat]
    assert game.players.get(seat=player.seat).must_act and not game.players.get(seat=opponent.seat).must_act
    assert notices.filter(read_at__isnull=True).exists()  # told that it is their turn again
    assert replay_differs(game) is None
    # The claim before it is theirs to take back alone, as it was before they ended the turn.
    assert game.undo_seat == player.seat and game.takeback_seat is None


def test_a_declined_takeback_request_changes_nothing_and_is_not_asked_twice(live_game):
    game = live_game
    player, _after_claim = _claim_and_end(game)
    opponent = other(game) if mover(game).seat == player.seat else mover(game)
    _request(game, player.user, "ask")
    with pytest.raises(TakeBackRefused):  # the request is the opponent's to answer
        _request(game, player.user, "accept")
    game.refresh_from_db()
    state = canonical(game.state)
    _request(game, opponent.user, "decline")
    game.refresh_from_db()
    assert canonical(game.state) == state and ENGINE.to_act(game.state) == [opponent.seat]
    assert game.takeback_seat is None and not game.takeback_asked
    with pytest.raises(TakeBackRefused):
        _request(game, player.user, "ask")


def test_a_move_that_rolled_dice_cannot_be_asked_back(live_game):
    game = live_game
    player = mover(game)
    play(game, "die")
    play(game, "take")
    play(game, "end")  # the end of a market turn rerolls the area's dice
    game.refresh_from_db()
    assert game.takeback_seat is None
    with pytest.raises(TakeBackRefused):
        _request(game, player.user, "ask")


def test_a_correspondence_game_has_no_takeback_request(game):
    player, _after_claim = _claim_and_end(game)
    assert game.takeback_seat is None
    assert not game_view(game, player.user)["can_ask_take_back"]
    with pytest.raises(TakeBackRefused):
        _request(game, player.user, "ask")


def test_the_board_asks_and_answers_a_takeback_request_in_german(live_game, client):
    game = live_game
    player, _after_claim = _claim_and_end(game)
    opponent = other(game) if mover(game).seat == player.seat else mover(game)
    for user in (player.user, opponent.user):
        user.language = "de"
        user.save(update_fields=["language"])
    client.force_login(player.user)
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert 'data-undo="ask"' in page and "Bitten, deinen letzten Zug zurückzunehmen" in page
    game.refresh_from_db()
    answer = client.post(
        f"/api/games/{game.pk}/undo/", {"version": game.version, "request": "ask"}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    client.force_login(opponent.user)
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert 'data-undo="accept"' in page and 'data-undo="decline"' in page
    assert f"{player.user.username} bittet darum, den letzten Zug zurückzunehmen." in page
    assert "Erlauben" in page and "Ablehnen" in page


def test_an_allowed_takeback_gives_back_the_increment_the_move_earned(live_game):
    game = live_game
    Game.objects.filter(pk=game.pk).update(increment_seconds=5)
    player = mover(game)
    clock = game.players.get(seat=player.seat).clock_ms
    _claim_and_end(game)
    assert game.players.get(seat=player.seat).clock_ms > clock  # the end of the turn earned 5 s
    opponent = mover(game)
    _request(game, player.user, "ask")
    _request(game, opponent.user, "accept")
    seat = game.players.get(seat=player.seat)
    assert clock - 60_000 < seat.clock_ms <= clock and seat.must_act
