"""The Contractors module ("Die Unternehmer"): one test per rule line or example of the rules text,
named after it and quoting it. Figures the rules text does not give (specialists, bonuses) are read
from contractors.json at test time."""

import copy
import gettext
import json
from pathlib import Path

import pytest

from games.rules.base import InvalidOptions
from games.rules.red_cathedral import data, scoring
from games.rules.red_cathedral.contractors import tool_glory
from tests.rules.red_cathedral.rc_helpers import (
    MATERIALS,
    SECTIONS,
    E,
    act,
    all_but,
    docs,
    dump,
    eagle,
    moves,
    msgs,
    pick,
    play_game,
    raw,
    refused,
    replay,
    sec,
    set_player,
    set_towers,
    turn_to,
)

DOC = raw("contractors")
REC = {r["id"]: r for r in DOC["records"]}
RULES = REC["rules"]
SPECIALISTS = sorted(r["id"] for r in DOC["records"] if r["type"] == "specialist")
TOOL_OF = {r["id"]: r["tool"] for r in DOC["records"] if r["type"] == "specialist"}
REMOVED = next(r for r in DOC["records"] if r["type"] == "swap")["removes"]
NEW_TILES = sorted(r["id"] for r in DOC["records"] if r["type"] == "workshop_tile")
CATALOG = Path(__file__).resolve().parents[3] / "games" / "locale" / "de" / "LC_MESSAGES" / "django.po"
EVENTS = Path(__file__).resolve().parents[3] / "games" / "services" / "event_messages.json"


def new(players=4, seed=1, **options):
    return E.setup(players, {"contractors": True, **options}, seed)


def city_over_tower(st, city, t=0):
    """Put ``city``'s tile over tower ``t`` (swapping with the city there); the city is open."""
    over = st["contr"]["over"]
    if city in over:
        i = over.index(city)
        over[i], over[t] = over[t], over[i]
    else:
        st["contr"]["cities"][over[t]]["open"] = False
        over[t] = city
    st["contr"]["cities"][city]["open"] = True


def tools_with(kinds):
    """Specialist ids showing these tools (a tool may repeat)."""
    out, used = [], set()
    for kind in kinds:
        tile = next(s for s in SPECIALISTS if TOOL_OF[s] == kind and s not in used)
        used.add(tile)
        out.append(tile)
    return out


TOOLS = sorted({TOOL_OF[s] for s in SPECIALISTS})


# --- set-up --------------------------------------------------------------------------------------


def test_entfernt_das_ressourcenplaettchen_fuer_1_baupunkt_und_ersetzt_es_durch_das_mit_1_genehmigung():
    """„Entfernt das Ressourcenplättchen, für das man 1 Baupunkt erhält, und ersetzt es durch das
    Ressourcenplättchen mit 1 Genehmigung aus dieser Erweiterung.“"""
    for seed in range(5):
        st = new(3, seed)
        assert "R-rp" not in st["market"]["res"] and "R-permit" in st["market"]["res"]
        assert len(st["market"]["res"]) == 8


def test_fuegt_den_schwarzen_wuerfel_hinzu_beginnend_mit_dem_genehmigungsplaettchen():
    """„Fügt den Würfel des Spezialisten (den schwarzen Würfel) zu den anderen 5 Würfeln hinzu und legt sie
    wie im Grundspiel beschrieben auf die Felder, beginnend mit dem Genehmigungsplättchen.“"""
    for seed in range(5):
        st = new(2, seed)
        dice = st["market"]["dice"]
        assert sorted(dice) == sorted(data.DICE + ("black",))
        start = st["market"]["res"].index("R-permit")
        assert sorted(area for area, _pips in dice.values()) == sorted((start + k) % 8 for k in range(6))


def test_zwei_werkstattplaettchen_werden_unter_3_spielern_ersetzt_bei_3_oder_4_spielern_bleiben_sie():
    """„Entfernt diese zwei Werkstattplättchen und ersetzt sie durch die, mit der man 1 Genehmigung erhält,
    oder lasst einen Spieler den Würfel des Spezialisten aktivieren. Bei einem Spiel mit 3 oder 4 Spielern,
    lasst die Plättchen mit im Spiel.“"""

    def dealt(players, seed):
        return {s["wt"] for t in new(players, seed)["towers"] for s in t}

    two = set().union(*(dealt(2, s) for s in range(40)))
    four = set().union(*(dealt(4, s) for s in range(40)))
    assert not two & set(REMOVED)
    assert set(NEW_TILES) <= two
    assert set(REMOVED) | set(NEW_TILES) <= four


