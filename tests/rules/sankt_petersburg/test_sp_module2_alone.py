"""Module 2 of the 2nd edition on its own (option "module2").

Seed 000, "Die Erweiterung 'In bester Gesellschaft'": "In der 2. Auflage wurden die Karten in zwei
Gruppen geteilt. Die Erweiterung 'In bester Gesellschaft' mit 11 verschiedenen Karten und Modul 2"
... and under "Die Module": "Die 12 Karten: 3 Gebäude: Kaffeehaus, Handelshaus, Schuldturm.
2 Adelige: Hochstapler (2×) 7 Austauschkarten: Oktoberrevolution, Textilfabrik, Handelsgilde,
Universität, Händler, Leutnant Kije, Bürgermeister."
"""

import json
from collections import Counter

import pytest

from games.rules.base import InvalidOptions
from games.rules.sankt_petersburg.cards import INFO
from games.rules.sankt_petersburg.engine import MODULE2_EDITION, MODULE2_EXPANSION
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    act,
    all_cards,
    assert_replays,
    goto,
    lay,
    new,
    play_through,
    rows,
)

MODULE_2 = {
    "coffee_house": 1,
    "debtors_prison": 1,
    "trading_house": 1,
    "sycophant": 2,
    "october_revolution": 1,
    "textile_factory": 1,
    "guild_hall": 1,
    "university": 1,
    "merchant": 1,
    "lt_kije": 1,
    "mayor": 1,
}


def _keys(st):
    tab = INFO[st["opts"]["edition"]]
    return Counter(tab[c].key for c in all_cards(st))


def test_die_12_karten_von_modul_2_ohne_die_uebrigen_karten_der_erweiterung():
    """ "Die 12 Karten: 3 Gebäude ... 2 Adelige ... 7 Austauschkarten": exactly these come in, and
    the base cards stay (no card of the expansion replaces one)."""
    base = _keys(E.setup(3, {"edition": "2"}, 3))
    st = E.setup(3, {"edition": "2", "module2": True}, 3)
    keys = _keys(st)
    assert keys - base == Counter(MODULE_2)
    assert base - keys == Counter()
    assert sum(MODULE_2.values()) == 12


def test_modul_2_gehoert_zur_2_auflage():
    with pytest.raises(InvalidOptions) as err:
        E.setup(3, {"edition": "1", "module2": True}, 1)
    assert str(err.value) == MODULE2_EDITION


def test_die_erweiterung_der_2_auflage_enthaelt_modul_2_schon():
    """ "Alle Regeln der 1. Auflage 'In bester Gesellschaft' gelten. Modul 2 muss zusätzlich
    hinzugenommen werden": the expansion option of the 2nd edition brings Module 2 with it."""
    with pytest.raises(InvalidOptions) as err:
        E.setup(3, {"edition": "2", "expansion": True, "module2": True}, 1)
    assert str(err.value) == MODULE2_EXPANSION
    keys = _keys(E.setup(3, {"edition": "2", "expansion": True}, 1))
    assert all(keys[k] >= n for k, n in MODULE_2.items())


def test_modul_2_allein_bringt_keinen_fuenften_spieler():
    """The fifth player's stone comes with the expansion or the Market, not with Module 2."""
    with pytest.raises(InvalidOptions):
        E.setup(5, {"edition": "2", "module2": True}, 1)
    assert E.setup(5, {"edition": "2", "module2": True, "market": True}, 1)["n"] == 5


def test_modul_2_allein_kein_zehn_punkte_bonus_und_kein_sack():
    """The noble table beyond ten and the sack are rules of the whole expansion."""
    st = new(4, 2, edition="2", module2=True)
    assert st["sack"] is None
    from games.rules.sankt_petersburg.scoring import noble_score

    keys = [
        "author",
        "administrator",
        "warehouse_manager",
        "secretary",
        "controller",
        "judge",
        "mistress_of_ceremonies",
        "sycophant",
        "merchant",
        "lt_kije",
        "mayor",
    ]
    lay(st, 0, *keys)
    assert noble_score(st, 0) == 55


def test_hochstapler_und_schuldturm_wirken_auch_mit_modul_2_allein():
    """Hochstapler: "Bei jeder Wertung der Adligen muss der Spieler entweder 1 Rubel bezahlen oder
    die Karte abwerfen"; Schuldturm: "Zu Beginn der nächsten Runde dreht er sie wieder auf die
    Vorderseite"."""
    st = new(2, 4, edition="2", module2=True)
    goto(st, "aristocrat", start=0)
    (syc,) = lay(st, 0, "sycophant")
    st["p"][0]["money"] = 0
    rows(st, ["author"], [])
    act(st, 0, {"type": "pass"})
    act(st, 1, {"type": "pass"})
    assert syc in st["discard"] and syc not in st["p"][0]["cards"]
    st2 = new(2, 5, edition="2", module2=True)
    goto(st2, "building", start=0)
    (prison,) = lay(st2, 0, "debtors_prison")
    st2["discard"].append(st2["decks"]["worker"].pop())
    rows(st2, ["market"], [])
    act(st2, 0, {"type": "debtors_prison", "card": prison})
    act(st2, 0, {"type": "debtors_prison_take", "choice": "back"})
    assert prison in st2["p"][0]["flipped"]
    act(st2, 1, {"type": "pass"})
    act(st2, 0, {"type": "pass"})
    assert prison not in st2["p"][0]["flipped"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_zufallspartien_mit_modul_2_enden_und_lassen_sich_genau_wiederholen(players):
    options = {"edition": "2", "module2": True}
    total = len(all_cards(E.setup(players, options, 1)))

    def check(st):
        assert len(all_cards(st)) == total

    st, log = play_through(players, options, 1, check=check)
    assert json.loads(json.dumps(st)) == st
    assert_replays(players, options, 1, log, st)
