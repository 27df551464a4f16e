"""The Jewelers' guild ("Juweliere"): diamonds for rubles or for materials, permits for a diamond."""

import pytest

from games.rules.base import InvalidOptions
from tests.rules.red_cathedral.rc_expansion import at_market, give_diamonds, guild_card, put_fourth
from tests.rules.red_cathedral.rc_helpers import E, act, moves, new, put_card, refused, set_player


def _game(players=2, seed=7, **options):
    st = new(players, seed=seed, guild="jewelers", **options)
    for p in range(players):
        set_player(st, p, inv={}, rubles=10)
    return st


def _action(card, act_name):
    return next(i for i, a in enumerate(guild_card("jewelers", card)["actions"]) if a["act"] == act_name)


def test_the_jewelers_guild_puts_15_diamonds_in_the_supply():
    st = _game()
    assert st["supply"]["diamond"] == 15
    assert st["guild"] == "jewelers"


def test_buy_1_diamond_for_1_ruble():
    st = _game()
    put_fourth(st, 0, "jewelers-1")
    at_market(st, 0, 0)
    act(st, 0, "influence", action=_action(1, "buy_diamonds"))
    assert st["pl"][0]["inv"]["diamond"] == 1 and st["pl"][0]["rubles"] == 9
    assert st["supply"]["diamond"] == 14


def test_buy_2_diamonds_for_3_rubles():
    st = _game()
    put_fourth(st, 0, "jewelers-2")
    at_market(st, 0, 0)
    act(st, 0, "influence", action=_action(2, "buy_diamonds"))
    assert st["pl"][0]["inv"]["diamond"] == 2 and st["pl"][0]["rubles"] == 7


def test_buying_diamonds_needs_the_rubles():
    st = _game()
    put_fourth(st, 0, "jewelers-2")
    set_player(st, 0, rubles=2)
    at_market(st, 0, 0)
    action = _action(2, "buy_diamonds")
    assert not moves(st, 0, "influence", action=action)
    assert "rubles" in refused(st, 0, {"type": "influence", "action": action})


def test_bought_diamonds_need_space_in_the_inventory():
    st = _game()
    put_fourth(st, 0, "jewelers-1")
    set_player(st, 0, inv={"wood": 6})
    at_market(st, 0, 0)
    assert not moves(st, 0, "influence", action=_action(1, "buy_diamonds"))


def test_3_materials_of_any_kinds_are_exchanged_for_2_diamonds():
    st = _game()
    put_fourth(st, 0, "jewelers-1")
    set_player(st, 0, inv={"wood": 1, "gold": 1, "green": 1})
    at_market(st, 0, 0)
    act(st, 0, "influence", action=_action(1, "diamonds_for_materials"), materials=["wood", "gold", "green"])
    inv = st["pl"][0]["inv"]
    assert inv["diamond"] == 2 and inv["wood"] == inv["gold"] == inv["green"] == 0


def test_diamonds_do_not_pay_for_the_exchange_for_diamonds():
    st = _game()
    put_fourth(st, 0, "jewelers-1")
    set_player(st, 0, inv={"wood": 2})
    give_diamonds(st, 0, 1)
    at_market(st, 0, 0)
    assert not moves(st, 0, "influence", action=_action(1, "diamonds_for_materials"))


def test_pay_1_diamond_for_2_permits_with_the_contractors_module():
    st = _game(contractors=True)
    put_fourth(st, 0, "jewelers-3")
    give_diamonds(st, 0, 1)
    permits = st["pl"][0]["permits"]
    at_market(st, 0, 0)
    act(st, 0, "influence", action=_action(3, "diamond_permits"))
    assert st["pl"][0]["permits"] == permits + 2 and st["pl"][0]["inv"]["diamond"] == 0


def test_the_permits_card_plays_only_with_the_contractors_module():
    assert guild_card("jewelers", 3)["contractors"] is True
    with pytest.raises(InvalidOptions):
        E.normalize_options(2, {"guild": "jewelers", "clergy": "3"})
    assert E.normalize_options(2, {"guild": "jewelers", "clergy": "3", "contractors": True})


def test_a_diamond_can_be_sold_where_a_card_buys_a_material_of_any_kind():
    """Provisional reading (diamonds.json): the craftsmen's sale of any material takes a diamond."""
    st = _game()
    put_card(st, 1, "craftsmen-1")
    give_diamonds(st, 0, 1)
    at_market(st, 0, 1)
    act(st, 0, "influence", action=0, material="diamond")
    assert st["pl"][0]["inv"]["diamond"] == 0 and st["supply"]["diamond"] == 15


def test_the_four_actions_lie_on_the_three_cards():
    acts = {a["act"] for n in (1, 2, 3) for a in guild_card("jewelers", n)["actions"]}
    assert acts == {"buy_diamonds", "diamonds_for_materials", "diamond_permits"}
    buys = {
        (a["diamonds"], a["rubles"])
        for n in (1, 2, 3)
        for a in guild_card("jewelers", n)["actions"]
        if a["act"] == "buy_diamonds"
    }
    assert buys == {(1, 1), (2, 3)}