def test_herzogtum_moskau_5_spezialisten_offen_stadtplaettchen_ueber_jedem_turm_die_uebrigen_geschlossen():
    """„Legt die 24 Spezialistenplättchen in den Beutel, zieht 5 davon und legt sie offen auf die Felder …“
    „Mischt die 6 Stadtplättchen und legt zufällig je eines offen über jeden Turm. Legt die übrigen
    Stadtplättchen verdeckt … Während des Spiels können keine Unternehmer in diese Städte entsendet werden.“"""
    for players, towers in ((2, 4), (3, 5), (4, 6)):
        st = new(players, 3)
        contr = st["contr"]
        assert len(contr["row"]) == 5 and len(contr["bag"]) == 19
        assert sorted(contr["row"] + contr["bag"]) == SPECIALISTS
        assert len(contr["over"]) == len(st["towers"]) == towers
        open_ = sorted(c for c, r in contr["cities"].items() if r["open"])
        assert open_ == sorted(contr["over"])
        assert len(contr["cities"]) - len(open_) == 6 - towers


def test_jeder_spieler_erhaelt_1_genehmigung_und_6_unternehmer():
    """„Jeder Spieler erhält 1 Genehmigung … Jeder bekommt 6 Bauarbeiter, die auf der Werkstatt-Erweiterung
    plaziert werden.“"""
    st = new(4, 2)
    for pl in st["pl"]:
        assert (pl["permits"], pl["men"], pl["spec"], pl["tools"]) == (1, 6, None, [])


def test_ohne_das_modul_bleibt_das_grundspiel_unveraendert():
    st = E.setup(4, {}, 7)
    assert "contr" not in st and "black" not in st["market"]["dice"]
    assert "R-rp" in st["market"]["res"]
    assert not {"recruit", "glory_permit"} & {m["type"] for m in E.legal_moves(st, 0)}
    assert "permits" not in st["pl"][0]


def test_das_modul_ist_eine_tischoption_mit_einem_wahrheitswert():
    with pytest.raises(InvalidOptions):
        E.setup(2, {"contractors": "yes"}, 1)
    with pytest.raises(InvalidOptions):
        E.normalize_options(2, {"contractors": 1})
    # Every player count and side takes it; a table without it stores it switched off.
    for players in range(1, 5):
        for side in ("basic", "extended"):
            assert E.normalize_options(players, {"contractors": True, "side": side})["contractors"] is True
    assert E.normalize_options(2, {})["contractors"] is False


# --- recruiting ----------------------------------------------------------------------------------


def _suzdal_example():
    """Shei (green, seat 3) sends her third contractor to Suzdal, where 4 contractors already are."""
    st = new(4, 5)
    city_over_tower(st, "suzdal")
    st["contr"]["cities"]["suzdal"]["men"] = [1, 1, 1, 1]
    set_player(st, 3, permits=5, men=4, rubles=5, inv={})
    turn_to(st, 3)
    return st


def test_beispiel_shei_wirbt_in_suzdal_an():
    """„Shei möchte einen Spezialisten in Suzdal anwerben … Dafür muss sie 5 Genehmigungen bezahlen (es sind
    jetzt 5 Unternehmer in der Stadt). Sie bekommt ein Baumaterial ihrer Wahl. Dann muss sie sich zwischen
    Plättchen A oder B entscheiden. Sie entscheidet sich für A. Sie zahlt dafür 2 Rubel und legt das Plättchen
    auf ihre Werkstatt-Erweiterung. … Zum Schluß zieht sie ein Plättchen aus dem Beutel und legt es auf das
    leere Feld.“"""
    st = _suzdal_example()
    act(st, 3, "recruit", city="suzdal")
    pl = st["pl"][3]
    assert pl["permits"] == 0 and pl["men"] == 3
    assert st["contr"]["cities"]["suzdal"]["men"] == [1, 1, 1, 2]
    assert st["turn"]["stage"] == "bonus"
    assert refused(st, 3, {"type": "end"}) == "First take the bonus your contractor has unlocked."
    act(st, 3, "bonus", material="stone")
    assert pl["inv"]["stone"] == 1 and st["turn"]["stage"] == "hire"
    a, b = REC["city-suzdal"]["sees"]
    assert {m["space"] for m in moves(st, 3, "hire")} == {a, b}
    tile_a = st["contr"]["row"][a]
    next_draw = st["contr"]["bag"][-1]
    act(st, 3, "hire", space=a, pay=True)
    assert pl["spec"] == tile_a and pl["rubles"] == 3
    assert st["contr"]["row"][a] == next_draw and len(st["contr"]["bag"]) == 18
    assert st["turn"]["stage"] == "after"
    act(st, 3, "end")


