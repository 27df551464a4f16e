"""A seat's view of a game is computed once per version and kept; clocks, deadlines and vacations are not."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Player
from games.rules.registry import load_engines
from games.services import view_cache
from games.services.moves import submit_move
from games.services.play import game_view
from games.services.tables import start_seated_game
from tests.factories import make_user, start_toy_game

pytestmark = pytest.mark.django_db

ENGINES = [e.slug for e in load_engines().all() if e.slug != "toy"]


@pytest.fixture(autouse=True)
def _empty_cache():
    view_cache.clear()
    yield
    view_cache.clear()


class _Nobody:
    id = None
    is_authenticated = False


def _played(slug: str, moves: int = 12) -> tuple[Game, list]:
    """A game of ``slug`` with some random moves played through the move service."""
    engine = load_engines().get(slug)
    count = max(engine.min_players, 3) if engine.max_players >= 3 else engine.min_players
    users = [make_user(f"{slug[:4]}{i}") for i in range(count)]
    game = start_seated_game(slug, users, {}, seed=41)
    rng = random.Random(5)
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        if engine.is_over(game.state):
            break
        seat = engine.to_act(game.state)[0]
        mover = Player.objects.get(game=game, seat=seat).user
        submit_move(game.pk, mover, rng.choice(engine.legal_moves(game.state, seat)), version=game.version)
    return Game.objects.get(pk=game.pk), users


def _fresh(game: Game, user) -> dict:
    view_cache.clear()
    return game_view(Game.objects.get(pk=game.pk), user)


def test_the_engines_under_test_are_the_three_games():
    assert set(ENGINES) == {"san-juan", "sankt-petersburg", "red-cathedral"}


@pytest.mark.parametrize("slug", ENGINES)
def test_a_cached_view_equals_the_fresh_one_for_every_seat(slug):
    game, users = _played(slug)
    engine = load_engines().get(slug)
    viewers = [*users, _Nobody()]
    fresh = {i: _fresh(game, u) for i, u in enumerate(viewers)}
    seat_of = {p.user_id: p.seat for p in game.players.all()}
    # Every viewer once, in turn, with the others' entries already cached: the second read of
    # each comes from the cache and must still be that viewer's own.
    view_cache.clear()
    for _ in range(2):
        for i, viewer in enumerate(viewers):
            shown = game_view(Game.objects.get(pk=game.pk), viewer)
            assert shown == fresh[i]
            seat = shown["seat"]
            assert seat == (seat_of[users[i].pk] if i < len(users) else None)
            assert shown["view"] == engine.view(game.state, seat)
    assert len(view_cache._entries) == len(viewers)


@pytest.mark.parametrize("slug", ENGINES)
def test_a_seat_never_gets_another_seats_view(slug):
    game, users = _played(slug, moves=4)
    engine = load_engines().get(slug)
    views = [game_view(game, u)["view"] for u in users]
    # The engines hide hands: seats see different things, and each sees exactly its own.
    assert any(views[0] != v for v in views[1:])
    for player in game.players.all():
        shown = game_view(game, player.user)
        assert shown["seat"] == player.seat and shown["view"] == engine.view(game.state, player.seat)


def test_the_next_move_is_a_new_entry_and_the_old_one_is_never_served():
    game, users = _played("san-juan", moves=2)
    before = game_view(game, users[0])
    engine = load_engines().get("san-juan")
    seat = engine.to_act(game.state)[0]
    mover = game.players.get(seat=seat).user
    submit_move(game.pk, mover, engine.legal_moves(game.state, seat)[0], version=game.version)
    after = game_view(Game.objects.get(pk=game.pk), users[0])
    assert after["version"] == before["version"] + 1
    assert after == _fresh(game, users[0])


def test_a_game_written_outside_the_move_path_is_not_answered_from_the_cache():
    game, users = _played("san-juan", moves=2)
    game_view(game, users[0])
    game = Game.objects.get(pk=game.pk)
    game.status = Game.Status.ABORTED
    game.save()  # same version, new updated_at
    shown = game_view(Game.objects.get(pk=game.pk), users[0])
    assert shown["to_act"] == [] and shown["legal_moves"] == []


def test_live_clocks_are_current_on_every_read_from_the_cache(monkeypatch):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob, time_control="live", minutes_per_player=5)
    mover = game.players.get(must_act=True)
    seen = []
    for seconds in (10, 70):
        moment = mover.turn_started_at + timedelta(seconds=seconds)
        monkeypatch.setattr(timezone, "now", lambda moment=moment: moment)
        view = game_view(Game.objects.get(pk=game.pk), alice)
        seen.append({p["seat"]: p["clock_left_ms"] for p in view["players"]}[mover.seat])
    assert seen == [290_000, 230_000]
    assert len(view_cache._entries) == 1  # the second read was served from the entry of the first


def test_deadlines_and_vacations_moved_without_a_move_show_at_once():
    from accounts.models import Vacation

    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    mover = game.players.get(must_act=True)
    first = game_view(Game.objects.get(pk=game.pk), bob)
    later = mover.deadline + timedelta(days=2)
    Player.objects.filter(pk=mover.pk).update(deadline=later)  # as a vacation moves it, without a new version
    today = timezone.now().date()
    Vacation.objects.create(user=mover.user, starts_on=today - timedelta(days=1), ends_on=today + timedelta(days=3))
    second = game_view(Game.objects.get(pk=game.pk), bob)
    assert second["version"] == first["version"]
    shown = {p["seat"]: p for p in second["players"]}[mover.seat]
    assert shown["deadline"] == later and shown["on_vacation"] is True
    assert {p["seat"]: p for p in first["players"]}[mover.seat]["on_vacation"] is False


def test_a_bot_taking_the_seat_over_hides_the_legal_moves_at_the_same_version():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_toy_game(alice, bob)
    mover = game.players.get(must_act=True)
    assert game_view(Game.objects.get(pk=game.pk), mover.user)["legal_moves"]
    Player.objects.filter(pk=mover.pk).update(bot_took_over=True)
    assert game_view(Game.objects.get(pk=game.pk), mover.user)["legal_moves"] == []


def test_a_read_in_one_query_answers_as_a_read_of_the_whole_row():
    from games.services.play import read_game_view

    game, users = _played("red-cathedral", moves=6)
    for user in [*users, _Nobody()]:
        view_cache.clear()
        assert read_game_view(game.pk, user) == _fresh(game, user)


def test_a_move_landing_between_the_read_of_the_row_and_of_its_state_is_answered_at_the_newer_version(monkeypatch):
    from games.services import rows
    from games.services.play import read_game_view

    game, users = _played("san-juan", moves=3)
    engine = load_engines().get("san-juan")
    real_load = rows.load_game

    def a_move_lands_first(game_id, **kwargs):
        monkeypatch.setattr(rows, "load_game", real_load)
        current = real_load(game_id)
        seat = engine.to_act(current.state)[0]
        mover = Player.objects.get(game=current, seat=seat).user
        submit_move(game_id, mover, engine.legal_moves(current.state, seat)[0], version=current.version)
        return real_load(game_id, **kwargs)

    monkeypatch.setattr(rows, "load_game", a_move_lands_first)
    shown = read_game_view(game.pk, users[0])
    assert shown["version"] == game.version + 1
    assert shown == _fresh(Game.objects.get(pk=game.pk), users[0])


def test_reading_a_game_that_is_not_there_or_hidden_is_not_found():
    from django.http import Http404

    from games.services.play import read_game_view

    game = start_toy_game(make_user("alice"), make_user("bob"))
    Game.objects.filter(pk=game.pk).update(private=True)
    for game_id in (game.pk + 1000, game.pk, 2**40):
        with pytest.raises(Http404):
            read_game_view(game_id, make_user(f"eve{game_id}"))
    assert read_game_view(game.pk, game.players.get(seat=0).user)["id"] == game.pk
