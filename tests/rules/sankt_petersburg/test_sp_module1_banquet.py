"""Module 1 "Das Bankett" (option "banquet", 2nd edition): every rule and every Hinweis of the seed's
section "Modul 1: Das Bankett", one test each, named after it."""

import json
from collections import Counter

import pytest

from games.rules.base import IllegalMove, InvalidOptions
from games.rules.sankt_petersburg.abilities_banquet.effects import BANQUET_EDITION
from games.rules.sankt_petersburg.cards import INFO, ids_of
from tests.rules.sankt_petersburg.sp_helpers import (
    E,
    act,
    all_cards,
    assert_replays,
    goto,
    hand,
    lay,
    moves_of,
    new,
    play_through,
    rows,
    set_money,
)

BASE = {"edition": "2", "banquet": True}
MARKET = {**BASE, "market": True}
PURPLE = {
    "money_collector": 1,
    "double_turn": 1,
    "jester": 1,
    "banquet": 1,
    "pickpocket": 1,
    "black_market": 3,
    "moocher": 1,
    "golden_donkey": 1,
    "away_with_it": 2,
}


def keys(st):
    tab = INFO["2"]
    return Counter(tab[c].key for c in all_cards(st))


def at(st, phase="building", start=0):
    goto(st, phase, start=start)


def purple(st, seat, key, **extra):
    """Play the seat's purple card `key` with the given arguments."""
    cid = next(c for c in st["p"][seat]["hand"] if INFO["2"][c].key == key)
    return act(st, seat, {"type": "purple", "card": cid, **extra}), cid


# --- contents -------------------------------------------------------------------------------------


def test_das_modul_beinhaltet_15_karten_3_normale_karten_und_12_lila_sonderkarten():
    with_market = keys(E.setup(3, MARKET, 1)) - keys(E.setup(3, {"edition": "2", "market": True}, 1))
    assert with_market == Counter({"czar_superstar": 1, "potemkin_village_1_4": 1, "potemkin_village_3_8": 1, **PURPLE})
    assert sum(with_market.values()) == 15
    assert sum(v for k, v in with_market.items() if INFO["2"][ids_of(k)[0]].purple) == 12


def test_beachte_ohne_markt_kommen_schwarzmarkt_geldeintreiber_schmarotzer_in_die_schachtel():
    """ "Wenn dieses Modul nur mit dem Grundspiel (ohne Markt) gespielt werden soll, dann müssen aus dem
    Bankett folgende 3 Karten mit gelbem Hintergrund in die Schachtel zurückgelegt werden:
    Schwarzmarkt, Geldeintreiber, Schmarotzer.\""""
    added = keys(E.setup(3, BASE, 1)) - keys(E.setup(3, {"edition": "2"}, 1))
    assert added["money_collector"] == added["moocher"] == 0
    assert added["black_market"] == 2
    assert sum(added.values()) == 12


def test_hinweis_wird_mit_modul_1_und_2_gespielt_kommt_der_schuldturm_aus_dem_spiel():
    """ "Hinweis: Wird mit Modul 1 und 2 gespielt, kommt der Schuldturm aus dem Spiel." """
    assert keys(E.setup(3, {**BASE, "module2": True}, 1))["debtors_prison"] == 0
    assert keys(E.setup(3, {**BASE, "expansion": True}, 1))["debtors_prison"] == 0
    assert keys(E.setup(3, {"edition": "2", "module2": True}, 1))["debtors_prison"] == 1


def test_modul_1_gehoert_zur_2_auflage():
    with pytest.raises(InvalidOptions) as err:
        E.setup(3, {"edition": "1", "banquet": True}, 1)
    assert str(err.value) == BANQUET_EDITION


# --- purple cards in general ------------------------------------------------------------------------