def test_er_zahlt_so_viele_genehmigungen_wie_unternehmer_in_dieser_stadt_vorhanden_sind():
    """„Dann zahlt er so viele Genehmigungen aus seinem Vorrat wie Unternehmer in dieser Stadt vorhanden sind
    (es wird der eigene Unternehmer, der gerade eingesetzt wurde, plus alle anderen … gezählt).“"""
    st = _suzdal_example()
    set_player(st, 3, permits=4)
    assert not moves(st, 3, "recruit", city="suzdal")
    msg = refused(st, 3, {"type": "recruit", "city": "suzdal"})
    assert "permits" in msg


def test_beispiel_smolensk_und_ryazan_stehen_nicht_zur_verfuegung():
    """„Die Städte Smolensk und Ryazan stehen nicht zur Verfügung. Dort können keine Unternehmer
    hingeschickt werden.“"""
    st = new(2, 4)
    for city in ("smolensk", "ryazan"):
        st["contr"]["cities"][city]["open"] = False
    set_player(st, 0, permits=6)
    turn_to(st, 0)
    cities = {m["city"] for m in moves(st, 0, "recruit")}
    assert not {"smolensk", "ryazan"} & cities
    assert cities == {c for c, r in st["contr"]["cities"].items() if r["open"]}
    refused(st, 0, {"type": "recruit", "city": "smolensk"})


def test_der_unternehmer_der_am_weitesten_links_liegt_schaltet_seinen_bonus_frei():
    """„Das Bewegen des Unternehmers kann einen Bonus auf dem Tableau freischalten, der sofort in Anspruch
    genommen werden muss.“ The first contractors' bonuses come from the data file."""
    st = new(3, 6)
    city = st["contr"]["over"][0]
    set_player(st, 0, permits=6, rubles=0)
    turn_to(st, 0)
    act(st, 0, "recruit", city=city)  # the first contractor
    second = REC["unlock-2"]["gain"]
    turn_to(st, 0)
    before = dict(st["pl"][0]["inv"], rubles=st["pl"][0]["rubles"], permits=st["pl"][0]["permits"])
    act(st, 0, "recruit", city=city)  # the second: 2 permits
    pl = st["pl"][0]
    for key, amount in second.items():
        assert pl[key] - before[key] == amount - (2 if key == "permits" else 0)


def test_wenn_er_bereits_einen_spezialisten_hat_muss_er_ihn_verdeckt_ablegen():
    """„Wenn er bereits einen Spezialisten auf seinem Tableau hat, muss er ihn verdeckt ablegen ohne seine
    Fähigkeiten zu aktivieren, um für den neuen Spezialisten Platz zu machen.“"""
    st = _suzdal_example()
    old = st["contr"]["bag"].pop(0)
    set_player(st, 3, spec=old)
    act(st, 3, "recruit", city="suzdal")
    act(st, 3, "bonus", material="wood")
    space = REC["city-suzdal"]["sees"][1]
    new_tile = st["contr"]["row"][space]
    events = act(st, 3, "hire", space=space, pay=True)
    assert st["pl"][3]["spec"] == new_tile and st["pl"][3]["tools"] == [old]
    assert "{seat} turns specialist {specialist} face down unused." in msgs(events)


def test_der_spieler_kann_den_neuen_spezialisten_einfach_ablegen_und_aus_dem_spiel_entfernen():
    """„Wichtig: Der Spieler kann sich entscheiden, die 2 Rubel nicht zu zahlen und den neuen Spezialisten
    einfach abzulegen und aus dem Spiel zu entfernen.“"""
    st = _suzdal_example()
    set_player(st, 3, rubles=0)
    act(st, 3, "recruit", city="suzdal")
    act(st, 3, "bonus", material="wood")
    space = REC["city-suzdal"]["sees"][0]
    gone = st["contr"]["row"][space]
    assert not moves(st, 3, "hire", pay=True)
    act(st, 3, "hire", space=space, pay=False)
    pl = st["pl"][3]
    assert pl["spec"] is None and pl["tools"] == [] and pl["rubles"] == 0
    assert gone not in st["contr"]["row"] and gone not in st["contr"]["bag"]


def test_anwerben_in_moskau_aus_5_verfuegbaren_spezialisten():
    """„Wenn Moskau zur Verfügung steht, kann der Spieler, wenn er dort Spezialisten anwirbt, aus 5
    verfügbaren Spezialisten wählen.“"""
    st = new(4, 8)
    city_over_tower(st, "moscow")
    set_player(st, 0, permits=1, rubles=5)
    turn_to(st, 0)
    act(st, 0, "recruit", city="moscow")
    assert {m["space"] for m in moves(st, 0, "hire")} == set(range(5))


