"""Set-up ("Spielvorbereitung") as the rules text lists it, and the influence cards of the invitation."""

import pytest

from games.rules.red_cathedral.engine import GROUP_OPTION_NAMES
from tests.rules.red_cathedral.rc_helpers import CARDS, GAME, RES, TILES, E, eagle, new, raw

PLANS = raw("plans")["records"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_plan_by_player_count_one_base_and_one_dome_per_tower_six_sections_each(players):
    """ "Mischt die Bauplankarten, auf denen eure Spieleranzahl angegeben ist ... Jeder Turm hat einen Unterbau
    und eine Kuppel, wobei die Anzahl der Mittelbauten dazwischen variiert." (Solo: "wie für eine Partie zu zweit".)"""
    for seed in range(6):
        st = new(players, seed=seed)
        plan = next(p for p in PLANS if p["id"] == st["plan"])
        assert plan["players"] == max(2, players)
        assert [len(t) - 2 for t in st["towers"]] == plan["middles"]
        kinds = [[raw_kind(s["id"]) for s in t] for t in st["towers"]]
        assert all(k[0] == "base" and k[-1] == "dome" and set(k[1:-1]) <= {"middle"} for k in kinds)
        assert sum(len(t) for t in st["towers"]) == 6 * max(2, players)


def raw_kind(sid):
    return next(r["kind"] for r in raw("sections")["records"] if r["id"] == sid)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_workshop_tiles_one_per_section_3_plus_tiles_only_from_3_players(players):
    """ "Legt bei weniger als drei Spielern alle Werkstattplättchen mit dem Symbol [3+] zurück in die Schachtel.
    Mischt alle übrigen Plättchen verdeckt und legt zufällig je 1 auf jeden Bauabschnitt.\""""
    seen_three_plus = False
    for seed in range(10):
        st = new(players, seed=seed)
        tiles = [s["wt"] for t in st["towers"] for s in t if s["owner"] is None]
        assert None not in tiles and len(set(tiles)) == len(tiles)
        three_plus = [t for t in tiles if TILES[t]["three_plus"]]
        if players < 3:
            assert three_plus == []
        seen_three_plus |= bool(three_plus)
    assert seen_three_plus == (players >= 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_rubles_3_4_4_5_markers_on_space_2_four_banners_on_the_ruler(players):
    """ "Ein Spieler ... erhält 3 Rubel. Die weiteren Spieler erhalten im Uhrzeigersinn 4, 4 und 5 Rubel";
    "Legt die Punktesteine aller Spieler ... auf Feld 2"; "6 Banner, von denen er 4 in den Bestand der Werkstatt
    (Lineal) legt"; "Zu Beginn stehen 6 der 10 Plätze zur Verfügung\""""
    st = new(players, seed=1)
    view = E.view(st, 0)
    assert [p["rubles"] for p in view["players"]] == [3, 4, 4, 5][:players]
    assert [p["space"] for p in view["players"]] == [2] * players
    assert all(p["free"] == 6 and p["banners"] == 6 for p in view["players"])
    assert view["supply"] == {m: n for m, n in GAME["supply"].items() if m not in ("id", "provenance")}
    assert E.to_act(st) == [0]


def test_setup_dice_dropped_one_per_area_from_the_points_tile_in_arrow_direction():
    """ "Dann lässt er einen Würfel zufällig fallen und setzt ihn auf ein Feld des Bereichs ..., der sich neben
    dem Ressourcenplättchen befindet. Anschließend macht er das für die nächsten 4 Bereiche in Pfeilrichtung
    ebenso." The research names the tile: the dice start at the points tile."""
    start_tile = next(r for r, d in RES.items() if d.get("dice_start"))
    orders = set()
    for seed in range(10):
        st = new(4, seed=seed)
        start = st["market"]["res"].index(start_tile)
        areas = sorted(((a - start) % 8, d) for d, (a, _p) in st["market"]["dice"].items())
        assert [k for k, _d in areas] == [0, 1, 2, 3, 4]
        assert all(1 <= p <= 6 for _a, p in st["market"]["dice"].values())
        orders.add(tuple(d for _k, d in areas))
        assert sorted(st["market"]["res"]) == sorted(RES)
    assert len(orders) > 1, "the dice fall at random"


def test_setup_one_influence_card_per_group_each_on_some_quarter():
    """ "Zieht von jeder Gruppe 1 Karte und legt sie jeweils offen auf ein beliebiges der 4 Kartenfelder.\""""
    for seed in range(6):
        st = new(3, seed=seed)
        assert sorted(CARDS[c]["group"] for c in st["influence"]) == ["clergy", "craftsmen", "merchants", "teamsters"]


def test_example_invitation_haendler_1_and_the_fourth_group_random():
    """Interface notes: "Zum Beispiel bedeutet der Einladungstext "(Händler 1, Archivare)": Eine zufällige
    Einflusskarte der Gilde der Handwerker; eine zufällige ... der Fuhrleute; Einflusskarte 1 der Gilde der
    Händler, welche erlaubt 2 gleiche Materialien gegen 1 anderes zu tauschen und 4 gleiche Baumaterialien gegen
    2 andere zu tauschen; eine zufällige Einflusskarte der [vierten Gruppe]." Our fourth group is the clergy."""
    options = {"merchants": "1"}
    parts = E.describe_options(E.normalize_options(3, options))["parts"]
    assert [(p["args"]["group"], p["args"].get("number")) for p in parts] == [
        (GROUP_OPTION_NAMES["merchants"], "1"),
        (GROUP_OPTION_NAMES["clergy"], None),
    ]
    assert "{number}" not in parts[1]["msg"], "a random fourth group shows no number"
    chosen = set()
    for seed in range(12):
        cards = new(3, seed=seed, **options)["influence"]
        assert "merchants-1" in cards
        chosen |= set(cards)
    assert {"craftsmen-1", "craftsmen-2", "craftsmen-3"} <= chosen, "the others are random"
    m1 = [(a["act"], a["give"], a["get"]) for a in CARDS["merchants-1"]["actions"]]
    assert m1 == [("exchange", 2, 1), ("exchange", 4, 2)]


def test_hinweis_the_numbers_1_to_3_name_the_card_a_choice_appears_on():
    """ "Hinweis: Jede Gilde hat drei zugehörige Karten, und jede Karte hat zwei Wahlmöglichkeiten. Die unten
    stehenden Zahlen 1−3 geben an, auf welcher Karte die Wahlmöglichkeit erscheint.\""""
    for group in ("craftsmen", "teamsters", "merchants", "clergy"):
        for number in ("1", "2", "3"):
            st = new(2, seed=int(number), **{group: number})
            card = next(c for c in st["influence"] if CARDS[c]["group"] == group)
            assert card == f"{group}-{number}" and len(CARDS[card]["actions"]) == 2


def test_markers_start_below_the_first_glory_space():
    assert eagle(1) > 2
