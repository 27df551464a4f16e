"""The options of "In bester Gesellschaft": which combinations are allowed, which cards play.

Seed sections: "Die Erweiterung 'In bester Gesellschaft'" (Inhalt, Vorbereitung), "Variante SP+",
"Ein 5-Personen Spiel" and the Hinweise on the 2nd edition and Module 2.
"""

import pytest

from games.rules.base import InvalidOptions
from games.rules.sankt_petersburg.cards import INFO
from tests.rules.sankt_petersburg.sp_helpers import E

REPLACED = {
    "czar_and_carpenter": "czar_and_carpenter_ibg",
    "observatory": "observatory_ibg",
    "academy": "academy_ibg",
    "mistress_of_ceremonies": "mistress_of_ceremonies_ibg",
    "mariinsky_theater": "mariinsky_theater_ibg",
}
MODULE_2 = {
    "coffee_house",
    "debtors_prison",
    "trading_house",
    "sycophant",
    "october_revolution",
    "textile_factory",
    "guild_hall",
    "university",
    "merchant",
    "lt_kije",
    "mayor",
}


def _game_keys(players, **options):
    st = E.setup(players, options, 3)
    tab = INFO[st["opts"]["edition"]]
    ids = list(st["upper"]) + [c for pile in st["decks"].values() for c in pile]
    return st, [tab[c].key for c in ids]


def _counts(st):
    tab = INFO[st["opts"]["edition"]]
    ids = list(st["upper"]) + [c for pile in st["decks"].values() for c in pile]
    out = {}
    for c in ids:
        out[tab[c].deck] = out.get(tab[c].deck, 0) + 1
    return out


def test_sp_plus_and_expansion_are_exclusive():
    with pytest.raises(InvalidOptions, match="SP\\+"):
        E.setup(4, {"expansion": True, "sp_plus": True}, 1)


def test_variante_sp_plus_only_with_the_1st_edition():
    """Variante SP+: "Auf Yucata kann die 1. Auflage mit der Variante SP+ gespielt werden"."""
    with pytest.raises(InvalidOptions, match="1st edition"):
        E.setup(3, {"edition": "2", "sp_plus": True}, 1)
    assert E.setup(3, {"edition": "1", "sp_plus": True}, 1)["opts"]["sp_plus"] is True


@pytest.mark.parametrize("options", [{}, {"sp_plus": True}, {"edition": "2"}])
def test_five_players_need_the_expansion(options):
    """Ein 5-Personen Spiel: the fifth player's stone (the sack) comes with the expansion."""
    with pytest.raises(InvalidOptions, match="In bester Gesellschaft"):
        E.setup(5, options, 1)


@pytest.mark.parametrize("edition", ["1", "2"])
def test_five_players_with_the_expansion_in_both_editions(edition):
    st = E.setup(5, {"expansion": True, "edition": edition}, 1)
    assert st["n"] == 5 and st["sack"] is not None


def test_inhalt_35_cards_7_workers_9_buildings_9_aristocrats_10_exchange():
    """Inhalt: 35 cards (7 workers, 9 buildings, 9 aristocrats, 10 exchange cards) shuffled into
    the piles by their backs; 7 base cards leave (1 worker, 3 buildings, 2 aristocrats, 1 exchange)."""
    base = _counts(E.setup(4, {}, 3))
    full = _counts(E.setup(4, {"expansion": True}, 3))
    assert base == {"worker": 31, "building": 28, "aristocrat": 27, "exchange": 30}
    assert full == {"worker": 31 + 7 - 1, "building": 28 + 9 - 3, "aristocrat": 27 + 9 - 2, "exchange": 30 + 10 - 1}


@pytest.mark.parametrize("options", [{"expansion": True}, {"expansion": True, "edition": "2"}, {"sp_plus": True}])
def test_vorbereitung_seven_base_cards_replaced_never_both_versions(options):
    """Vorbereitung: Zar und Zimmermann, 2 Sternwarten, Akademie, 2 Hofmeisterinnen, Mariinski
    Theater leave the game for the expansion's versions; never both versions in one game."""
    _, keys = _game_keys(4, **options)
    for old, new in REPLACED.items():
        assert old not in keys
        assert new in keys
    assert keys.count("observatory_ibg") == 2 and keys.count("mistress_of_ceremonies_ibg") == 2


def test_variante_sp_plus_uses_only_the_replacement_cards():
    """Variante SP+: only the expansion cards that replace a base card are used."""
    st, keys = _game_keys(3, sp_plus=True)
    assert _counts(st) == {"worker": 31, "building": 28, "aristocrat": 27, "exchange": 30}
    tab = INFO["1"]
    expansion_kinds = {tab[c].key for c in tab if tab[c].set == "expansion"}
    assert {k for k in keys if k in expansion_kinds} == set(REPLACED.values())
    assert not MODULE_2 & set(keys) and "new_farmer" not in keys


def test_hinweis_expansion_needs_module_2_in_the_2nd_edition():
    """Hinweis: to play "In bester Gesellschaft" Module 2 must be chosen; "Alle Regeln der
    1. Auflage IbG gelten. Modul 2 muss zusätzlich hinzugenommen werden": the 2nd edition with the
    expansion has the Module 2 cards and the expansion's replacements."""
    st, keys = _game_keys(4, expansion=True, edition="2")
    assert MODULE_2 <= set(keys)
    assert set(REPLACED.values()) <= set(keys)
    assert _counts(st) == _counts(E.setup(4, {"expansion": True}, 3))


def test_hinweis_expansion_playable_with_the_new_edition():
    """Hinweis: the publishers agreed that the expansion may be played with the new edition."""
    for players in (2, 3, 4, 5):
        st = E.setup(players, {"expansion": True, "edition": "2"}, players)
        assert E.to_act(st) == [st["tokens"]["worker"]]
