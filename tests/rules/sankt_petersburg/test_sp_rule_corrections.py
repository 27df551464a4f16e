"""Three places where the engine followed the texts too loosely, each test quoting its line.

Zwilling (Module 4, seed 000 and seed 003), the automatic obstacle bonus of the final scoring
(Module 6), and the Warehouse event, which changes no display (Module 4)."""

import copy

from games.rules.sankt_petersburg.abilities_obstacles import after_move
from tests.rules.sankt_petersburg.sp_helpers import E, act, goto, hand, lay, moves_of, new, rows, set_money, stack

EVENTS = {"edition": "2", "market": True, "events": True}
OBSTACLES = {"edition": "2", "market": True, "obstacles": True}


def twin_position(seed, money, hand_cards=()):
    st = new(3, seed, **EVENTS)
    goto(st, "building", start=0)
    (first, _other), _ = rows(st, ["theater", "market"], [])
    (second,) = stack(st, "building", "library")
    set_money(st, 0, money)
    if hand_cards:
        hand(st, 0, *hand_cards)
    return st, first, second


def test_zwilling_beide_karten_kaufen_oder_auf_die_hand_nehmen_kann_er_beides_nicht_kommen_beide_auf_den_ablagestapel():
    """ "Der Spieler muss beide Karten entweder kaufen oder auf die Hand nehmen. Er kann auch nur
    1 Karte kaufen und die andere auf die Hand nehmen. Kann er beides nicht, kommen die 2 Karten
    auf den Ablagestapel." / "You cannot keep one and discard the other."
    Rubles for one card (the Theater, 20) and a full hand: the seat cannot take both, so neither
    is kept (it used to buy the Theater and lose the Library)."""
    st, first, second = twin_position(1, 20, ("lumberjack", "lumberjack", "lumberjack"))
    act(st, 0, {"type": "event", "event": "twin"})
    assert not st["queue"]
    assert st["discard"][-2:] == [first, second]
    assert first not in st["p"][0]["cards"] and second not in st["p"][0]["cards"]


def test_zwilling_nur_erste_schritte_nach_denen_die_andere_karte_noch_genommen_werden_kann():
    """ "Er kann auch nur 1 Karte kaufen und die andere auf die Hand nehmen." One free hand space
    and 17 rubles: the Theater (20) into hand and the Library (17) bought, in either order; the
    Library into hand would leave the Theater unaffordable, so that step is not offered."""
    st, first, second = twin_position(2, 17, ("lumberjack", "lumberjack"))
    act(st, 0, {"type": "event", "event": "twin"})
    assert sorted(E.legal_moves(st, 0), key=str) == sorted(
        [
            {"type": "twin_take", "card": first, "choice": "hand"},
            {"type": "twin_take", "card": second, "choice": "buy"},
        ],
        key=str,
    )
    act(st, 0, {"type": "twin_take", "card": first, "choice": "hand"})
    assert E.legal_moves(st, 0) == [{"type": "twin_take", "card": second, "choice": "buy"}]
    act(st, 0, {"type": "twin_take", "card": second, "choice": "buy"})
    assert first in st["p"][0]["hand"] and second in st["p"][0]["cards"]
    assert not st["queue"] and E.to_act(st) == [0]


def test_zwilling_beide_auf_die_hand():
    """ "beide Karten entweder kaufen oder auf die Hand nehmen": no rubles, two free hand spaces."""
    st, first, second = twin_position(4, 0)
    act(st, 0, {"type": "event", "event": "twin"})
    act(st, 0, {"type": "twin_take", "card": second, "choice": "hand"})
    act(st, 0, {"type": "twin_take", "card": first, "choice": "hand"})
    assert st["p"][0]["hand"] == [second, first] and E.to_act(st) == [0] and not st["queue"]


TRACK = [
    [10, "bonus_market"],
    [20, "real_buildings"],
    [35, "real_workers"],
    [50, "bonus_nobles"],
    [70, "bonus_exchange"],
]


def test_schlusswertung_automatischer_bonus_beachtet_die_huerden_die_noch_kommen():
    """ "Hinweis: Die Hürden gelten auch in der Schlusswertung" / "If your scoring figure reaches or
    passes a hurdle, resolve the obstacle in the same way you would during the game": at 8 points
    the nobles' 3 points reach the market place bonus (2 markers: 2 rubles or 2 points) right
    before the real obstacle on 20, which the seat (no blue card) does not meet. Points stop at 19
    anyway, so the automatic choice is the rubles."""
    st = new(2, 5, **OBSTACLES)
    st["ext"]["obstacles"]["track"] = copy.deepcopy(TRACK)
    lay(st, 0, "chick", "ear_of_wheat")  # two markers on the market place
    st["p"][0]["points"] = 8
    st["ext"]["obstacles"]["seen"][0] = 8
    set_money(st, 0, 5)
    # Nobles 3 and 9 points of cards: with the bonus in points the marker would stop at 19 all the same.
    st["final"] = [{"nobles": 3, "cards": 9, "rubles": 0, "hand": 0}, {"nobles": 0, "cards": 0, "rubles": 0, "hand": 0}]
    st["step"] = "over"
    after_move(st, [])
    assert st["p"][0]["points"] == 19
    assert st["p"][0]["money"] == 7


def test_schlusswertung_automatischer_bonus_in_punkten_wenn_keine_huerde_sie_stoppt():
    """The same position without the real obstacle ahead: the 2 points count, they are taken."""
    st = new(2, 5, **OBSTACLES)
    st["ext"]["obstacles"]["track"] = [[10, "bonus_market"], [50, "bonus_nobles"], [70, "bonus_exchange"]]
    lay(st, 0, "chick", "ear_of_wheat")
    st["p"][0]["points"] = 8
    st["ext"]["obstacles"]["seen"][0] = 8
    set_money(st, 0, 5)
    st["final"] = [{"nobles": 3, "cards": 9, "rubles": 0, "hand": 0}, {"nobles": 0, "cards": 0, "rubles": 0, "hand": 0}]
    st["step"] = "over"
    after_move(st, [])
    assert st["p"][0]["points"] == 22 and st["p"][0]["money"] == 5


def test_lagerhaus_ereignis_weckt_keine_spieler_die_bis_zur_naechsten_aenderung_der_auslage_passen():
    """ "Lagerhaus: Der Spieler legt diese Karte offen vor sich aus. Er darf ab sofort 1 Karte mehr
    auf der Hand halten." The display does not change, so a pass "until the display changes"
    stands; another event (Sponsor) is a card action and wakes it."""
    st = new(3, 13, **EVENTS)
    goto(st, "building", start=0)
    rows(st, ["market", "theater", "library"], [])
    act(st, 0, {"type": "pass", "until": "display"})
    act(st, 1, {"type": "event", "event": "warehouse"})
    assert st["p"][0]["auto"] == "display"
    act(st, 1, {"type": "pass"})
    # Seat 2 acts next; seat 0 is still passing.
    act(st, 2, {"type": "event", "event": "sponsor"})
    assert st["p"][0]["auto"] is None
    assert moves_of(st, 2, "buy")