# --- the black die and the specialist -------------------------------------------------------------


def test_der_spezialisten_wuerfel_zieht_fuer_jeden_rubel_einen_bereich_weiter():
    """„Der neue Spezialisten-Würfel funktioniert genauso wie der Würfel der eigenen Farbe und der weiße
    Würfel. D.h. der Spieler kann über die Augenzahl hinaus für jeden Rubel, den er bezahlt, einen Bereich
    weiterziehen.“"""
    st = new(2, 9)
    set_player(st, 0, rubles=3)
    turn_to(st, 0)
    extras = {m["extra"] for m in moves(st, 0, "die", die="black")}
    assert extras and max(extras) >= 1 and extras <= {0, 1, 2, 3}


def test_mit_dem_schwarzen_wuerfel_kann_er_sein_spezialisten_plaettchen_einmal_aktivieren():
    """„Wenn der Spieler die Aktion Ressourcen erhalten ausführt und den schwarzen Würfel bewegt, kann er sein
    Spezialisten-Plättchen aktivieren …“ „Jedes Spezialisten-Plättchen kann nur einmal beutzt werden. …
    Danach muss der Spieler das Plättchen verdeckt neben sein Tableau legen, so dass es eines der 6
    Werkzeuge zeigt.“"""
    st = new(2, 10)
    tile = next(s for s in SPECIALISTS if set(REC[s]["gain"]) == {"rubles"} or "rp" in REC[s]["gain"])
    if tile in st["contr"]["row"]:
        st["contr"]["row"][st["contr"]["row"].index(tile)] = st["contr"]["bag"].pop()
    elif tile in st["contr"]["bag"]:
        st["contr"]["bag"].remove(tile)
    set_player(st, 0, spec=tile, rubles=0)
    turn_to(st, 0)
    act(st, 0, "die", die="black", extra=0)
    before_rubles, before_space = st["pl"][0]["rubles"], st["pl"][0]["space"]
    act(st, 0, "specialist")
    pl = st["pl"][0]
    assert pl["spec"] is None and pl["tools"] == [tile]
    gain = REC[tile]["gain"]
    assert pl["rubles"] - before_rubles == gain.get("rubles", 0)
    assert pl["space"] - before_space == gain.get("rp", 0)
    assert not moves(st, 0, "specialist")


def test_ohne_schwarzen_wuerfel_arbeitet_der_spezialist_nicht():
    st = new(2, 11)
    set_player(st, 0, spec=st["contr"]["bag"].pop())
    turn_to(st, 0)
    die = next(m for m in moves(st, 0, "die") if m["die"] != "black")
    act(st, 0, "die", die=die["die"], extra=die["extra"])
    assert not moves(st, 0, "specialist")
    refused(st, 0, {"type": "specialist"})


# --- permits -----------------------------------------------------------------------------------------


def test_jederzeit_1_ruhmespunkt_fuer_1_genehmigung_hoechstens_6():
    """„Zusätzlich kann ein Spieler jederzeit während seines Zuges 1 Ruhmespunkt abgeben um eine Genehmigung
    zu erhalten.“ „… auf dieser Werkstatt-Erweiterung werden die Genehmigungen … abgelegt (max. 6).“"""
    st = new(2, 12)
    set_player(st, 0, space=eagle(12), permits=5)
    turn_to(st, 0)
    act(st, 0, "glory_permit")
    assert st["pl"][0]["permits"] == 6
    assert st["pl"][0]["space"] == eagle(11)
    assert refused(st, 0, {"type": "glory_permit"}) == "You already hold 6 permits."


def test_genehmigungen_vom_ressourcenplaettchen_wie_die_anderen_ressourcen():
    """„Sie können im Markt mit Hilfe des Ressourcenplättchen genauso wie die anderen Ressourcen erworben
    werden.“"""
    st = new(2, 13)
    area = st["market"]["res"].index("R-permit")
    for die, spot in st["market"]["dice"].items():
        spot[0] = (area + 3) % 8 if die != "white" else (area - 2) % 8
    st["market"]["dice"]["white"][1] = 2
    set_player(st, 0, permits=4)
    turn_to(st, 0)
    act(st, 0, "die", die="white", extra=0)
    assert [m["count"] for m in moves(st, 0, "take")] == [1]
    act(st, 0, "take", count=1)
    assert st["pl"][0]["permits"] == 5


def test_bei_der_schlusswertung_werden_die_genehmigungen_mit_den_rubeln_gezaehlt():
    """„Bei der Schlusswertung werden die Genehmigungen zusammen mit den Rubeln und anderen Materialien
    gezählt.“"""
    st = new(2, 14)
    set_player(st, 0, rubles=2, permits=3, inv={})
    assert scoring.leftover_units(st, 0) == 5


