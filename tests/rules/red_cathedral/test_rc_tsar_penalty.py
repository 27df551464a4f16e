"""The Tsar's penalty ("Die Strafe des Zaren"): both pictures of the seed, recounted at every
completion, own sections above never count, only sections below the completed one are punished.

Seats play the colours yellow 0, red 1, blue 2, green 3, so the seed's colours name the seats.
"""

from tests.rules.red_cathedral.rc_helpers import (
    SEAT,
    SECTIONS,
    act,
    all_but,
    glory,
    msgs,
    new,
    pick,
    sec,
    set_player,
    set_towers,
    space,
    turn_to,
)

Y, R, B, G = SEAT["yellow"], SEAT["red"], SEAT["blue"], SEAT["green"]
PENALTY = "The Tsar punishes {seat} for slow work in tower {tower}: {rp} construction points lost."


def _penalties(events):
    return [(e["args"]["seat"], e["args"]["rp"]) for e in events if e["msg"] == PENALTY]


def _complete(st, seat, sid):
    """``seat`` delivers the one material its section still misses (it holds exactly that)."""
    missing = next(m for m, n in SECTIONS[sid]["cost"].items() if n > st_section(st, sid)["mat"].get(m, 0))
    set_player(st, seat, inv={missing: 1})
    turn_to(st, seat)
    return act(st, seat, "deliver", section=sid, material=missing)


def st_section(st, sid):
    return next(s for t in st["towers"] for s in t if s["id"] == sid)


def _started(players, seed):
    """A game whose markers stand a little way along the track (so a penalty never hits space 0)."""
    st = new(players, seed=seed)
    for p in range(players):
        set_player(st, p, space=12)
    return st


def _first_picture():
    """Blue base, Red middle, Blue middle, Yellow dome: Red's and Yellow's lack one unit each."""
    st = _started(4, 3)
    base = pick("base")
    low, high = pick("middle", n=2)
    dome = pick("dome")
    set_towers(
        st,
        [
            [
                sec(base, owner=B),
                sec(low, owner=R, mat=all_but(low)),
                sec(high, owner=B),
                sec(dome, owner=Y, mat=all_but(dome)),
            ]
        ],
    )
    return st, base, low, high, dome


def test_example_first_picture_red_completes_above_blue_blue_loses_1():
    """Rules, "Die Strafe des Zaren", first picture A: Red completes a section before Blue's below
    it, so Blue loses 1 construction point; Blue's middle above Red's is not punished."""
    st, _base, low, _high, _dome = _first_picture()
    before = [space(st, p) for p in range(4)]
    events = _complete(st, R, low)
    assert _penalties(events) == [(B, 1)]
    assert space(st, B) == before[B] - 1
    assert space(st, R) == before[R] + SECTIONS[low]["rp"]
    assert space(st, Y) == before[Y] and space(st, G) == before[G]
    assert st["pl"][B]["src"].get("penalty", 0) <= 0


def test_example_first_picture_yellow_completes_the_dome_blue_loses_3():
    """Rules, first picture B: later Yellow completes the dome; Blue loses 3 = 1 for the card
    directly below the dome (1 finished section above it) + 2 for the base (Red's and Yellow's)."""
    st, _base, low, _high, dome = _first_picture()
    _complete(st, R, low)
    blue = space(st, B)
    events = _complete(st, Y, dome)
    assert sorted(_penalties(events)) == [(B, 1), (B, 2)]
    assert space(st, B) == blue - 3
    assert space(st, R) >= 0 and not any(p == R for p, _ in _penalties(events))


def _second_picture():
    """Blue base, Red middle (finished), Blue middle (lacks one unit), Yellow dome (lacks one)."""
    st = _started(4, 4)
    base = pick("base")
    low, high = pick("middle", n=2)
    dome = pick("dome")
    set_towers(
        st,
        [
            [
                sec(base, owner=B),
                sec(low, owner=R, done=True),
                sec(high, owner=B, mat=all_but(high)),
                sec(dome, owner=Y, mat=all_but(dome)),
            ]
        ],
    )
    return st, base, low, high, dome