def test_lila_sonderkarten_sind_kostenlos_und_muessen_zuerst_auf_die_hand():
    """ "Die lila Sonderkarten sind generell kostenlos. Der Spieler muss diese Karten zuerst auf die
    Hand nehmen. Das heißt, der Spieler muss dafür auch einen Platz auf der Hand frei haben.\""""
    st = new(3, 1, **BASE)
    at(st)
    (donkey, _lib), _ = rows(st, ["golden_donkey", "library"], [])
    set_money(st, 0, 30)
    legal = E.legal_moves(st, 0)
    assert {"type": "buy", "card": donkey} not in legal and {"type": "take", "card": donkey} in legal
    with pytest.raises(IllegalMove):
        act(st, 0, {"type": "buy", "card": donkey})
    hand(st, 0, "lumberjack", "lumberjack", "lumberjack")
    assert {"type": "take", "card": donkey} not in E.legal_moves(st, 0)


def test_ausspielen_ist_eine_weitere_aktion_nur_wenn_die_funktion_genutzt_werden_kann():
    """ "Wenn der Spieler die Funktion einer Sonderkarte nutzen will, so muss er diese in einer
    weiteren Aktion ausspielen. Der Spieler kann eine lila Sonderkarte nur ausspielen, wenn deren
    Funktion auch genutzt werden kann.\" Weg damit! with no other hand card cannot be played."""
    st = new(3, 2, **BASE)
    at(st)
    rows(st, ["library"], [])
    (away,) = hand(st, 0, "away_with_it")
    assert not [m for m in moves_of(st, 0, "purple") if m["card"] == away]
    with pytest.raises(IllegalMove):
        act(st, 0, {"type": "purple", "card": away})
    hand(st, 0, "lumberjack")
    events = act(st, 0, moves_of(st, 0, "purple")[0])
    assert E.to_act(st) == [1]  # the play was the seat's action
    assert any(e["msg"] == "{seat} plays the {card}." for e in events)


def test_nicht_einfach_abwerfen_keine_minuspunkte_und_nach_dem_ausspielen_in_die_schachtel():
    """ "Hat ein Spieler eine lila Sonderkarte erst einmal auf der Hand, so kann diese also nicht
    einfach abgeworfen werden. Sie zählen jedoch bei Spielende keine Minuspunkte.\" / "Nach dem
    Ausspielen einer lila Sonderkarte wird diese in die Schachtel zurückgelegt. Sie kommt nicht auf
    den Ablagestapel.\""""
    st = new(3, 3, **BASE)
    at(st)
    rows(st, ["library"], [])
    hand(st, 0, "golden_donkey", "jester", "lumberjack")
    from games.rules.sankt_petersburg.scoring import final_parts

    assert final_parts(st, 0)["hand"] == -5
    _, donkey = purple(st, 0, "golden_donkey")
    assert donkey not in st["discard"] and st["ext"]["banquet"]["box"] == [donkey]
    assert E.view(st, 1)["banquet"]["box"] == ["golden_donkey"]


def test_lila_karten_im_ablagestapel_koennen_nicht_gewaehlt_werden():
    st = new(3, 4, **MARKET)
    at(st)
    rows(st, ["library"], [])
    hand(st, 0, "black_market")
    st["discard"].append(st["decks"]["exchange"].pop())
    while not INFO["2"][st["discard"][-1]].purple:
        st["discard"].append(next(c for c in st["decks"]["exchange"] if INFO["2"][c].purple))
        st["decks"]["exchange"].remove(st["discard"][-1])
    purple(st, 0, "black_market")
    assert all(m.get("card") != st["discard"][-1] for m in E.legal_moves(st, 0))


# --- the three normal cards --------------------------------------------------------------------------


