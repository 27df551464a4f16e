"""Secret Chapel, Bank and Harbour cards; the Goldsmith's "gebaut"; when the game ends.

Each test quotes the line of the rules text (seeds/san-juan-yucata-rules.de.txt) it follows.
"""

from games.rules.san_juan import flow
from games.rules.san_juan.cards import KEY
from tests.rules.san_juan.sj_helpers import (
    E,
    empty_hands_at_pick,
    keys,
    next_round,
    play,
    role,
    set_city,
    set_hand,
    stack,
    to_pick,
)

_setup = empty_hands_at_pick


# "Ein Spieler muss seinen Mitspielern nicht mitteilen, welche und wie viele Karten er unter seiner
#  Kapelle liegen hat."


def test_chapel_cards_count_known_only_to_owner_until_the_end():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "chapel", "palace"])
    set_hand(st, 1, ["well", "tower"])
    next_round(st)
    events = play(st, 1, {"type": "chapel", "card": st["p"][1]["hand"][0]})
    tucked = [e for e in events if "Chapel" in e["msg"]]
    assert tucked and all(e.get("only") == 1 for e in tucked)  # the log tells the owner alone
    own = E.view(st, 1)["players"][1]
    printed = own["points"] - 1
    assert own["chapel_count"] == 1 and own["expected_points"] == (printed + 1) + (printed + 1) // 4
    for viewer in (0, None):
        other = E.view(st, viewer)["players"][1]
        assert other["chapel_count"] is None and other["chapel"] is None
        # Neither the points nor the Palace's share of them give the Chapel card away.
        assert other["points"] == printed and other["expected_points"] == printed + printed // 4
    st["phase"] = "over"
    assert E.view(st, 0)["players"][1]["chapel_count"] == 1  # revealed at the end
    assert E.result(st).scores[1] == own["expected_points"]


# Bank: "Weitere Details siehe bei den Hinweisen zur "Kapelle"."


def test_bank_cards_secret_like_the_chapel():
    st = _setup(expansion=True)
    set_city(st, 1, ["indigo_plant", "bank"])
    set_hand(st, 1, ["well", "tower", "statue"])
    next_round(st)
    events = play(st, 1, {"type": "bank", "card": st["p"][1]["hand"][0]})
    play(st, 1, {"type": "bank", "card": st["p"][1]["hand"][0]})
    assert all(e.get("only") == 1 for e in events if "Bank" in e["msg"])
    other = E.view(st, 0)["players"][1]
    own = E.view(st, 1)["players"][1]
    assert other["bank_count"] is None and other["bank_used"] is None and other["points"] == own["points"] - 2
    assert own["bank_count"] == 2


# Harbour: "Weitere Details siehe bei den Hinweisen zur "Kapelle"."


def test_harbour_cards_secret_like_the_chapel():
    st = _setup(expansion=True)
    set_city(st, 0, ["indigo_plant", "sugar_mill", "harbor"], goods=[True, True])
    events = role(st, 0, "trader")
    events += play(st, 0, {"type": "sell", "buildings": st["p"][0]["city"][:2]})
    assert all(e.get("only") == 0 for e in events if "Harbour" in e["msg"])
    assert E.view(st, 1)["players"][0]["harbor_count"] is None
    assert E.view(st, 0)["players"][0]["harbor_count"] == 1
    assert E.view(st, 1)["players"][0]["points"] == E.view(st, 0)["players"][0]["points"] - 1


# Goldschmiede: "Ist darauf ein Gebäude ... zu sehen, das von noch keinem Spieler gebaut wurde
#  (inkl. ihm selbst), darf er die Karte auf die Hand nehmen"


def test_goldsmith_counts_a_building_built_over_with_the_crane_as_built():
    st = _setup(expansion=True)
    set_city(st, 0, ["indigo_plant", "crane", "hero"])
    set_city(st, 1, ["indigo_plant", "goldsmith"])
    set_hand(st, 0, ["palace"])
    role(st, 0, "builder")
    hero = st["p"][0]["city"][2]
    play(st, 0, {"type": "build", "card": st["p"][0]["hand"][0], "over": hero})
    play(st, 0, {"type": "pay", "cards": []}) if st["pend"][0] else None
    assert KEY[hero] == "hero" and hero in st["out"]
    assert not any(KEY[b] == "hero" for p in st["p"] for b in p["city"])
    to_pick(st, 0, gov=0, pick=0)
    stack(st, ["well", "hero"])
    role(st, 0, "prospector")
    assert st["p"][1]["hand"] == []  # the Hero was built once: it does not count as new


# "Das Spiel endet sofort nach der Baumeisterphase, in der mindestens ein Spieler sein zwölftes
#  Gebäude vor sich liegen hat"


def test_twelve_buildings_reached_otherwise_do_not_end_the_game_before_a_builder_phase():
    st = _setup()
    set_city(st, 1, ["indigo_plant"] * 4 + ["sugar_mill"] * 4 + ["tobacco_storage"] * 4)
    role(st, 0, "prospector")
    assert not E.is_over(st)
    to_pick(st, 0, gov=0, pick=0)
    role(st, 0, "builder")
    assert not E.is_over(st)
    play(st, 0, {"type": "pass"})  # the prospector's card
    assert E.is_over(st)


# The safety end (not in the rules): only when play truly cannot go on.


def _empty_supply(st):
    for pile in ("deck", "disc"):
        st["out"] += st[pile]
        st[pile] = []


def test_no_safety_end_while_the_hand_limit_returns_cards():
    st = _setup()
    set_hand(st, 1, ["well", "tower", "statue", "hero", "smithy", "archive", "quarry", "library"])
    _empty_supply(st)
    next_round(st)
    assert not E.is_over(st) and st["phase"] == "limit"


def test_no_safety_end_while_goods_can_be_sold():
    st = _setup()
    set_city(st, 0, ["indigo_plant"], goods=[True])
    _empty_supply(st)
    next_round(st)
    assert not E.is_over(st)


def test_no_safety_end_while_someone_could_build():
    st = _setup()
    set_hand(st, 0, ["well", "tower"])
    _empty_supply(st)
    next_round(st)
    assert not E.is_over(st)


def test_safety_end_when_nothing_can_come_back():
    st = _setup()
    set_hand(st, 0, ["palace"])  # costs 6: never affordable with no other card
    _empty_supply(st)
    assert flow.stuck(st)
    next_round(st)
    assert E.is_over(st)
    assert keys(st["p"][0]["hand"]) == ["palace"]
