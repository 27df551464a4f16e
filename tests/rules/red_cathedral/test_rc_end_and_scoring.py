"""The game's end and the final scoring: the sixth section, the move back to a glory space, leftovers,
the towers (both worked examples of the rules text), the +40 side and the tie-breaks.

Seats play the colours yellow 0, red 1, blue 2, green 3, so the text's colours name the seats.
"""

from games.rules.red_cathedral import scoring, track
from tests.rules.red_cathedral.rc_helpers import (
    SEAT,
    SECTIONS,
    E,
    act,
    all_but,
    eagle,
    end_turn,
    glory,
    msgs,
    new,
    pass_turn,
    pick,
    sec,
    set_player,
    set_towers,
    space,
    turn_to,
    v,
)

Y, R, B, G = SEAT["yellow"], SEAT["red"], SEAT["blue"], SEAT["green"]


def _ids(kind, n, taken):
    found = pick(kind, exclude=tuple(taken), n=n)
    found = [found] if n == 1 else found
    taken.extend(found)
    return found


def _tower(taken, *cards):
    """A tower from (kind, owner, done, ornament-owner) tuples, bottom to top."""
    out = []
    for kind, owner, done, orn in cards:
        sid = _ids(kind, 1, taken)[0]
        out.append(sec(sid, owner=owner, done=done, orn=orn))
    return out


def _empty_hands(st):
    for p in range(st["np"]):
        set_player(st, p, inv={}, rubles=0)


# --- the 4-player example ------------------------------------------------------------------------


def _four_player_example():
    """Six towers as the text describes them; unfinished or unclaimed cards where the text leaves room."""
    taken: list[str] = []
    return [
        # Turm 1: 3 finished sections + Green's door = 7; Green 1 banner + 1 door, Yellow and Red 1 banner each.
        _tower(taken, ("base", G, True, G), ("middle", Y, True, None), ("dome", R, True, None)),
        # Turm 2: 2 finished + Blue's door = 5; Blue 2 shares, Yellow 1.
        _tower(taken, ("base", B, True, B), ("middle", Y, True, None), ("dome", None, False, None)),
        # Turm 3: 5 finished + 2 ornaments = 12; Blue 3, Yellow 2, Green 1, Red 1.
        _tower(
            taken,
            ("base", B, True, B),
            ("middle", B, True, None),
            ("middle", Y, True, Y),
            ("middle", G, True, None),
            ("dome", R, True, None),
        ),
        # Turm 4: 4 finished + 2 ornaments = 10; Green 3, Red 2, Yellow 1.
        _tower(taken, ("base", G, True, G), ("middle", G, True, None), ("middle", R, True, R), ("dome", Y, True, None)),
        # Turm 5: 4 finished + 1 ornament = 9; Blue 2, Yellow, Red and Green 1 each.
        _tower(
            taken, ("base", B, True, B), ("middle", Y, True, None), ("middle", R, True, None), ("dome", G, True, None)
        ),
        # Turm 6: 3 finished + 3 ornaments = 9; Red 3, Green 2 (with the green cross), Blue 1 (a door).
        _tower(taken, ("base", R, True, B), ("middle", R, True, R), ("dome", G, True, G)),
    ]


def test_example_tower_scoring_4_players_towers_1_to_6():
    """Rules, "Beispiel Wertung der Türme bei 4 Spielern":
    "Turm 1: Gesamtwert: 7 ... Grün ... erhält 7. Gelb und Rot teilen sich den 2. und 3. Platz (3 bzw. 1,
    insgesamt 4), sodass jeder hiervon die Hälfte (2) erhält. Turm 2: 5 für Blau und 2 für Gelb.
    Turm 3: Gesamtwert: 12. Blau erhält 12; Gelb erhält 6; Grün und Rot erhalten jeweils 2.
    Turm 4: Gesamtwert: 10. Grün erhält 10; Rot erhält 5 und Gelb erhält 2.
    Turm 5: Gesamtwert: 9. 9 für Blau; 7 (4+2+1) aufgeteilt auf Gelb, Rot und Grün, jeweils 2.
    Turm 6: Gesamtwert: 9. 9 für Rot; 4 für Grün (da das Kreuz grün ist); und 2 für Blau.\""""
    towers = _four_player_example()
    values = [scoring.tower_value(t) for t in towers]
    assert values == [7, 5, 12, 10, 9, 9]
    points = [scoring.tower_points(t, 4) for t in towers]
    expected = [
        {G: 7, Y: 2, R: 2},
        {B: 5, Y: 2},
        {B: 12, Y: 6, G: 2, R: 2},
        {G: 10, R: 5, Y: 2},
        {B: 9, Y: 2, R: 2, G: 2},
        {R: 9, G: 4, B: 2},
    ]
    assert points == [[e.get(p, 0) for p in range(4)] for e in expected]
    st = new(4, seed=5)
    set_towers(st, towers)
    _empty_hands(st)
    for p in range(4):
        set_player(st, p, space=eagle(10))
    scoring.finish(st, [])
    assert [glory(st, p) for p in range(4)] == [10 + 14, 10 + 20, 10 + 28, 10 + 25]
    assert [st["pl"][p]["src"]["towers"] for p in range(4)] == [14, 20, 28, 25]