def test_zar_superstar_ersetzt_nur_zar_und_zimmermann_3_rubel_und_1_rubel_weniger_fuer_rot_und_blau():
    """ "Diese Austauschkarte kann nur die Karte „Zar und Zimmermann“ ersetzen. Bei der
    Handwerker-Wertung bekommt der Spieler weiterhin 3 Rubel. Außerdem zahlt der Spieler für jede
    rote und für jede blaue Karte, die er im weiteren Verlauf des Spiels kauft, 1 Rubel weniger.\""""
    st = new(3, 5, **BASE)
    at(st)
    lay(st, 0, "lumberjack", "weaving_mill")
    (star, _lib, _author), _ = rows(st, ["czar_superstar", "library", "author"], [])
    set_money(st, 0, 40)
    assert not [m for m in moves_of(st, 0, "buy") if m["card"] == star]  # no Czar and Carpenter yet
    (czar,) = lay(st, 0, "czar_and_carpenter")
    buys = [m for m in moves_of(st, 0, "buy") if m["card"] == star]
    assert buys == [{"type": "buy", "card": star, "replace": czar}]
    act(st, 0, buys[0])
    assert st["p"][0]["money"] == 40 - (9 - 8)
    v = E.view(st, 0)
    prices = {c["key"]: c["price"] for c in v["display"]["upper"]}
    assert prices["library"] == 16 and prices["author"] == 3
    from games.rules.sankt_petersburg.scoring import income

    assert income(st, 0, "worker")[0] == 3 + 3 + 6


@pytest.mark.parametrize("key, cost, worth", [("potemkin_village_1_4", 1, 4), ("potemkin_village_3_8", 3, 8)])
def test_potemkinsches_dorf_kostet_wenig_und_ist_beim_austausch_mehr_wert(key, cost, worth):
    """ "Potemkinsches Dorf 1/4: Kosten 1 Rubel. Wenn der Spieler das Potemkinsche Dorf gegen eine
    Austauschkarte ersetzen möchte, so ist es 4 Rubel wert.\" (3/8 likewise.)"""
    st = new(3, 6, **BASE)
    at(st)
    (village,), _ = rows(st, [key], [])
    set_money(st, 0, 30)
    act(st, 0, {"type": "buy", "card": village})
    assert st["p"][0]["money"] == 30 - cost
    (bank,) = hand(st, 0, "bank")
    play = {"type": "play", "card": bank, "replace": village}
    st["turn"] = 0
    assert play in E.legal_moves(st, 0)
    act(st, 0, play)
    assert st["p"][0]["money"] == 30 - cost - (13 - worth)


# --- the purple cards ------------------------------------------------------------------------------------


def test_geldeintreiber_halbe_kosten_abgerundet_keine_siegpunkte_nicht_austauschbar():
    """ "Der Spieler zahlt nur die Hälfte der Kosten (abgerundet) einer Karte und legt sie aus. Er muss
    die Siegpunkte mit diesem Chip abdecken. Er erhält für diese Karte niemals Siegpunkte und darf
    die Karte auch nicht austauschen.\""""
    st = new(3, 7, **MARKET)
    at(st)
    (lib,), _ = rows(st, ["library"], [])
    hand(st, 0, "money_collector")
    set_money(st, 0, 8)
    purple(st, 0, "money_collector", target=lib)
    assert st["p"][0]["money"] == 0 and lib in st["p"][0]["cards"]  # 17 // 2 = 8
    from games.rules.sankt_petersburg.scoring import income

    assert income(st, 0, "building") == (0, 0)
    hand(st, 0, "bank")
    set_money(st, 0, 50)
    assert not [m for m in E.legal_moves(st, 0) if m.get("replace") == lib]
    assert lib in E.view(st, 2)["banquet"]["collected"]


def test_hinweis_geldeintreiber_zuerst_andere_kostenreduktionen_dann_die_haelfte():
    """ "Hinweis: Zuerst werden ggf. vorhandene andere Kostenreduktionen abgezogen, und von dem Ergebnis
    wird dann der halbe (abgerundete) Preis bezahlt.\" Library 17, one in the display already (-1),
    lower row (-1): 15, half 7."""
    st = new(3, 8, **MARKET)
    at(st)
    lay(st, 0, "library")
    _, (lib,) = rows(st, [], ["library"])
    hand(st, 0, "money_collector")
    set_money(st, 0, 7)
    purple(st, 0, "money_collector", target=lib)
    assert st["p"][0]["money"] == 0


