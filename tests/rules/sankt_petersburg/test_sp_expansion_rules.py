"""The expansion's rule changes: more than ten different aristocrats, and 5 players.

Seed: "Regeländerung gegenüber dem Grundspiel" and "Ein 5-Personen Spiel" (the corrected text
after the Hinweis: the sack holder gets 2 rubles more only at the start, 27 in all; he is never
start player; 2 points at the start of every worker round; 10 workers in the very first worker
round, then 8 as usual; the stones move two players to the left).
"""

import pytest

from tests.rules.sankt_petersburg.sp_helpers import E, act, finish_first_round, goto, lay, new, rows

ARISTOCRATS = [
    "author",
    "administrator",
    "warehouse_manager",
    "secretary",
    "controller",
    "judge",
    "mistress_of_ceremonies_ibg",
    "sycophant",
    "pope",
    "senator",
    "admiral",
    "czar",
]


def _noble_points(st, seat):
    row = next(r for r in E.view(st, seat)["stats"] if r["label"] == "Points for different aristocrats")
    return row["values"][seat]


def _pass_phase(st):
    here = (st["round"], st["phase"])
    while (st["round"], st["phase"]) == here and not E.is_over(st):
        (seat,) = E.to_act(st)
        act(st, seat, E.timeout_move(st, seat))


# --- more than ten different aristocrats -----------------------------------------------------


@pytest.mark.parametrize("different, expected", [(10, 55), (11, 65), (12, 75)])
def test_regelaenderung_more_than_10_different_aristocrats(different, expected):
    """Regeländerung: more than 10 different aristocrats at the end: 10 points for each further
    different aristocrat beyond the tenth."""
    st = new(3, seed=2, expansion=True)
    goto(st, "aristocrat")
    lay(st, 1, *ARISTOCRATS[:different])
    assert _noble_points(st, 1) == expected


def test_regelaenderung_duplicates_do_not_count_beyond_ten():
    st = new(3, seed=2, expansion=True)
    goto(st, "aristocrat")
    lay(st, 0, *ARISTOCRATS[:11], "author", "administrator")
    assert E.view(st, 0)["players"][0]["different_aristocrats"] == 11
    assert _noble_points(st, 0) == 65


@pytest.mark.parametrize("options", [{}, {"sp_plus": True}])
def test_base_game_and_sp_plus_stop_at_55(options):
    """The rule change belongs to the expansion; the base table ends at 55 (SP+ only swaps cards)."""
    keys = [k for k in ARISTOCRATS if k not in ("mistress_of_ceremonies_ibg", "sycophant")]
    keys += ["mistress_of_ceremonies" if not options else "mistress_of_ceremonies_ibg", "builder"]
    st = new(3, seed=2, **options)
    goto(st, "aristocrat")
    lay(st, 2, *keys[:12])
    assert E.view(st, 2)["players"][2]["different_aristocrats"] == 12
    assert _noble_points(st, 2) == 55


def test_regelaenderung_in_the_final_scoring():
    st = new(2, seed=4, expansion=True)
    goto(st, "exchange", start=0, round=6)
    rows(st, ["university"])
    lay(st, 0, *ARISTOCRATS[:11])
    st["end"] = True
    _pass_phase(st)
    assert E.is_over(st)
    assert E.result(st).details["final"][0]["nobles"] == 65


# --- five players ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_fuenf_spieler_sack_27_rubles(seed):
    """The sack holder gets 2 rubles more, only at the start: 27 rubles in all."""
    st = new(5, seed=seed, expansion=True)
    view = E.view(st, None)
    sack = view["sack"]
    assert [p["money"] for p in view["players"]] == [27 if s == sack else 25 for s in range(5)]


def test_fuenf_spieler_sack_2_points_at_the_first_worker_round():
    """At the start of every worker round the sack holder scores 2 points (the first one too)."""
    st = new(5, seed=6, expansion=True)
    view = E.view(st, None)
    assert [p["points"] for p in view["players"]] == [2 if s == view["sack"] else 0 for s in range(5)]


def test_fuenf_spieler_sack_2_points_each_worker_round_only():
    st = new(5, seed=7, expansion=True)
    finish_first_round(st)
    points = [p["points"] for p in st["p"]]
    for phase in ("building", "aristocrat"):
        assert st["phase"] == phase
        for seat in range(5):
            st["p"][seat]["cards"] = []  # no income: only the sack can score
        _pass_phase(st)
        assert [p["points"] for p in st["p"]] == points
    old_sack = st["sack"]
    _pass_phase(st)  # the exchange round ends, the stones move
    assert st["phase"] == "worker" and st["round"] == 2
    new_sack = st["sack"]
    assert new_sack == (old_sack + 2) % 5
    assert [p["points"] for p in st["p"]] == [x + (2 if s == new_sack else 0) for s, x in enumerate(points)]
    row = next(r for r in E.view(st, 0)["stats"] if r["label"] == "Points for holding the sack")
    assert sum(row["values"]) == 4 and row["values"][new_sack] >= 2


def test_fuenf_spieler_sack_holder_never_start_player():
    """The sack holder is start player in no round, in any Durchgang."""
    st = new(5, seed=8, expansion=True)
    finish_first_round(st)
    seen = set()
    for _ in range(4 * 5):
        if E.is_over(st):
            break
        view = E.view(st, None)
        assert view["sack"] not in view["tokens"].values()
        assert view["start_player"] != view["sack"]
        seen.add(view["sack"])
        _pass_phase(st)
    assert seen == {0, 1, 2, 3, 4}


def test_fuenf_spieler_stones_pass_two_seats_left():
    st = new(5, seed=9, expansion=True)
    goto(st, "exchange")
    tokens, sack = dict(st["tokens"]), st["sack"]
    _pass_phase(st)
    assert st["tokens"] == {k: (s + 2) % 5 for k, s in tokens.items()}
    assert st["sack"] == (sack + 2) % 5


def test_fuenf_spieler_first_worker_round_10_cards_then_8():
    """In the very first worker round 10 workers lie out; every later round refills to 8 as usual,
    and after the exchange round the rows move down as usual."""
    st = new(5, seed=10, expansion=True)
    assert len(st["upper"]) == 10 and st["lower"] == []
    finish_first_round(st)  # 5 players buy 2 workers each: all 10 are gone
    assert [len(p["cards"]) for p in st["p"]] == [2] * 5
    assert st["phase"] == "building" and len(st["upper"]) == 8 and st["lower"] == []
    _pass_phase(st)
    _pass_phase(st)
    assert st["phase"] == "exchange" and len(st["upper"]) + len(st["lower"]) == 8
    left = list(st["upper"])
    _pass_phase(st)
    assert st["phase"] == "worker" and st["lower"] == left and len(st["upper"]) + len(st["lower"]) == 8