# --- city scoring ---------------------------------------------------------------------------------


def _three_storey_tower(st):
    """A base and a dome done, the middle section of green (seat 3) lacking its last material."""
    base = pick("base")
    middle = pick("middle")
    dome = pick("dome")
    tower = [
        sec(base, owner=3, done=True),
        sec(middle, owner=3, mat=all_but(middle)),
        sec(dome, owner=0, done=True, orn=1),
    ]
    return tower, middle


def test_beispiel_wertung_von_suzdal_isra_1_shei_4_jorge_und_jose_nichts():
    """„Shei (grün) hat gerade den Mittelteil eines 3-stöckigen Turms fertig gestellt und damit die Stadt
    Suzdal deaktiviert. … Für die Stadt bekommt Isra (gelb) 1 Baupunkt (1 Unternehmer x 1 Banner) und Shei
    (grün) bekommt 4 Baupunkte (2 Unternehmer x 2 Banner). Jorge (rot) bekommt keine Punkte obwohl er eine
    Verzierung im Turm hat, da er keine Banner im Turm liegen hat. Auch Jose (blau) bekommt keine Punkte,
    da er keine Banner im Turm hat.“"""
    st = new(4, 15)
    tower, middle = _three_storey_tower(st)
    others = [
        [sec(b), sec(d)]
        for b, d in zip(pick("base", exclude=(tower[0]["id"],), n=5), pick("dome", exclude=(tower[2]["id"],), n=5))
    ]
    set_towers(st, [tower] + others)
    city_over_tower(st, "suzdal")
    st["contr"]["cities"]["suzdal"]["men"] = [1, 1, 1, 2]
    last = next(m for m, n in SECTIONS[middle]["cost"].items() if n > tower[1]["mat"].get(m, 0))
    set_player(st, 3, inv={last: 1})
    turn_to(st, 3)
    spaces = [pl["space"] for pl in st["pl"]]
    events = act(st, 3, "deliver", section=middle, material=last)
    gained = [pl["space"] - s for pl, s in zip(st["pl"], spaces)]
    assert gained == [1, 0, 0, SECTIONS[middle]["rp"] + 4]
    assert not st["contr"]["cities"]["suzdal"]["open"]
    assert "Tower {tower} is finished: {city} takes no more contractors." in msgs(events)
    turn_to(st, 0)
    set_player(st, 0, permits=6)
    refused(st, 0, {"type": "recruit", "city": "suzdal"})


def test_zuerst_wird_die_stadt_gewertet_danach_die_3_zusaetzlichen_ruhmespunkte():
    """„Wenn ein Spieler seinen sechsten Bauabschnitt fertigstellt (und damit das Spielende einläutet) und
    gleichzeitig einen Turm vollendet, wird zuerst die Stadt gewertet. Danach bekommt der Spieler, der das
    Spielende eingeläutet hat, die 3 zusätzlichen Ruhmespunkte.“"""
    st = new(4, 16)
    tower, middle = _three_storey_tower(st)
    others = [
        [sec(b), sec(d)]
        for b, d in zip(pick("base", exclude=(tower[0]["id"],), n=5), pick("dome", exclude=(tower[2]["id"],), n=5))
    ]
    set_towers(st, [tower] + others)
    st["pl"][3]["done"] = 5
    city_over_tower(st, "suzdal")
    st["contr"]["cities"]["suzdal"]["men"] = [0, 0, 0, 2]
    last = next(m for m, n in SECTIONS[middle]["cost"].items() if n > tower[1]["mat"].get(m, 0))
    set_player(st, 3, inv={last: 1})
    turn_to(st, 3)
    order = msgs(act(st, 3, "deliver", section=middle, material=last))
    city = order.index(
        "{seat} scores {rp} construction points in {city} ({banners} banners × {contractors} contractors)."
    )
    bonus = order.index("{seat} completes a sixth section and gains {glory} glory; everyone else plays once more.")
    assert city < bonus
    assert st["pl"][3]["src"]["cities"] >= 1


def test_am_spielende_werden_fuer_staedte_ueber_unvollendeten_tuermen_keine_punkte_vergeben():
    """„Am Spielende werden für die Städte, die über noch nicht vollendeten Türmen liegen, keine Punkte
    vergeben.“"""
    st = new(2, 17)
    city = st["contr"]["over"][0]
    st["contr"]["cities"][city]["men"] = [3, 0]
    st["towers"][0][0].update(owner=0, done=True)
    set_towers(st, st["towers"])
    before = st["pl"][0]["src"].get("cities", 0)
    from games.rules.red_cathedral.scoring import finish

    events = []
    finish(st, events)
    assert st["pl"][0]["src"].get("cities", 0) == before == 0