def test_hinweis_geldeintreiber_auch_eine_karte_ohne_siegpunkte():
    """ "Hinweis: Es kann auch eine Karte ohne Siegpunkte gekauft werden.\" A Lumberjack (3, no points)
    for 1 ruble."""
    st = new(3, 9, **MARKET)
    at(st)
    (lumber,), _ = rows(st, ["lumberjack"], [])
    hand(st, 0, "money_collector")
    set_money(st, 0, 1)
    purple(st, 0, "money_collector", target=lumber)
    assert lumber in st["p"][0]["cards"] and st["p"][0]["money"] == 0


def test_doppelzug_sofort_2_aktionen_hintereinander():
    """ "Der Spieler muss sofort 2 Aktionen hintereinander durchführen. Er hat in beiden Aktionen die
    Möglichkeit, 1 Karte zu kaufen, 1 Karte auf die Hand zu nehmen, 1 Karte aus der Hand auszulegen
    oder zu passen.\""""
    st = new(3, 10, **BASE)
    at(st)
    (lib, author, _m), _ = rows(st, ["library", "author", "market"], [])
    hand(st, 0, "double_turn", "golden_donkey")
    set_money(st, 0, 30)
    purple(st, 0, "double_turn")
    assert E.to_act(st) == [0] and E.view(st, 1)["banquet"]["double"] == {"seat": 0, "left": 2}
    types = {m["type"] for m in E.legal_moves(st, 0)}
    assert types == {"buy", "take", "pass"}  # no purple card, no standing pass in between
    assert {"type": "pass"} in E.legal_moves(st, 0)
    act(st, 0, {"type": "buy", "card": lib})
    assert E.to_act(st) == [0]
    act(st, 0, {"type": "take", "card": author})
    assert E.to_act(st) == [1] and st["ext"]["banquet"]["double"] is None


def test_doppelzug_passen_in_der_ersten_aktion_dann_kaufen():
    st = new(3, 11, **BASE)
    at(st)
    (lib, _a), _ = rows(st, ["library", "author"], [])
    hand(st, 0, "double_turn")
    set_money(st, 0, 30)
    purple(st, 0, "double_turn")
    act(st, 0, {"type": "pass"})
    assert E.to_act(st) == [0] and st["passes"] == 0
    act(st, 0, {"type": "buy", "card": lib})
    assert E.to_act(st) == [1]


def test_hofnarr_geld_und_punktwert_bei_der_naechsten_wertung_vertauscht_dann_aus_dem_spiel():
    """ "Der Spieler muss den Hofnarr einer eigenen ausliegenden Karte zuordnen. Die ausliegende Karte
    muss einen Geld- und Punktwert haben. Bei der nächsten Wertung dieser Karte werden deren Geld- und
    Punktwert vertauscht ... Nach der Wertung kommt der Hofnarr aus dem Spiel.\""""
    st = new(2, 12, **BASE)
    at(st, "aristocrat")
    (mistress, _author) = lay(st, 0, "mistress_of_ceremonies", "author")
    rows(st, ["secretary"], [])
    hand(st, 0, "jester")
    targets = [m["target"] for m in moves_of(st, 0, "purple")]
    assert targets == [mistress]  # the Author has no point value
    purple(st, 0, "jester", target=mistress)
    money, points = st["p"][0]["money"], st["p"][0]["points"]
    act(st, 1, {"type": "pass"})
    act(st, 0, {"type": "pass"})
    # Mistress of Ceremonies 6 rubles / 3 points swapped, the Author's 1 ruble as printed.
    assert st["p"][0]["money"] - money == 3 + 1 and st["p"][0]["points"] - points == 6
    assert st["ext"]["banquet"]["attached"] == {}


