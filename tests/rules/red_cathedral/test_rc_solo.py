"""The solo game against Iwan: his set-up, his turn, his ornaments, his claims, his building (with the
text's overflow example) and the end without the 3-glory bonus. The human is seat 0, Iwan player 1."""

import copy

from games.rules.red_cathedral import solo
from games.rules.red_cathedral.data import DICE
from tests.rules.red_cathedral.rc_helpers import (
    SECTIONS,
    TILES,
    E,
    act,
    cost_units,
    end_turn,
    glory,
    msgs,
    new,
    pass_turn,
    pick,
    put_card,
    put_tile,
    sec,
    set_dice,
    set_player,
    set_towers,
    space,
    turn_to,
    v,
)

HUMAN, IWAN = 0, solo.IWAN


def _row(st, cards, up=True):
    """Iwan's row as ``cards`` (card, die) left to right, all tiles face up (or as ``up`` says)."""
    ups = up if isinstance(up, list) else [up] * len(cards)
    st["iwan"]["row"] = [{"card": c, "wt": f"T-{die}", "up": u} for (c, die), u in zip(cards, ups)]


def _iwan_turn(st):
    events: list[dict] = []
    solo.play_turn(st, events)
    return events


# --- set-up ------------------------------------------------------------------------------------


def test_iwan_setup_claims_the_base_worth_most_points_leftmost_of_equals_and_removes_its_tile():
    """ "Führe mit Iwans verbliebenem Banner eine Aktion „Einen Bauabschnitt beanspruchen“ für ihn aus: Lege es
    auf die Unterbau-Karte, die am meisten Baupunkte einbringt (kommen mehrere in Frage, dann von diesen die
    Karte am weitesten links). Nimm das Werkstattplättchen von der beanspruchten Unterbau-Karte aus dem Spiel.\""""
    for seed in range(12):
        st = new(1, seed=seed)
        bases = [t[0] for t in st["towers"]]
        best = max(SECTIONS[b["id"]]["rp"] for b in bases)
        chosen = next(b for b in bases if SECTIONS[b["id"]]["rp"] == best)
        assert [b["owner"] for b in bases] == [IWAN if b is chosen else None for b in bases]
        assert chosen["wt"] is None
        assert all(s["wt"] is not None for t in st["towers"] for s in t if s is not chosen)


def test_iwan_setup_five_cards_in_a_row_with_the_five_die_tiles_five_banners_no_rubles():
    """ "Nimm dir die 5 Werkstattplättchen mit Würfelsymbolen ... Mische die 5 Solo-Karten ... und lege sie als
    zufällige Reihe offen aus ... lege zufällig je 1 offen auf das Werkstattfeld jeder Solo-Karte. Lege 5
    seiner Banner auf die Karte ... Iwan erhält weder Werkstatt-Tableau noch Rubel.\""""
    rows = set()
    for seed in range(8):
        st = new(1, seed=seed)
        row = st["iwan"]["row"]
        assert sorted(c["card"] for c in row) == ["build", "claim", "points", "stock", "transport"]
        assert sorted(TILES[c["wt"]]["die"] for c in row) == sorted(DICE)
        assert all(c["up"] for c in row)
        assert st["iwan"]["banners"] == 5
        assert st["pl"][IWAN]["rubles"] == 0 and st["pl"][IWAN]["ws"] == {}
        on_sections = {s["wt"] for t in st["towers"] for s in t}
        assert not on_sections & {c["wt"] for c in row}, "the die tiles (3+) are not on the sections"
        assert len(st["towers"]) == 4, "set up as for two players"
        rows.add(tuple(c["card"] for c in row))
    assert len(rows) > 1, "the row is shuffled"


# --- his turn ----------------------------------------------------------------------------------


def test_iwans_turn_leftmost_face_up_tile_moves_its_die_flips_and_the_card_acts():
    """ "Iwans Zug beginnt stets mit der Solo-Karte am weitesten links mit offenem Werkstattplättchen ... Ziehe
    dazu den auf dem Plättchen abgebildeten Würfel um seine Augenzahl weiter und drehe das Würfelplättchen auf
    verdeckt um ... Führe nun ... die auf der Solo-Karte angegebene Aktion aus." (Baupunkte erhalten: 4.)"""
    st = new(1, seed=3)
    _row(
        st,
        [("stock", "red"), ("points", "blue"), ("claim", "white"), ("build", "yellow"), ("transport", "green")],
        up=[False, True, True, True, True],
    )
    set_dice(st, white=(0, 1), yellow=(0, 1), red=(1, 1), blue=(2, 3), green=(6, 2))
    put_tile(st, 5, "R-wood")
    put_card(st, 2, "craftsmen-1")
    before = space(st, IWAN)
    events = _iwan_turn(st)
    assert st["market"]["dice"]["blue"][0] == 5
    assert [c["up"] for c in st["iwan"]["row"]] == [False, False, True, True, True]
    assert space(st, IWAN) == before + 4
    assert "Iwan plays his card: {card}." in msgs(events)
    assert sum(st["iwan"]["stock"].values()) == 0 and sum(st["pl"][IWAN]["inv"].values()) == 0