def test_players_without_a_banner_or_ornament_on_a_tower_get_nothing_for_it():
    """ "Spieler ohne eigene Banner oder Verzierungen an einem Turm erhalten für diesen keine Punkte";
    "Unfertige Bauabschnitte werden nicht gewertet" (a banner on an unfinished card is no share)."""
    taken: list[str] = []
    tower = _tower(taken, ("base", R, True, None), ("middle", B, False, None), ("dome", None, False, None))
    assert scoring.tower_value(tower) == 2
    assert scoring.tower_points(tower, 4) == [0, 2, 0, 0]


# --- the 2-player example ------------------------------------------------------------------------


def test_example_tower_scoring_2_players():
    """Rules, the 2-player scoring: "Der Spieler mit der Mehrheit ... erhält dessen Gesamtwert. Der andere
    Spieler ... erhält nur ein Drittel des Gesamtwertes (gegebenenfalls abgerundet)."
    "Turm 1: Grün 8. Turm 2: Gelb 6, Grün 2. Turm 3: Gelb 8, Grün 2. Turm 4: Grün 5, Gelb 1."
    In a 2-player game the seats are yellow (0) and red (1); red stands in for the text's Green."""
    gelb, gruen = 0, 1
    taken: list[str] = []
    towers = [
        _tower(taken, ("base", gruen, True, gruen), ("middle", gruen, True, None), ("dome", gruen, True, gruen)),
        _tower(taken, ("base", gelb, True, None), ("middle", gruen, True, None), ("dome", gelb, True, None)),
        _tower(taken, ("base", gelb, True, gelb), ("middle", gruen, True, gruen), ("dome", gelb, True, None)),
        _tower(taken, ("base", gruen, True, gruen), ("dome", gelb, True, None)),
    ]
    assert [scoring.tower_value(t) for t in towers] == [8, 6, 8, 5]
    assert [scoring.tower_points(t, 2) for t in towers] == [[0, 8], [6, 2], [8, 2], [1, 5]]


def test_two_players_tied_on_a_tower_get_nothing_for_it():
    """ "Bei Gleichstand erhält kein Spieler für diesen Turm Punkte." The interface notes' example: "beide
    Spieler [haben] jeweils 2 Anteile ... Der rote Spieler hat den Unterbau fertig gestellt und hat an der
    Kuppel das Kreuz hinzugefügt. Der gelbe Spieler hat die Kuppel fertig gestellt und eine Tür hinzugefügt.\""""
    gelb, rot = 0, 1
    taken: list[str] = []
    tower = _tower(taken, ("base", rot, True, gelb), ("dome", gelb, True, rot))
    assert [scoring.presence(tower, p) for p in (gelb, rot)] == [2, 2]
    assert scoring.tower_points(tower, 2) == [0, 0]


# --- the end ------------------------------------------------------------------------------------


def _one_unit_from_sixth(st, seat):
    """``seat`` has five finished sections and a sixth lacking one unit, which it holds."""
    taken: list[str] = []
    done = _tower(
        taken,
        ("base", seat, True, None),
        ("middle", seat, True, None),
        ("middle", seat, True, None),
        ("middle", seat, True, None),
        ("middle", seat, True, None),
    )
    last = _ids("dome", 1, taken)[0]
    missing = next(iter(SECTIONS[last]["cost"]))
    done.append(sec(last, owner=seat, mat=all_but(last, missing)))
    set_towers(st, [done])
    set_player(st, seat, inv={missing: 1})
    return last, missing


