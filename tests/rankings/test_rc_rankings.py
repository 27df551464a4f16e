"""Die Rote Kathedrale in the rankings: rated 2-4 player games count, solo games never; tournaments take the game."""

from datetime import timedelta

import pytest

from games.models import Game
from games.services import tables
from rankings.models import RatedGame, Rating
from tests.factories import make_user
from tests.rankings.helpers import play_out

pytestmark = pytest.mark.django_db

SLUG = "red-cathedral"


def test_a_rated_two_player_game_counts_for_the_ratings_with_its_sum_table(django_capture_on_commit_callbacks):
    alice, bob = make_user("alice"), make_user("bob")
    game = tables.start_seated_game(SLUG, [alice, bob], {"side": "extended", "craftsmen": "3"}, seed=11)
    assert game.rated
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out(game)
    assert game.status == Game.Status.FINISHED
    assert RatedGame.objects.filter(game=game).exists()
    ratings = {r.user.username: r for r in Rating.objects.filter(game_slug=SLUG).select_related("user")}
    assert set(ratings) == {"alice", "bob"} and all(r.games == 1 for r in ratings.values())
    ranks = {p.user.username: p.rank for p in game.players.select_related("user")}
    if ranks["alice"] != ranks["bob"]:
        winner = min(ranks, key=ranks.get)
        assert ratings[winner].rating > 1500 > ratings[next(n for n in ranks if n != winner)].rating
    stats = game.result["stats"]
    glory = [row for row in stats if row["group"] == "Glory"]
    total = next(row for row in stats if row["group"] == "total")
    assert [sum(col) for col in zip(*(row["values"] for row in glory))] == total["values"] == game.result["scores"]
    assert {"Completed sections", "Towers"} <= {row["label"] for row in glory}


def test_the_tournament_machinery_takes_the_game(django_capture_on_commit_callbacks):
    from django.utils import timezone

    from rankings.services import tournaments

    organiser = make_user("olga")
    players = [make_user(n) for n in ("anna", "boris", "clara", "dmitri")]
    t = tournaments.create_tournament(
        organiser,
        name="Kathedralen-Cup",
        game_slug=SLUG,
        options={"merchants": "2"},
        table_size=2,
        rounds=1,
        starts_at=timezone.now() + timedelta(hours=1),
    )
    with pytest.raises(tournaments.TournamentError):
        tournaments.create_tournament(
            organiser, name="Solo", game_slug=SLUG, table_size=1, starts_at=timezone.now() + timedelta(hours=1)
        )
    for p in players:
        tournaments.register(t.pk, p)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.start(t.pk, by=organiser, now=timezone.now() + timedelta(hours=2))
    games = list(Game.objects.filter(tournament_pairing__round__tournament=t))
    assert len(games) == 2 and all(g.game_slug == SLUG and g.options["merchants"] == "2" and g.rated for g in games)


def test_a_four_player_game_rates_every_person_against_the_three_others(django_capture_on_commit_callbacks):
    users = [make_user(n) for n in ("anna", "boris", "clara", "dmitri")]
    game = tables.start_seated_game(SLUG, users, {"teamsters": "2"}, seed=4)
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out(game)
    assert game.status == Game.Status.FINISHED and game.rated
    changes = list(game.rating_changes.all())
    assert len(changes) == 4 and all(c.opponents == 3 for c in changes)
    ratings = Rating.objects.filter(game_slug=SLUG)
    assert ratings.count() == 4 and all(r.games == 1 for r in ratings)
    assert round(sum(r.rating for r in ratings), 6) == 4 * 1500  # pairwise results: what one wins another loses
    winners = {p.user_id for p in game.players.all() if p.rank == 1}
    assert all(r.rating > 1500 for r in ratings if r.user_id in winners) or len(winners) == 4


def test_a_solo_game_changes_no_rating(django_capture_on_commit_callbacks):
    alice = make_user("alice")
    game = tables.start_seated_game(SLUG, [alice], seed=6)
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out(game)
    assert game.status == Game.Status.FINISHED and not game.rated
    assert not Rating.objects.exists() and not RatedGame.objects.filter(game=game).exists()
