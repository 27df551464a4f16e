"""What the rules leave to the player: declining roles, privileges and building effects.

Each test quotes the line of the rules text (seeds/san-juan-yucata-rules.de.txt) it follows.
"""

import random

import pytest

from games.rules.san_juan import bot
from tests.rules.san_juan.sj_helpers import (
    E,
    asked,
    empty_hands_at_pick,
    keys,
    play,
    role,
    say,
    say_yes,
    set_city,
    set_hand,
    stack,
)

_setup = empty_hands_at_pick


# "Er darf anschließend aber darauf verzichten, die Aktion bzw. das Privileg dieser Rolle auszuführen.
#  Auch jeder weitere Spieler darf anschließend auf das Ausführen der Aktion verzichten; ein solcher
#  Spieler wird einfach übersprungen."


def test_councillor_chooser_may_decline_action_and_privilege():
    st = _setup()
    role(st, 0, "councillor", answer=False)
    deck = len(st["deck"])
    assert [m for m in E.legal_moves(st, 0)] == [
        {"type": "use", "yes": True},
        {"type": "use", "yes": True, "privilege": False},
        {"type": "use", "yes": False},
    ]
    say(st, 0, False)
    say(st, 1, True)
    assert st["p"][0]["hand"] == []
    assert len(st["deck"]) == deck - 2  # only seat 1 drew; seat 0 was skipped
    assert st["pend"][0] is None and st["pend"][1]["k"] == "keep"


def test_councillor_may_decline_only_the_privilege():
    st = _setup()
    role(st, 0, "councillor", answer=False)
    say(st, 0, True, privilege=False)
    say(st, 1, False)
    assert len(st["pend"][0]["drawn"]) == 2 and st["pend"][1] is None


def test_councillor_other_player_skipped_when_declining():
    st = _setup(players=3)
    role(st, 0, "councillor", answer=False)
    say(st, 0, True)
    say(st, 1, False)
    say(st, 2, True)
    assert len(st["pend"][0]["drawn"]) == 5 and st["pend"][1] is None and len(st["pend"][2]["drawn"]) == 2


def test_prospector_may_decline_the_privilege():
    st = _setup()
    role(st, 0, "prospector", answer=False)
    deck = len(st["deck"])
    assert asked(st, 0) == "prospector"
    say(st, 0, False)
    assert st["p"][0]["hand"] == [] and len(st["deck"]) == deck and st["phase"] == "role"


def test_builder_privilege_declined_by_not_building():
    # "Auch erhält der Baumeister sein Privileg (= 1 Karte weniger) nicht ausbezahlt, sollte er nicht bauen!"
    st = _setup()
    set_hand(st, 0, ["well", "tower"])
    role(st, 0, "builder")
    assert {"type": "pass"} in E.legal_moves(st, 0)


# "Es darf benutzt werden, muss aber nicht." (every city building)


def test_gold_mine_use_may_be_declined():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "gold_mine"])
    stack(st, ["well", "quarry", "gold_mine", "tobacco_storage", "hero"])
    role(st, 0, "prospector", answer=False)
    assert asked(st, 1) == "gold_mine"
    say(st, 0, True)
    say(st, 1, False)
    assert st["p"][1]["hand"] == [] and keys(st["p"][0]["hand"]) == ["well"]
    assert st["disc"] == []  # nothing revealed


def test_goldsmith_use_may_be_declined():
    st = _setup(expansion=True)
    set_city(st, 1, ["indigo_plant", "goldsmith"])
    stack(st, ["well", "hero"])
    role(st, 0, "prospector", answer=False)
    say(st, 0, True)
    assert asked(st, 1) == "goldsmith"
    say(st, 1, False)
    assert st["p"][1]["hand"] == [] and st["disc"] == []


def test_customs_office_use_may_be_declined():
    st = _setup(expansion=True)
    set_city(st, 1, ["indigo_plant", "customs_office"])
    role(st, 0, "councillor", answer=False)
    assert asked(st, 1) == "customs_office"
    say(st, 1, False)
    say(st, 1, True)
    say(st, 0, False)
    assert st["p"][1]["goods"] == [-1, -1]


@pytest.mark.parametrize("use", [True, False])
def test_library_with_three_players_is_a_choice(use):
    # "Der Besitzer einer Bibliothek darf das Privileg seiner Rolle verdoppeln"
    st = _setup(players=3)
    set_city(st, 0, ["indigo_plant", "library"])
    assert {"type": "role", "role": "prospector", "library": True} in E.legal_moves(st, 0)
    role(st, 0, "prospector", library=use)
    assert len(st["p"][0]["hand"]) == (2 if use else 1)


def test_well_card_may_be_declined():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "sugar_mill", "well", "aqueduct"])
    role(st, 0, "producer")
    play(st, 0, {"type": "produce", "buildings": []})
    play(st, 1, {"type": "produce", "buildings": st["p"][1]["city"][:2]}, answer=False)
    assert asked(st, 1) == "well"
    say(st, 1, False)
    assert st["p"][1]["hand"] == [] and st["phase"] == "role"


def test_market_stand_and_market_hall_are_asked_one_after_the_other():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "sugar_mill", "market_stand", "market_hall", "trading_post"], goods=[True, True])
    role(st, 0, "trader")
    play(st, 1, {"type": "sell", "buildings": st["p"][1]["city"][:2]}, answer=False)
    hand = len(st["p"][1]["hand"])
    assert asked(st, 1) == "market_stand"
    say(st, 1, False)
    assert asked(st, 1) == "market_hall"
    say(st, 1, True)
    assert len(st["p"][1]["hand"]) == hand + 1