def test_bankett_geld_und_punktwert_bei_der_naechsten_wertung_verdoppelt_dann_aus_dem_spiel():
    """ "Bei der nächsten Wertung dieser Karte werden deren Geld- und Punktwert verdoppelt. Nach der
    Wertung kommt das Bankett aus dem Spiel.\""""
    st = new(2, 13, **BASE)
    at(st, "building")
    (bank,) = lay(st, 0, "bank")
    rows(st, ["library"], [])
    hand(st, 0, "banquet")
    purple(st, 0, "banquet", target=bank)
    assert E.view(st, 1)["banquet"]["attached"] == {bank: ["banquet"]}
    money, points = st["p"][0]["money"], st["p"][0]["points"]
    act(st, 1, {"type": "pass"})
    act(st, 0, {"type": "pass"})
    assert st["p"][0]["money"] - money == 10 and st["p"][0]["points"] - points == 2
    assert st["ext"]["banquet"]["attached"] == {}


def test_langfinger_zu_beginn_einer_runde_ohne_aktion_vor_dem_startspieler():
    """ "Der Spieler muss die Karte zu Beginn einer Runde ausspielen, das heißt dann, wenn die neuen
    Karten gerade ausgelegt wurden. Die Langfinger-Karte kostet keine Aktion. Der Spieler, der den
    Langfinger ausgespielt hat, darf vor dem Startspieler eine Karte von der Karten-Auslage kaufen
    oder auf die Hand nehmen. Danach folgt der Spieler mit dem passenden Holzstein für die Runde ...
    Alle Holzsteine bleiben bei den jeweiligen Spielern.\""""
    st = new(3, 14, **BASE)
    at(st, "worker", start=0)
    rows(st, ["lumberjack"], [])
    (pick,) = hand(st, 2, "pickpocket")
    st["tokens"]["building"] = 1
    set_money(st, 2, 30)
    for seat in (0, 1, 2):
        act(st, seat, {"type": "pass"})
    # The building round starts: seat 2 is asked before the start player (seat 1).
    assert st["phase"] == "building" and E.to_act(st) == [2]
    assert E.view(st, 0)["step"] == "pickpocket"
    assert {"type": "pickpocket", "choice": "keep"} in E.legal_moves(st, 2)
    first = st["upper"][0]
    act(st, 2, {"type": "pickpocket", "card": first, "choice": "take"})
    assert first in st["p"][2]["hand"] and pick in st["ext"]["banquet"]["box"]
    assert E.to_act(st) == [1] and st["tokens"]["building"] == 1 and E.view(st, 1)["step"] == "actions"


def test_langfinger_behalten_und_nicht_als_aktion_spielbar():
    st = new(3, 15, **BASE)
    at(st, "worker", start=0)
    rows(st, ["lumberjack"], [])
    (pick,) = hand(st, 0, "pickpocket")
    assert not [m for m in moves_of(st, 0, "purple") if m["card"] == pick]
    for seat in (0, 1, 2):
        act(st, seat, {"type": "pass"})
    assert E.to_act(st) == [0] and st["queue"][0]["kind"] == "pickpocket"
    act(st, 0, {"type": "pickpocket", "choice": "keep"})
    assert pick in st["p"][0]["hand"] and E.to_act(st) == [st["tokens"]["building"]]