def test_the_sixth_section_gives_3_glory_and_everyone_else_plays_exactly_once_more():
    """ "Sobald ein Spieler seinen sechsten Bauabschnitt fertiggestellt sowie die entsprechenden Baupunkte
    dafür erhalten hat, erhält er zusätzliche 3 [Ruhmespunkte] ... Nach seinem Zug sind alle anderen Spieler
    noch genau einmal am Zug, bevor die Schlusswertung durchgeführt wird.\""""
    st = new(3, seed=4)
    last, missing = _one_unit_from_sixth(st, 1)
    set_player(st, 1, space=eagle(5))
    turn_to(st, 1)
    events = act(st, 1, "deliver", section=last, material=missing)
    after_points = eagle(5) + SECTIONS[last]["rp"]
    assert space(st, 1) == track.eagle_ahead(after_points, 3)
    assert "{seat} completes a sixth section and gains {glory} glory; everyone else plays once more." in msgs(events)
    end_turn(st, 1)
    assert not E.is_over(st)
    pass_turn(st, 2)
    assert not E.is_over(st)
    pass_turn(st, 0)
    assert E.is_over(st) and E.to_act(st) == []


def test_example_final_move_back_yellow_to_14_green_stays_on_18():
    """Rules, "Schlusswertung": "Zunächst versetzen alle Spieler ihre Punktesteine rückwärts auf das nächste
    Feld mit Ruhmespunkt. Liegt der Punktestein bereits auf einem solchen Feld, wird er nicht versetzt."
    "Gelb muss zurück auf das Feld mit 14. Grün bleibt auf dem Feld mit 18.\""""
    st = new(4, seed=6)
    _empty_hands(st)
    set_towers(st, [[sec(pick("base"))], [sec(pick("dome"))]])
    between = eagle(14) + 1
    assert between < eagle(15), "the track has a plain space after the 14th glory space"
    set_player(st, Y, space=between)
    set_player(st, G, space=eagle(18))
    scoring.finish(st, [])
    assert space(st, Y) == eagle(14) and glory(st, Y) == 14
    assert space(st, G) == eagle(18) and glory(st, G) == 18


def test_markers_on_the_plus_40_side_go_back_too():
    """ "Auch Punktesteine, die bereits mit der „+40“-Seite nach oben liegen, werden gegebenenfalls
    rückwärts gesetzt.\""""
    st = new(2, seed=6)
    _empty_hands(st)
    set_towers(st, [[sec(pick("base"))]])
    set_player(st, 0, space=eagle(54) + 1)
    scoring.finish(st, [])
    assert space(st, 0) == eagle(54) and glory(st, 0) == 54


def test_hinweis_over_40_glory_the_marker_turns_to_its_plus_40_side_and_starts_another_lap():
    """ "Hinweis: Erreicht ein Spieler über 40 Ruhmespunkte, wendet er seinen Punktestein auf die „+40“-Seite
    und startet eine weitere Runde auf der Leiste.\""""
    st = new(2, seed=2)
    set_player(st, 0, space=eagle(40))
    assert not v(st)["players"][0]["plus40"]
    from games.rules.red_cathedral.state import gain_glory

    gain_glory(st, 0, 2, "clergy")
    assert glory(st, 0) == 42 and space(st, 0) == eagle(42)
    assert v(st)["players"][0]["plus40"]
    assert track.glory(track.LAP) == 40, "the start of the second lap stands for 40 glory"


def test_leftovers_one_glory_per_5_units_of_material_and_rubles():
    """ "1 [Ruhmespunkt] pro 5 Einheiten Baumaterial und Rubel die sie bei Spielende in den Vorrat zurücklegen.\""""
    st = new(2, seed=3)
    set_towers(st, [[sec(pick("base"))]])
    set_player(st, 0, inv={"wood": 3, "gold": 1}, rubles=10, space=eagle(3))  # 14 units: 2 glory
    set_player(st, 1, inv={}, rubles=4, space=eagle(3))  # 4 units: none
    scoring.finish(st, [])
    assert glory(st, 0) == 5 and glory(st, 1) == 3


# --- tie-breaks --------------------------------------------------------------------------------


def _finished_with(st, glory_now, done, placed):
    for p, (g, d, o) in enumerate(zip(glory_now, done, placed)):
        st["pl"][p]["space"] = eagle(g)
        st["pl"][p]["done"] = d
        st["pl"][p]["placed"] = o
    st["over"] = True


def test_tie_breaks_completed_sections_then_ornaments_then_shared():
    """ "Gleichstände werden in folgender Reihenfolge aufgelöst: Mehr fertiggestellte Bauabschnitte; mehr
    hinzugefügte Verzierungen. Herrscht dann weiterhin Gleichstand, teilen sich die Spieler den Sieg.\""""
    st = new(4, seed=1)
    _finished_with(st, [30, 30, 30, 30], [5, 6, 6, 6], [4, 1, 2, 2])
    assert E.result(st).ranks == [4, 3, 1, 1]
    _finished_with(st, [31, 30, 30, 29], [1, 6, 5, 6], [0, 0, 4, 4])
    assert E.result(st).ranks == [1, 2, 3, 4]
