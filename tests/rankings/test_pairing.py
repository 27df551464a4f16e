import itertools

from rankings.services.pairing import (
    Candidate,
    knockout_tables,
    repeats,
    round_robin_pairs,
    round_robin_rounds,
    swiss_tables,
    table_sizes,
)


def test_table_sizes_split_evenly_and_give_byes_only_when_nobody_can_join_a_table():
    assert table_sizes(10, 4, 2) == ([4, 3, 3], 0)
    assert table_sizes(8, 4, 3) == ([4, 4], 0)
    assert table_sizes(5, 2, 2) == ([2, 2], 1)
    assert table_sizes(7, 3, 3) == ([3, 3], 1)
    assert table_sizes(5, 4, 3) == ([4], 1)
    assert table_sizes(1, 2, 2) == ([], 1)


def _play_swiss(keys, rounds, size, dropped_after=None):
    met, byes, points = set(), {k: 0 for k in keys}, {k: 0.0 for k in keys}
    active = list(keys)
    history = []
    for r in range(rounds):
        if dropped_after and r == dropped_after[0]:
            active = [k for k in active if k not in dropped_after[1]]
        candidates = [Candidate(k, points[k], 1500 + k, byes[k]) for k in active]
        tables, bye = swiss_tables(candidates, met, size)
        seated = [k for t in tables for k in t]
        assert sorted(seated + bye) == sorted(active) and len(set(seated)) == len(seated)
        history.append((tables, bye, repeats(tables, met)))
        for t in tables:
            points[t[0]] += 1  # the best-placed player at each table wins
            met.update(frozenset(p) for p in itertools.combinations(t, 2))
        for k in bye:
            byes[k] += 1
            points[k] += 1
    return history, byes


def test_swiss_avoids_repeat_pairings_while_that_is_possible():
    # Six players, five rounds of two: an all-play-all exists, so no pairing may repeat.
    history, _ = _play_swiss(range(6), 5, 2)
    assert [rep for _, _, rep in history] == [0, 0, 0, 0, 0]
    # Four players at tables of three and four rounds: repeats cannot all be avoided, but the first round has none.
    history, _ = _play_swiss(range(9), 3, 3)
    assert history[0][2] == 0 and history[1][2] == 0


def test_swiss_first_round_pairs_neighbours_by_rating():
    tables, byes = swiss_tables([Candidate(k, 0, 1500 + 10 * k) for k in range(4)], set(), 2)
    assert tables == [[3, 2], [1, 0]] and byes == []


def test_odd_counts_give_one_bye_per_round_to_different_players():
    history, byes = _play_swiss(range(7), 5, 2)
    assert all(len(bye) == 1 for _, bye, _ in history)
    assert max(byes.values()) == 1
    # The first bye goes to the lowest-rated player.
    assert history[0][1] == [0]


def test_withdrawn_players_are_no_longer_paired():
    history, _ = _play_swiss(range(6), 3, 2, dropped_after=(1, {5}))
    for tables, bye, _ in history[1:]:
        assert 5 not in [k for t in tables for k in t] + bye
    assert len(history[1][1]) == 1  # five left: one bye


def test_knockout_keeps_top_seeds_apart_and_gives_them_the_byes():
    tables, byes = knockout_tables([10, 9, 8, 7, 6, 5, 4, 3], 2)
    assert tables == [[10, 3], [9, 4], [8, 5], [7, 6]] and byes == []
    tables, _ = knockout_tables(list(range(12, 0, -1)), 4)
    assert tables == [[12, 7, 6, 1], [11, 8, 5, 2], [10, 9, 4, 3]]
    tables, byes = knockout_tables([5, 4, 3, 2, 1], 2)
    assert byes == [5] and len(tables) == 2


def test_round_robin_meets_everyone_once():
    group = [1, 2, 3, 4, 5]
    seen = []
    for r in range(1, round_robin_rounds(group) + 1):
        tables, byes = round_robin_pairs(group, r)
        assert len(byes) == 1
        seen += [frozenset(t) for t in tables]
    assert len(seen) == len(set(seen)) == 10