def test_schwarzmarkt_eine_karte_aus_dem_ablagestapel_kaufen_auf_die_hand_oder_zuruecklegen():
    """ "Der Spieler muss 1 Karte aus dem Ablagestapel auswählen. Die gewählte Karte kann der Spieler
    sofort kaufen und auslegen oder auf die Hand nehmen oder zurück auf den Ablagestapel legen.\""""
    st = new(3, 16, **BASE)
    at(st)
    rows(st, ["market"], [])
    hand(st, 0, "black_market")
    st["discard"].append(next(c for c in st["decks"]["building"] if INFO["2"][c].key == "library"))
    st["decks"]["building"].remove(st["discard"][-1])
    lib = st["discard"][-1]
    assert not [m for m in moves_of(st, 1, "purple")]
    set_money(st, 0, 17)
    purple(st, 0, "black_market")
    legal = E.legal_moves(st, 0)
    assert {"type": "debtors_prison_take", "card": lib, "choice": "buy"} in legal
    assert {"type": "debtors_prison_take", "card": lib, "choice": "hand"} in legal
    assert {"type": "debtors_prison_take", "choice": "back"} in legal
    assert E.view(st, 1)["step"] == "black_market"
    act(st, 0, {"type": "debtors_prison_take", "card": lib, "choice": "buy"})
    assert lib in st["p"][0]["cards"] and st["p"][0]["money"] == 0 and E.to_act(st) == [1]


def test_schwarzmarkt_nur_mit_karten_im_ablagestapel():
    st = new(3, 17, **BASE)
    at(st)
    rows(st, ["market"], [])
    st["discard"] = []
    hand(st, 0, "black_market")
    assert not moves_of(st, 0, "purple")


def test_schmarotzer_rubel_oder_siegpunkte_einer_karte_eines_mitspielers_niemals_beides():
    """ "Der Spieler wählt 1 beliebige Karte, die ein Mitspieler vor sich ausliegen hat. Der Spieler
    erhält entweder sofort die Rubel oder die Siegpunkte dieser Karte, niemals beides.\""""
    st = new(3, 18, **MARKET)
    at(st)
    rows(st, ["market"], [])
    (bank,) = lay(st, 1, "bank")
    hand(st, 0, "moocher")
    legal = [m for m in moves_of(st, 0, "purple") if m.get("target") == bank]
    assert sorted(m["take"] for m in legal) == ["points", "rubles"]
    money, points = st["p"][0]["money"], st["p"][0]["points"]
    purple(st, 0, "moocher", target=bank, take="rubles")
    assert st["p"][0]["money"] == money + 5 and st["p"][0]["points"] == points
    assert bank in st["p"][1]["cards"]


def test_hinweis_1_schmarotzer_wertet_mit_den_karten_des_gegners():
    """ "Hinweis: 1. Wenn sich die ausgewählte Karte auf andere Karten bezieht, werden die Karten des
    Gegners für die Wertermittlung herangezogen. (Beispiel: wird mit dem Schmarotzer der
    Steuereintreiber des Gegners gewählt, bekommt der Spieler Rubel entsprechend der Anzahl der
    Handwerker des Gegners.)\""""
    st = new(3, 19, **MARKET)
    at(st)
    rows(st, ["market"], [])
    (tax,) = lay(st, 1, "tax_man")
    lay(st, 1, "lumberjack", "lumberjack", "lumberjack")
    lay(st, 0, "lumberjack")
    hand(st, 0, "moocher")
    money = st["p"][0]["money"]
    purple(st, 0, "moocher", target=tax, take="rubles")
    assert st["p"][0]["money"] == money + 3


def test_hinweis_2_schmarotzer_hofnarr_oder_bankett_zaehlen_nicht_und_bleiben():
    """ "Hinweis: 2. Ist der ausgewählten Karte der Hofnarr oder das Bankett zugeordnet, wird das hier
    nicht berücksichtigt und der Hofnarr oder das Bankett werden nicht entfernt.\""""
    st = new(3, 20, **MARKET)
    at(st)
    rows(st, ["market"], [])
    (bank,) = lay(st, 1, "bank")
    st["ext"]["banquet"]["attached"][bank] = ["banquet"]
    hand(st, 0, "moocher")
    money = st["p"][0]["money"]
    purple(st, 0, "moocher", target=bank, take="rubles")
    assert st["p"][0]["money"] == money + 5
    assert st["ext"]["banquet"]["attached"] == {bank: ["banquet"]}