def test_iwans_die_would_land_in_a_full_area_so_it_stays_but_the_card_still_acts():
    """ "Würde der Würfel (auch der weiße) in einem vollbesetzten Bereich landen, führe diese Basis-Aktion nicht
    aus ... Führe nun (Würfel gezogen oder nicht) die auf der Solo-Karte angegebene Aktion aus.\""""
    st = new(1, seed=3)
    _row(st, [("stock", "white"), ("points", "blue"), ("claim", "red"), ("build", "yellow"), ("transport", "green")])
    set_dice(st, white=(0, 2), yellow=(2, 1), red=(2, 1), blue=(2, 1), green=(6, 2))
    supply = sum(st["supply"].values())
    events = _iwan_turn(st)
    assert st["market"]["dice"]["white"] == [0, 2]
    assert "Iwan cannot move {die}: it would land in a full area." in msgs(events)
    assert sum(st["iwan"]["stock"].values()) == 4 and sum(st["supply"].values()) == supply - 4


def test_iwan_gets_only_construction_points_from_the_market_up_to_3_and_the_clergys_glory():
    """ "Iwan erhält keine Ressourcen, mit Ausnahme möglicher [Baupunkte] ...: Bis zu 3 durch das
    Ressourcenplättchen des Bereichs, weitere durch die Klerus-Einflusskarte. Sind beide
    Klerus-Einflussaktionen möglich, nutzt Iwan die für ihn günstigere. Wirf abschließend wie üblich alle
    Würfel des Bereiches neu.\""""
    st = new(1, seed=3)
    _row(st, [("transport", "yellow"), ("points", "blue"), ("claim", "red"), ("build", "white"), ("stock", "green")])
    # The yellow die lands in area 2 beside two dice: 3 dice on the points tile.
    set_dice(st, yellow=(0, 2), red=(2, 4), blue=(2, 5), white=(5, 1), green=(6, 2))
    put_tile(st, 2, "R-rp")
    put_card(st, 1, "clergy-1")
    before_space, before_glory = space(st, IWAN), glory(st, IWAN)
    _iwan_turn(st)
    from games.rules.red_cathedral import track

    assert space(st, IWAN) == track.eagle_ahead(before_space + 3, 1)
    assert glory(st, IWAN) >= before_glory + 1
    assert st["pl"][IWAN]["rubles"] == 0 and sum(st["pl"][IWAN]["inv"].values()) == 0
    assert st["pl"][IWAN]["src"]["market"] > 0 and st["pl"][IWAN]["src"]["clergy"] == 1


def test_iwan_plays_his_cards_left_to_right_then_adds_an_ornament_and_reshuffles_his_tiles():
    """ "Liegen bei Beginn von Iwans Zug alle seine Werkstattplättchen verdeckt, führe vor seinem Zug folgende
    Schritte aus: 1. Wenn möglich, fügt Iwan ... eine Verzierung hinzu ... 2. Mische Iwans Werkstattplättchen
    neu und lege 1 davon auf jede Solo-Karte.\""""
    st = new(1, seed=5)
    played = []
    for _ in range(5):
        played.append(next(i for i, c in enumerate(st["iwan"]["row"]) if c["up"]))
        _iwan_turn(st)
    assert played == [0, 1, 2, 3, 4]
    assert not any(c["up"] for c in st["iwan"]["row"])
    _iwan_turn(st)
    assert [c["up"] for c in st["iwan"]["row"]] == [False, True, True, True, True]


# --- his ornaments -----------------------------------------------------------------------------


def _finished_for_both():
    """A solo game whose human has finished a base and a middle section, Iwan a base and a dome."""
    st = new(1, seed=2)
    hb, ib = pick("base", n=2)
    hm = pick("middle")
    idome = pick("dome")
    set_towers(
        st,
        [
            [sec(hb, owner=HUMAN, done=True), sec(hm, owner=HUMAN, done=True)],
            [sec(ib, owner=IWAN, done=True), sec(idome, owner=IWAN, done=True)],
        ],
    )
    _row(st, [("points", d) for d in DICE], up=False)
    return st, hb, hm, ib, idome