# --- tool sets ------------------------------------------------------------------------------------


def test_beispiel_jorge_bekommt_5_ruhmespunkte_fuer_seine_werkzeuge():
    """„Beispiel: Mit dieser Kombination bekommt Jorge 5 Ruhmespunkte am Spielende: 4 für die Gruppe mit 3
    Werkzeugen und 1 Punkt für das einzelne Werkzeug.“"""
    assert tool_glory(tools_with([TOOLS[0], TOOLS[1], TOOLS[2], TOOLS[0]])) == 5


def test_am_spielende_1_2_4_7_11_16_ruhmespunkte_pro_werkzeug_gruppe():
    """„Am Spielende erhält der Spieler 1/2/4/7/11/16 Ruhmespunkte pro Werkzeug-Gruppe je nach Anzahl
    unterschiedlicher Werkzeuge in der Gruppe.“"""
    assert [tool_glory(tools_with(TOOLS[:k])) for k in range(7)] == [0, 1, 2, 4, 7, 11, 16]
    assert tool_glory(tools_with(TOOLS + TOOLS[:2])) == 16 + 2


def test_die_werkzeug_gruppen_zaehlen_in_der_schlusswertung():
    st = new(2, 18)
    set_player(st, 1, tools=tools_with(TOOLS[:3]))
    events = []
    scoring.finish(st, events)
    assert st["pl"][1]["src"]["tools"] == 4
    assert {"msg": "{seat}: {glory} glory for tool sets.", "args": {"seat": 1, "glory": 4}} in events


# --- the data file ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "edit, record",
    [
        (lambda r: r["S05"].update(gain={"jewels": 1}), "S05"),
        (lambda r: r["city-ryazan"].update(sees=[0, 1, 2]), "city-ryazan"),
        (lambda r: r["unlock-3"].update(choice=None, gain={"rubles": 1}), "unlock-3"),
        (lambda r: r["rules"].update(max_permits=8), "rules"),
        (lambda r: r["two-players"].update(removes=["T-white", "T01"]), "two-players"),
        (lambda r: r["S07"].update(provenance="guess"), "S07"),
    ],
)
def test_der_pruefer_weist_kaputte_dateien_zurueck_und_nennt_den_datensatz(edit, record):
    files = docs()
    edit({r["id"]: r for r in files["contractors"]["records"]})
    with pytest.raises(data.DataError) as refused_file:
        data.validate(files)
    assert f"contractors.json, record {record!r}" in str(refused_file.value)


def test_der_pruefer_verlangt_24_spezialisten_mit_6_werkzeugen():
    files = docs()
    files["contractors"]["records"] = [r for r in files["contractors"]["records"] if r["id"] != "S24"]
    with pytest.raises(data.DataError, match="24 specialists"):
        data.validate(files)


def test_jeder_vorlaeufige_wert_sagt_wie_er_gewaehlt_wurde():
    assert DOC["method"].strip()
    provisional = [r for r in DOC["records"] if r["provenance"] == "provisional"]
    assert {r["type"] for r in provisional} >= {"specialist", "unlock", "city", "swap"}


# --- whole games -----------------------------------------------------------------------------------


def _strings(node):
    if isinstance(node, dict):
        for k, value in node.items():
            yield k
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)
    elif isinstance(node, str):
        yield node