def test_goldesel_sofort_5_rubel_aus_dem_vorrat():
    """ "Der Spieler erhält sofort 5 Rubel aus dem Vorrat.\""""
    st = new(3, 21, **BASE)
    at(st)
    rows(st, ["market"], [])
    hand(st, 0, "golden_donkey")
    money = st["p"][0]["money"]
    purple(st, 0, "golden_donkey")
    assert st["p"][0]["money"] == money + 5
    stats = {r["label"]: r["values"] for r in E.result(st).stats}
    assert stats["Purple cards: rubles"][0] == 5


def test_weg_damit_eine_handkarte_auf_den_ablagestapel():
    """ "Der Spieler muss 1 Karte aus seiner Hand auf den Ablagestapel legen.\""""
    st = new(3, 22, **BASE)
    at(st)
    rows(st, ["market"], [])
    (lumber,) = hand(st, 0, "lumberjack")
    hand(st, 0, "away_with_it")
    purple(st, 0, "away_with_it", target=lumber)
    assert st["discard"][-1] == lumber and st["p"][0]["hand"] == []


def test_hinweis_weg_damit_keine_lila_sonderkarte_abwerfen():
    """ "Hinweis: Es ist nicht erlaubt, einer der lila Sonderkarten abzuwerfen.\""""
    st = new(3, 23, **BASE)
    at(st)
    rows(st, ["market"], [])
    (donkey,) = hand(st, 0, "golden_donkey")
    (away,) = hand(st, 0, "away_with_it")
    assert not [m for m in moves_of(st, 0, "purple") if m["card"] == away]
    with pytest.raises(IllegalMove):
        act(st, 0, {"type": "purple", "card": away, "target": donkey})


# --- whole games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, options",
    [(2, BASE), (3, {**BASE, "module2": True}), (4, MARKET), (5, {**MARKET, "expansion": True})],
    ids=str,
)
def test_random_games_with_the_banquet_end_replay_and_play_every_purple_card(players, options):
    seen = set()
    total = len(all_cards(E.setup(players, options, 1)))

    def choose(st, seat, legal, rng, _moves):
        assert E.timeout_move(st, seat) in legal
        purple_moves = [m for m in legal if m["type"] in ("purple", "pickpocket") and m.get("choice") != "keep"]
        move = rng.choice(purple_moves) if purple_moves and rng.random() < 0.7 else rng.choice(legal)
        if move["type"] == "purple":
            seen.add(INFO["2"][move["card"]].effect)
        return move

    def check(st):
        cards = all_cards(st)
        assert len(cards) == len(set(cards)) == total
        assert all(p["money"] >= 0 for p in st["p"])

    for seed in (1, 2, 3):
        st, log = play_through(players, options, seed, choose=choose, check=check)
        assert json.loads(json.dumps(st)) == st
        assert_replays(players, options, seed, log, st)
    assert {"golden_donkey", "double_turn", "away_with_it", "jester", "banquet"} & seen


def test_card_figures_are_validated_at_load():
    """The loader refuses figures the sources rule out: a purple card that costs something, a pile
    per copy that does not match the copies, an exchange card limited to an unknown card."""
    from games.rules.sankt_petersburg.cards import KIND, validate

    donkey = dict(KIND["golden_donkey"])
    with pytest.raises(ValueError, match="purple"):
        validate([{**donkey, "cost": 2}])
    with pytest.raises(ValueError, match="pile per copy"):
        validate([{**KIND["black_market"], "decks": ["aristocrat"]}])
    with pytest.raises(ValueError, match="unknown card"):
        validate([{**KIND["czar_superstar"], "replaces": {"color": "worker", "keys": ["no_such_card"]}}])
    validate(list(KIND.values()))
