import pytest
from django.core.management import call_command

from games.models import Game
from games.services.tables import start_seated_game
from games.signals import game_finished
from rankings import tasks
from rankings.models import RatedGame, Rating, RatingChange
from rankings.services.ratings import process_pending
from tests.factories import make_user
from tests.rankings.helpers import finished_game, play_out

pytestmark = pytest.mark.django_db


def _ratings():
    return {
        (r.user.username, r.game_slug): (r.rating, r.games, r.wins, r.last_played)
        for r in Rating.objects.select_related("user")
    }


def _history():
    return sorted(
        RatingChange.objects.values_list("game_id", "user_id", "before", "after", "rank", "opponents", "played_at")
    )


def test_a_finished_rated_game_updates_both_players_once(django_capture_on_commit_callbacks):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_seated_game("toy", [alice, bob], seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(game)
    assert game.status == Game.Status.FINISHED
    winner = game.players.get(rank=1).user
    loser = game.players.exclude(user=winner).get().user
    # Two newcomers at 1500: ±40 × ½.
    assert Rating.objects.get(user=winner, game_slug="toy").rating == 1520.0
    assert Rating.objects.get(user=loser, game_slug="toy").rating == 1480.0
    assert Rating.objects.get(user=winner).wins == 1
    before = (_ratings(), _history())

    # Finishing twice (the signal again) and running the task twice change nothing.
    with django_capture_on_commit_callbacks(execute=True):
        game_finished.send(sender=Game, game=game)
    tasks.update_ratings.delay()
    tasks.update_ratings()
    assert (_ratings(), _history()) == before
    assert RatingChange.objects.count() == 2


def test_bots_and_unrated_games_change_no_rating():
    alice, bob = make_user("alice"), make_user("bob")
    finished_game("toy", [(alice, 1), (None, 2)])  # one person and a bot
    finished_game("toy", [(alice, 1), (bob, 2)], rated=False, minutes=1)
    assert process_pending() == 1  # the unrated game is not even looked at
    assert not Rating.objects.exists()
    # A bot seat in a rated game does not count as an opponent.
    finished_game("toy", [(alice, 2), (None, 1), (bob, 3)], minutes=2)
    process_pending()
    assert Rating.objects.get(user=alice).rating == 1520.0
    assert RatingChange.objects.get(user=alice).opponents == 1


def test_games_count_in_finish_order_and_both_editions_share_one_rating():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    later = finished_game("sankt-petersburg", [(alice, 1), (bob, 2)], minutes=10)
    finished_game("sankt-petersburg", [(bob, 1), (carol, 2)], minutes=5)
    process_pending()
    first, second = RatingChange.objects.filter(user=bob).order_by("played_at")
    assert first.before == 1500.0 and first.after == 1520.0
    assert second.game_id == later.pk and second.before == 1520.0
    assert Rating.objects.get(user=bob, game_slug="sankt-petersburg").games == 2


def test_recompute_gives_the_same_numbers():
    users = [make_user(n) for n in ("anna", "ben", "cleo", "dora", "emil")]
    shapes = [[0, 1], [1, 2, 3], [4, 0, 2, 1, 3], [2, 4], [3, 0, 1], [1, 4, 2], [0, 3]]
    for i, shape in enumerate(shapes * 3):
        ranks = [1 + (j + i) % len(shape) for j in range(len(shape))]
        if i % 4 == 0:
            ranks[-1] = ranks[0]  # a tie
        finished_game("toy" if i % 3 else "san-juan", [(users[u], r) for u, r in zip(shape, ranks)], minutes=i)
    process_pending()
    before = (_ratings(), _history())
    assert len(before[1]) > 40
    call_command("recompute_ratings", verbosity=0)
    assert (_ratings(), _history()) == before
    assert RatedGame.objects.count() == len(shapes) * 3


def test_provisional_players_switch_to_the_smaller_k_after_ten_games():
    alice, bob = make_user("alice"), make_user("bob")
    for i in range(10):
        finished_game("toy", [(alice, 1 + i % 2), (bob, 2 - i % 2)], minutes=i)
    process_pending()
    change = RatingChange.objects.filter(user=alice).order_by("played_at")
    assert abs(change[9].after - change[9].before) > 10  # tenth game: still K 40
    finished_game("toy", [(alice, 1), (bob, 2)], minutes=20)
    process_pending()
    eleventh = RatingChange.objects.filter(user=alice).latest("played_at")
    r = eleventh.before
    opp = RatingChange.objects.filter(user=bob).latest("played_at").before
    expected = 1 / (1 + 10 ** ((opp - r) / 400))
    assert eleventh.after - eleventh.before == pytest.approx(20 * (1 - expected))