@pytest.mark.parametrize(
    "players,side,seed",
    [
        (2, "basic", 201),
        (2, "extended", 202),
        (3, "basic", 301),
        (3, "extended", 302),
        (4, "basic", 401),
        (4, "extended", 402),
    ],
)
def test_zufaellige_partien_mit_den_unternehmern_enden_wiederholen_sich_und_verraten_den_beutel_nicht(
    players, side, seed
):
    options = {"contractors": True, "side": side}
    seen_types = set()

    def check(st):
        for seat in [None, *range(st["n"])]:
            view = E.view(st, seat)
            strings = set(_strings(view))
            assert not set(st["contr"]["bag"]) & strings, "a specialist still in the bag shows"
            assert "rng" not in json.dumps(view)
        assert json.loads(json.dumps(st)) == st

    st, log = play_game(players, options, seed, check=check)
    seen_types |= {m["type"] for _s, m in log}
    assert E.is_over(st) and not st["ended_by_limit"]
    assert dump(replay(players, options, seed, log)) == dump(st)
    half = replay(players, options, seed, log[: len(log) // 2])
    thawed = json.loads(json.dumps(half))
    for seat, move in log[len(log) // 2 :]:
        E.apply(thawed, seat, copy.deepcopy(move))
    assert dump(thawed) == dump(st)
    assert "recruit" in seen_types
    result = E.result(st)
    assert min(result.ranks) == 1


def test_bot_und_zeitablauf_entscheiden_jede_neue_frage():
    """Every stage of a Recruit turn and the specialist have a bot answer; a timeout plays it."""
    st = _suzdal_example()
    act(st, 3, "recruit", city="suzdal")
    move = E.timeout_move(st, 3)
    assert move["type"] == "bonus" and move["material"] in MATERIALS
    E.apply(st, 3, move)
    move = E.timeout_move(st, 3)
    assert move["type"] == "hire"
    E.apply(st, 3, move)
    assert E.timeout_move(st, 3)["type"] in {m["type"] for m in E.legal_moves(st, 3)}


def test_zugbeschriftungen_und_protokollzeilen_sind_uebersetzt_und_im_ereigniskatalog():
    with CATALOG.with_suffix(".mo").open("rb") as compiled:
        german = gettext.GNUTranslations(compiled)
    known_events = set(json.loads(EVENTS.read_text(encoding="utf-8")))
    _st, log = play_game(4, {"contractors": True}, 404)
    replayed = E.setup(4, {"contractors": True}, 404)
    labels, lines = set(), set()
    for seat, move in log:
        labels.add(E.move_label(replayed, seat, move)["msg"])
        _st, events = E.apply(replayed, seat, copy.deepcopy(move))
        lines |= {e["msg"] for e in events}
    module_lines = {
        line
        for line in lines
        if "contractor" in line or "specialist" in line.lower() or "permit" in line or "tool sets" in line
    }
    assert module_lines
    assert module_lines <= known_events
    for msg in labels | lines:
        assert german.gettext(msg) != msg, msg  # in the compiled catalog, with a German text


# --- the solo game with the Contractors --------------------------------------------------------------

IWAN_REC = REC["iwan"]


def test_solo_die_unternehmer_karte_und_das_plaettchen_fuer_den_schwarzen_wuerfel_kommen_zu_iwan():
    """„Zusätzlich zu dem Solo-Spiel des Grundspiels, wird die Unternehmer-Karte für Iwan und das Plättchen mit
    dem für den schwarzen Würfel hinzugefügt.“"""
    for seed in range(5):
        st = new(1, seed)
        row = st["iwan"]["row"]
        assert len(row) == 6 and "recruit" in {c["card"] for c in row}
        assert IWAN_REC["tile"] in {c["wt"] for c in row}
        assert IWAN_REC["tile"] not in {s["wt"] for t in st["towers"] for s in t}


def test_solo_iwans_marker_ein_unternehmer_ohne_spezialist_und_3_ruhmespunkte_zu_beginn():
    """„Lege Iwans Marker neben das Stadtplättchen über den Turm, in dem Iwan seinen Start-Bauabschnitt
    beansprucht. Lege dann einen von Iwans Unternehmern in diese Stadt ohne dass er ein Spezialistenplättchen
    erhält.“ „Lege Iwan's Punktestein auf das Feld mit 3 Ruhmespunkten. … Denke daran, dass Du der
    Startspieler bist mit 3 Rubeln und 1 Genehmigung.“"""
    st = new(1, 3)
    t = next(t for t, tower in enumerate(st["towers"]) if tower[0]["owner"] == 1)
    city = st["contr"]["over"][t]
    assert st["contr"]["marker"] == city
    assert st["contr"]["cities"][city]["men"] == [0, 1]
    iwan = st["pl"][1]
    assert iwan["men"] == 5 and iwan["tools"] == [] and iwan["spec"] is None
    assert iwan["space"] == eagle(3)
    assert (st["pl"][0]["rubles"], st["pl"][0]["permits"]) == (3, 1)


def _iwan_recruits(st):
    from games.rules.red_cathedral.solo import recruit

    events = []
    recruit(st, events)
    return events


def test_solo_beispiel_iwan_in_smolensk_zwei_plaettchen_mit_gleichem_werkzeug_zurueck_in_den_beutel():
    """„Nach dem Bewegen des grünen Würfels muss er einen Unternehmer in die Stadt Smolensk bewegen. Nach dem
    Platzieren des Unternehmers (A) erhält er die 2 in Smolensk verfügbaren Plättchen: Dreh sie um und lege sie
    zu seinen anderen Plättchen (B). Da er nun 2 Plättchen mit dem gleichen Werkzeug hat, werden diese beiden
    Plättchen in den Beutel zurückgelegt (c).“"""
    st = new(1, 4)
    city_over_tower(st, "smolensk")
    st["contr"]["marker"] = "smolensk"
    a, b = REC["city-smolensk"]["sees"]
    same = tools_with([TOOLS[0], TOOLS[0]])
    other = tools_with([TOOLS[1]])[0]
    contr = st["contr"]
    pool = contr["row"] + contr["bag"]
    for tile in same + [other]:
        pool.remove(tile)
    contr["bag"] = pool[5:]
    contr["row"] = pool[:5]
    contr["row"][a] = other
    contr["row"][b] = same[1]
    st["pl"][1]["tools"] = [same[0]]
    bag_before = len(contr["bag"])
    men_before = contr["cities"]["smolensk"]["men"][1]
    events = _iwan_recruits(st)
    assert st["pl"][1]["tools"] == [other]
    assert sorted(same) == sorted(t for t in contr["bag"] if t in same)
    assert len(contr["bag"]) == bag_before - 2 + 2
    assert contr["cities"]["smolensk"]["men"][1] == men_before + 1
    assert "Iwan has specialists with the same tool: {specialists} go back to the bag." in msgs(events)


def test_solo_iwan_zahlt_keine_genehmigungen_und_fuehrt_nur_kostenlose_baupunkte_aus():
    """„Iwan muss keine Genehmigungen abgeben um diese Aktion auszuführen.“ „Iwan führt die Aktionen der
    Plättchen nicht aus, außer er kann damit Baupunkte erhalten ohne etwas bezahlen zu müssen.“"""
    st = new(1, 5)
    city = next(c for c in st["contr"]["over"] if c != "moscow")
    st["contr"]["marker"] = city
    st["contr"]["cities"][city]["men"] = [3, 1]
    seen_tiles = [st["contr"]["row"][i] for i in REC[f"city-{city}"]["sees"]]
    rp = sum(REC[t]["gain"].get("rp", 0) for t in seen_tiles)
    space, rubles = st["pl"][1]["space"], st["pl"][1]["rubles"]
    _iwan_recruits(st)
    assert st["pl"][1]["space"] == space + rp
    assert st["pl"][1]["rubles"] == rubles and st["pl"][1]["permits"] == 0


def test_solo_wenn_iwan_einen_unternehmer_nach_moskau_bewegt_erhaelt_er_1_ruhmespunkt():
    """„Wichtig: Wenn Iwan einen Unternehmer nach Moskau bewegt, erhält er kein Plättchen, sondern erhält 1
    Ruhmespunkt.“"""
    st = new(1, 6)
    city_over_tower(st, "moscow")
    st["contr"]["marker"] = "moscow"
    st["pl"][1]["space"] = eagle(5)
    row = list(st["contr"]["row"])
    _iwan_recruits(st)
    assert st["pl"][1]["space"] == eagle(6 + IWAN_REC["moscow_glory"] - 1)
    assert st["contr"]["row"] == row and st["pl"][1]["tools"] == []


def test_solo_beispiel_iwans_marker_folgt_jedem_neu_beanspruchten_bauabschnitt():
    """„Iwans Marker verschieben: Jedesmal wenn Du oder Iwan einen neuen Bauabschnitt beanspruchen, wird Iwans
    Marker zu diesem Turm verschoben.“ „Iwan hat gerade einen Bauabschnitt in dem Turm mit dem
    Vologda-Plättchen beansprucht, also wird sein Marker dorthin verschoben. Später, beanspruchst Du einen
    Bauabschnitt in dem Turm mit Smolensk, dann wird sein Marker dorthin verschoben.“"""
    from games.rules.red_cathedral.solo import claim_for_iwan

    st = new(1, 7)
    free = [t for t, tower in enumerate(st["towers"]) if tower[0]["owner"] is None]
    city_over_tower(st, "vologda", free[0])
    city_over_tower(st, "smolensk", free[1])
    claim_for_iwan(st, st["towers"][free[0]][0]["id"], [])
    assert st["contr"]["marker"] == "vologda"
    turn_to(st, 0)
    act(st, 0, "claim", first=True, section=st["towers"][free[1]][0]["id"])
    assert st["contr"]["marker"] == "smolensk"


@pytest.mark.parametrize("side,seed", [("basic", 101), ("extended", 102)])
def test_solo_partien_mit_den_unternehmern_enden_und_wiederholen_sich(side, seed):
    options = {"contractors": True, "side": side}

    def check(st):
        for seat in (None, 0):
            assert not set(st["contr"]["bag"]) & set(_strings(E.view(st, seat)))

    st, log = play_game(1, options, seed, check=check)
    assert E.is_over(st) and not st["ended_by_limit"]
    assert dump(replay(1, options, seed, log)) == dump(st)
    assert E.result(st).ranks[0] in (1, 2)