def test_carpenter_first_then_poor_house():
    # "Besitzt er auch die Schreinerei, erhält er zunächst diese Karte, und erst danach evtl. noch eine
    #  Karte aufgrund des Armenhauses."
    st = _setup()
    set_city(st, 1, ["indigo_plant", "carpenter", "poor_house"])
    set_hand(st, 1, ["smithy", "tower", "statue"])
    role(st, 0, "builder")  # the builder has no cards and is skipped
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]}, answer=False)
    play(st, 1, {"type": "pay", "card": st["p"][1]["hand"][1]}, answer=False)
    assert asked(st, 1) == "carpenter"
    say(st, 1, False)  # without the Carpenter's card, one card is left: the Poor house applies
    assert asked(st, 1) == "poor_house"
    say(st, 1, True)
    assert len(st["p"][1]["hand"]) == 2


def test_carpenter_card_taken_so_poor_house_no_longer_applies():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "carpenter", "poor_house"])
    set_hand(st, 1, ["smithy", "tower", "statue"])
    role(st, 0, "builder")  # the builder has no cards and is skipped
    play(st, 1, {"type": "build", "card": st["p"][1]["hand"][0]}, answer=False)
    play(st, 1, {"type": "pay", "card": st["p"][1]["hand"][1]}, answer=False)
    say(st, 1, True)
    assert asked(st, 1) is None and len(st["p"][1]["hand"]) == 2


def test_archive_may_be_declined_for_the_ordinary_keep():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "archive"])
    role(st, 0, "councillor", answer=False)
    say(st, 0, False)
    say(st, 1, True)
    assert asked(st, 1) == "archive"
    say(st, 1, False)
    assert st["pend"][1]["k"] == "keep" and len(st["pend"][1]["drawn"]) == 2


def test_archive_not_asked_after_declining_the_councillor():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "archive"])
    role(st, 0, "councillor", answer=False)
    say(st, 1, False)
    assert asked(st, 1) is None and st["pend"][1]["ok"]


def test_prefecture_second_card_may_be_declined():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "prefecture"])
    role(st, 0, "councillor", answer=False)
    say(st, 0, True)
    say(st, 1, False)
    drawn = list(st["pend"][0]["drawn"])
    play(st, 0, {"type": "keep", "card": drawn[0]})
    assert {"type": "keep", "cards": []} in E.legal_moves(st, 0)
    play(st, 0, {"type": "keep", "cards": []})
    assert st["p"][0]["hand"] == [drawn[0]] and st["pend"][0] is None


def test_prefecture_with_archive_may_be_declined():
    # Präfektur: "Besitzt er zudem ein Archiv, darf er alle Karten auf die Hand nehmen, bevor er dann die
    #  entsprechende Anzahl abwirft."
    st = _setup()
    set_city(st, 0, ["indigo_plant", "prefecture", "archive"])
    role(st, 0, "councillor", answer=False)
    say(st, 1, False)
    say(st, 0, True)
    say(st, 0, True)  # the Archive
    assert asked(st, 0) == "prefecture"
    say(st, 0, False)
    assert st["pend"][0] == {"k": "discard", "n": 4, "why": "archive"}  # 5 drawn, 1 kept


def test_hut_and_tavern_are_asked():
    st = _setup(expansion=True)
    set_city(st, 1, ["indigo_plant", "hut"])
    role(st, 0, "trader", answer=False)
    assert asked(st, 1) == "hut"  # nobody could sell
    say(st, 1, False)
    assert st["p"][1]["hand"] == []
    st = _setup(expansion=True)
    set_city(st, 1, ["indigo_plant", "tavern"])
    set_city(st, 0, ["indigo_plant", "well", "tower"])
    role(st, 0, "builder", answer=False)  # nobody holds a card: both are skipped
    assert asked(st, 1) == "tavern"
    say(st, 1, True)
    assert len(st["p"][1]["hand"]) == 1


# Bots and timeouts.


def test_timeout_takes_what_only_adds_cards():
    st = _setup()
    set_city(st, 1, ["indigo_plant", "sugar_mill", "well", "gold_mine"])
    role(st, 0, "prospector", answer=False)
    assert E.timeout_move(st, 0) == {"type": "use", "yes": True}
    assert E.timeout_move(st, 1) == {"type": "use", "yes": True}
    st = _setup()
    role(st, 0, "councillor", answer=False)
    assert E.timeout_move(st, 0) == {"type": "use", "yes": True}  # all five cards, privilege included


def test_bot_answers_every_question_with_a_legal_move():
    rng = random.Random(4)
    for seed in range(6):
        st = E.setup(3, {"expansion": True}, seed)
        while not E.is_over(st):
            seat = E.to_act(st)[0]
            move = E.bot_move(st, seat, rng)
            assert move in E.legal_moves(st, seat)
            if st["pend"][seat]["k"] == "ask":
                assert move["yes"] is True
            E.apply(st, seat, move)


def test_bot_keeps_a_card_rather_than_stopping():
    st = _setup()
    set_city(st, 0, ["indigo_plant", "prefecture"])
    role(st, 0, "councillor", answer=False)
    say(st, 0, True)
    say(st, 1, False)
    play(st, 0, {"type": "keep", "card": st["pend"][0]["drawn"][0]})
    assert "card" in bot.choose(st, 0, E.legal_moves(st, 0), random.Random(1))


def test_answers_are_validated():
    from games.rules.base import IllegalMove

    st = _setup()
    role(st, 0, "prospector", answer=False)
    before = E.view(st, 0)
    for bad in (
        {"type": "use"},
        {"type": "use", "yes": "y"},
        {"type": "use", "yes": True, "privilege": False},
        {"type": "use", "yes": False, "privilege": False},
    ):
        with pytest.raises(IllegalMove):
            E.apply(st, 0, bad)
    assert E.view(st, 0) == before
    say_yes(st)