def test_iwans_ornaments_door_arch_arch_cross_on_your_sections_first_for_1_glory_without_paying():
    """ "Welche Verzierung? Die Reihenfolge ist: Tür – Bogen – Bogen – [Kreuz]. Erst, wenn die Tür hinzugefügt
    wurde, ist ein Bogen dran ... Iwan braucht für Verzierungen keine Ressourcen zu bezahlen. Wo hinzufügen?
    Iwan versucht zuerst, einen von dir fertiggestellten Bauabschnitt zu verzieren. Nur wenn dies nicht
    möglich ist, verziert er einen von sich selbst fertiggestellten ... Hat Iwan eine Verzierung hinzugefügt,
    erhält er 1 [Ruhmespunkt].\""""
    st, hb, hm, ib, idome = _finished_for_both()
    supply = dict(st["supply"])
    before = glory(st, IWAN)
    _iwan_turn(st)
    sections = {s["id"]: s for t in st["towers"] for s in t}
    assert sections[hb]["orn"] == ["door", IWAN] and sections[ib]["orn"] is None, "the human's base first"
    assert st["iwan"]["orn"] == 1 and st["supply"] == supply
    assert glory(st, IWAN) >= before + 1 and st["pl"][IWAN]["src"]["ornaments"] == 1
    _row(st, [("points", d) for d in DICE], up=False)
    _iwan_turn(st)
    assert sections_of(st)[hm]["orn"] == ["arch", IWAN]
    # The second arch has no finished middle section left: step 1 is skipped, the arch stays next in line.
    _row(st, [("points", d) for d in DICE], up=False)
    _iwan_turn(st)
    assert st["iwan"]["orn"] == 2 and sections_of(st)[idome]["orn"] is None
    assert st["pl"][IWAN]["placed"] == 2


def sections_of(st):
    return {s["id"]: s for t in st["towers"] for s in t}


def test_iwans_ornament_with_several_sections_to_choose_the_human_chooses():
    """ "In beiden Fällen gilt: Bei mehreren möglichen Bauabschnitten triffst du die Wahl.\""""
    st = new(1, seed=2)
    b1, b2 = pick("base", n=2)
    set_towers(st, [[sec(b1, owner=HUMAN, done=True)], [sec(b2, owner=HUMAN, done=True)]])
    _row(st, [("points", d) for d in DICE], up=False)
    turn_to(st, HUMAN)
    _iwan_turn(st)
    assert E.to_act(st) == [HUMAN]
    assert E.legal_moves(st, HUMAN) == [
        {"type": "iwan_ornament", "section": b1},
        {"type": "iwan_ornament", "section": b2},
    ]
    st["turn"]["seat"] = IWAN
    E.apply(st, HUMAN, {"type": "iwan_ornament", "section": b2})
    assert sections_of(st)[b2]["orn"] == ["door", IWAN] and sections_of(st)[b1]["orn"] is None
    assert st["pend"] is None and all(c["up"] for c in st["iwan"]["row"][1:])


# --- his claims --------------------------------------------------------------------------------


def test_iwans_claim_directly_above_your_card_first_then_a_base_else_you_choose():
    """ "Hat er noch Banner, lege 1 nach folgender Priorität auf einen Bauabschnitt: 1. Direkt oberhalb einer
    von dir beanspruchten oder fertiggestellten Karte. 2. Auf einen Unterbau. Steht keine solche Karte zur
    Verfügung, entscheidest du, welche Karte Iwan beansprucht ... Nimm in jedem Fall das Plättchen aus dem Spiel.\""""
    st = new(1, seed=4)
    b1, b2, b3 = pick("base", n=3)
    m1, m2 = pick("middle", n=2)
    d1 = pick("dome")
    tile = pick_tile()
    set_towers(st, [[sec(b1, owner=IWAN), sec(m1)], [sec(b2, owner=HUMAN), sec(m2, wt=tile)], [sec(b3), sec(d1)]])
    options, ask = solo.claim_options(st)
    assert (options, ask) == ([m2], False), "above the human's base"
    before = space(st, IWAN)
    events: list[dict] = []
    solo._claim(st, events)
    assert sections_of(st)[m2]["owner"] == IWAN and sections_of(st)[m2]["wt"] is None
    assert space(st, IWAN) == before + TILES[tile].get("gain", {}).get("rp", 0)
    assert st["iwan"]["banners"] == 4
    assert solo.claim_options(st) == ([b3], False), "then a base"
    sections_of(st)[b3]["owner"] = IWAN
    options, ask = solo.claim_options(st)
    assert ask and sorted(options) == sorted([m1, d1]), "else the human chooses"


def pick_tile():
    return next(t for t, r in sorted(TILES.items()) if r.get("gain", {}).get("rp"))


# --- his building ------------------------------------------------------------------------------


