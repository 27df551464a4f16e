"""Rating maths, each case worked out by hand in the comments."""

import pytest

from rankings.services.elo import Standing, expected_score, k_factor, rating_changes


def test_two_new_players_with_equal_ratings():
    # Expected 0.5 each; provisional K = 40, one opponent: 40 × (1 − 0.5) = 20.
    new = rating_changes([Standing(1, 1500, 0, 1), Standing(2, 1500, 0, 2)])
    assert new == {1: 1520.0, 2: 1480.0}


def test_favourite_wins_and_underdog_wins_between_established_players():
    # E(1600 vs 1400) = 1 / (1 + 10^(−200/400)) = 1 / 1.316227766 = 0.759746927; K = 20.
    assert expected_score(1600, 1400) == pytest.approx(0.759746927)
    favourite_wins = rating_changes([Standing(1, 1600, 30, 1), Standing(2, 1400, 30, 2)])
    # 20 × (1 − 0.759746927) = 4.805061
    assert favourite_wins[1] == pytest.approx(1604.805061, abs=1e-6)
    assert favourite_wins[2] == pytest.approx(1395.194939, abs=1e-6)
    underdog_wins = rating_changes([Standing(1, 1600, 30, 2), Standing(2, 1400, 30, 1)])
    # 20 × (0 − 0.759746927) = −15.194939
    assert underdog_wins[1] == pytest.approx(1584.805061, abs=1e-6)
    assert underdog_wins[2] == pytest.approx(1415.194939, abs=1e-6)


def test_three_players_with_a_tie_for_first():
    # All 1500 and established: K/(n−1) = 20/2 = 10, every expectation 0.5.
    # A and B share rank 1: A vs B ½ − ½ = 0, A vs C 1 − ½ = ½ → +5. C: (0 − ½) × 2 = −1 → −10.
    new = rating_changes([Standing(1, 1500, 12, 1), Standing(2, 1500, 12, 1), Standing(3, 1500, 12, 3)])
    assert new == {1: 1505.0, 2: 1505.0, 3: 1490.0}


def test_a_five_player_game_moves_a_rating_no_further_than_a_two_player_game():
    # The winner of five equal established players: 20/4 × (4 × ½) = 10, as in a two-player win.
    new = rating_changes([Standing(k, 1500, 50, k) for k in range(1, 6)])
    assert new[1] == 1510.0 and new[5] == 1490.0
    assert new[3] == 1500.0


def test_provisional_players_move_with_the_larger_k():
    # A newcomer (K 40) beats an established 1500 (K 20): +40 × ½ = +20, −20 × ½ = −10.
    new = rating_changes([Standing(1, 1500, 0, 1), Standing(2, 1500, 25, 2)])
    assert new == {1: 1520.0, 2: 1490.0}
    assert k_factor(9) == 40 and k_factor(10) == 20


def test_a_single_rated_player_keeps_the_rating():
    assert rating_changes([Standing(1, 1612.5, 3, 1)]) == {1: 1612.5}