def test_example_second_picture_blue_completes_his_upper_section_loses_1_only_for_red():
    """Rules, second picture A: Blue completes his upper section and loses 1, for Red's finished
    section above his base, not for his own section he has just completed."""
    st, _base, _low, high, _dome = _second_picture()
    blue = space(st, B)
    events = _complete(st, B, high)
    assert _penalties(events) == [(B, 1)]
    assert space(st, B) == blue + SECTIONS[high]["rp"] - 1


def test_example_second_picture_yellow_completes_blue_loses_2():
    """Rules, second picture B: later Yellow completes his section and Blue loses 2 (Red's and
    Yellow's cards, not his own finished card above his base)."""
    st, _base, _low, high, dome = _second_picture()
    _complete(st, B, high)
    blue = space(st, B)
    events = _complete(st, Y, dome)
    assert _penalties(events) == [(B, 2)]
    assert space(st, B) == blue - 2


def test_own_finished_sections_above_never_count():
    """Only sections completed by other players ("von Mitspielern") count above an unfinished card."""
    st = _started(2, 5)
    base = pick("base")
    mid = pick("middle")
    dome = pick("dome")
    set_towers(st, [[sec(base, owner=0), sec(mid, owner=0, done=True), sec(dome, owner=0, mat=all_but(dome))]])
    before = space(st, 0)
    events = _complete(st, 0, dome)
    assert _penalties(events) == []
    assert space(st, 0) == before + SECTIONS[dome]["rp"]


def test_penalty_is_recounted_at_every_completion_in_the_tower_only():
    """Every completion in the tower charges again; a completion in another tower charges nothing."""
    st = _started(2, 6)
    base, base2 = pick("base", n=2)
    mid = pick("middle")
    dome, dome2 = pick("dome", n=2)
    set_towers(
        st,
        [
            [sec(base, owner=0), sec(mid, owner=1, done=True), sec(dome, owner=1, mat=all_but(dome))],
            [sec(base2, owner=1, mat=all_but(base2)), sec(dome2)],
        ],
    )
    before = space(st, 0)
    assert _penalties(_complete(st, 1, base2)) == []
    assert space(st, 0) == before
    assert _penalties(_complete(st, 1, dome)) == [(0, 2)]
    assert space(st, 0) == before - 2


def test_only_unfinished_sections_below_the_completed_one_are_punished():
    """ "Wird ein Bauabschnitt fertiggestellt und es gibt im selben Turm unterhalb noch unfertige
    Bauabschnitte ... Jeder Spieler, der diese noch unfertigen Bauabschnitte beansprucht hat,
    verliert ...": completing a base punishes nobody, even if a card above it lies unfinished
    under a finished card of another player."""
    st = _started(3, 7)
    base = pick("base")
    low, high = pick("middle", n=2)
    dome = pick("dome")
    set_towers(
        st, [[sec(base, owner=0, mat=all_but(base)), sec(low, owner=1), sec(high, owner=2, done=True), sec(dome)]]
    )
    before = space(st, 1)
    events = _complete(st, 0, base)
    assert _penalties(events) == []
    assert space(st, 1) == before
    # The next completion above Red's card does punish it again.
    st_section(st, low)["mat"] = {}
    st["towers"][0][3].update(owner=0, mat=all_but(dome))
    events = _complete(st, 0, dome)
    assert _penalties(events) == [(1, 2)]


def test_penalty_can_take_a_marker_back_across_a_glory_space():
    """The penalty is in construction points: a marker just past an eagle falls back behind it and
    loses that glory."""
    st, _base, low, _high, _dome = _first_picture()
    from tests.rules.red_cathedral.rc_helpers import eagle

    set_player(st, B, space=eagle(3))
    g = glory(st, B)
    events = _complete(st, R, low)
    assert PENALTY in msgs(events)
    assert glory(st, B) == g - 1