def test_example_iwan_needs_3_has_4_one_goes_to_the_next_claimed_card():
    """ "Hat Iwan mehr Baumaterial, als diese Karte benötigt, lege das übrige Material auf die nächste von ihm
    beanspruchte Karte. Beispiel: Benötigt eine Karte 3 Einheiten Baumaterial und Iwan hat 4, lege 1 davon auf
    die nächste Karte." Cards are found "von links nach rechts, jeweils von oben nach unten"; only the number
    of units counts ("muss Iwan lediglich 4 beliebige Einheiten liefern")."""
    st = new(1, seed=7)
    three = pick("middle", lambda r: sum(r["cost"].values()) == 3)
    four = pick("base", lambda r: sum(r["cost"].values()) == 4)
    low = pick("base", lambda r: sum(r["cost"].values()) == 3)
    # Tower 1: Iwan's unfinished base below his unfinished 3-unit middle (top first); tower 2: his 4-unit base.
    set_towers(st, [[sec(low, owner=IWAN), sec(three, owner=IWAN)], [sec(four, owner=IWAN)]])
    st["iwan"]["build"] = {"wood": 4, "brick": 0, "stone": 0, "gold": 0, "green": 0, "violet": 0}
    before = space(st, IWAN)
    events: list[dict] = []
    solo.build(st, events)
    s = sections_of(st)
    assert s[three]["done"] and s[three]["mat"] == {}
    assert sum(s[low]["mat"].values()) == 1 and not s[low]["done"]
    assert s[four]["mat"] == {}
    assert sum(st["iwan"]["build"].values()) == 0
    assert space(st, IWAN) == before + SECTIONS[three]["rp"]
    assert st["pl"][IWAN]["rubles"] == 0
    assert cost_units(three) == 3


def test_iwan_keeps_material_on_his_build_card_when_he_has_no_unfinished_section():
    st = new(1, seed=7)
    set_towers(st, [[sec(pick("base"), owner=IWAN, done=True)]])
    st["iwan"]["build"]["stone"] = 2
    solo.build(st, [])
    assert st["iwan"]["build"]["stone"] == 2


# --- the end -----------------------------------------------------------------------------------


def _five_done_and_one_missing(st, owner):
    """``owner`` has five finished sections and a sixth, a 3-unit base, still empty."""
    last = pick("base", lambda r: sum(r["cost"].values()) == 3)
    base = pick("base", exclude=(last,))
    mids = pick("middle", n=4)
    set_towers(
        st,
        [
            [sec(base, owner=owner, done=True)] + [sec(m, owner=owner, done=True) for m in mids],
            [sec(last, owner=owner)],
        ],
    )
    return last


def test_solo_end_iwans_sixth_section_no_3_glory_bonus_you_play_once_more():
    """ "Egal, wer diesen Bauabschnitt fertigstellt: Niemand erhält die 3 Bonuspunkte – der andere ist aber noch
    einmal am Zug, und auch die Schlusswertung verläuft wie sonst bei einem Spiel zu zweit.\""""
    st = new(1, seed=8)
    last = _five_done_and_one_missing(st, IWAN)
    st["iwan"]["build"]["wood"] = cost_units(last)
    before = space(st, IWAN)
    events: list[dict] = []
    solo.build(st, events)
    assert st["pl"][IWAN]["done"] == 6
    assert space(st, IWAN) == before + SECTIONS[last]["rp"], "points for the section, no 3 glory"
    assert "{seat} completes a sixth section: the other player plays once more." in msgs(events)
    assert "end_bonus" not in st["pl"][IWAN]["src"]
    assert st["end"]["left"] == [HUMAN]
    turn_to(st, HUMAN)
    pass_turn(st, HUMAN)
    assert E.is_over(st)


def test_solo_end_your_sixth_section_no_bonus_iwan_plays_once_more():
    st = new(1, seed=8)
    last = _five_done_and_one_missing(st, HUMAN)
    need = dict(SECTIONS[last]["cost"])
    set_player(st, HUMAN, inv=need)
    turn_to(st, HUMAN)
    before = space(st, HUMAN)
    for m, n in need.items():
        for _ in range(n):
            act(st, HUMAN, "deliver", section=last, material=m)
    assert st["pl"][HUMAN]["done"] == 6
    assert space(st, HUMAN) == before + SECTIONS[last]["rp"], "points for the section, no 3 glory"
    assert "end_bonus" not in st["pl"][HUMAN]["src"]
    assert st["end"]["left"] == [IWAN]
    events = end_turn(st, HUMAN)
    assert "Iwan plays his card: {card}." in msgs(events)
    assert E.is_over(st) or st["pend"], "after Iwan's one more turn the game is over"


def test_no_view_shows_the_random_generator_so_iwans_next_shuffle_stays_unknown():
    st = new(1, seed=9)
    other = copy.deepcopy(st)
    other["rng"] = new(1, seed=10)["rng"]
    assert v(st, 0) == v(other, 0) and v(st, None) == v(other, None)
    assert "rng" not in v(st, 0)
