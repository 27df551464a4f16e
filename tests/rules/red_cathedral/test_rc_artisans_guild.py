"""The Artisans' guild ("Kunsthandwerker"): workshop tiles (not specialists) activated once more."""

from tests.rules.red_cathedral.rc_expansion import at_market, guild_card, put_fourth
from tests.rules.red_cathedral.rc_helpers import TILES, E, act, moves, new, refused, set_player


def _game(players=2, seed=9, **options):
    st = new(players, seed=seed, guild="artisans", **options)
    for p in range(players):
        set_player(st, p, inv={}, rubles=5)
    return st


def _action(card, act_name):
    return next(i for i, a in enumerate(guild_card("artisans", card)["actions"]) if a["act"] == act_name)


def _tile(st, p, slot, tile="T14", up=True):
    st["pl"][p]["ws"][slot] = {"t": tile, "up": up}


RUBLES_TILE = TILES["T14"]["gain"]["rubles"]  # a tile that brings rubles


def test_activate_one_of_your_workshop_tiles():
    st = _game()
    put_fourth(st, 0, "artisans-1")
    _tile(st, 0, "red")
    at_market(st, 0, 0)
    act(st, 0, "influence", action=_action(1, "activate"), slot="red")
    assert st["pl"][0]["rubles"] == 5 + RUBLES_TILE


def test_pay_1_ruble_to_activate_a_tile_in_another_players_workshop_and_get_its_benefit():
    st = _game()
    put_fourth(st, 0, "artisans-1")
    _tile(st, 1, "blue")
    at_market(st, 0, 0)
    act(st, 0, "influence", action=_action(1, "activate_other"), player=1, slot="blue")
    assert st["pl"][0]["rubles"] == 5 - 1 + RUBLES_TILE
    assert st["pl"][1]["rubles"] == 5


def test_pay_2_rubles_to_activate_one_of_your_tiles_twice():
    st = _game()
    put_fourth(st, 0, "artisans-2")
    _tile(st, 0, "yellow")
    at_market(st, 0, 0)
    act(st, 0, "influence", action=_action(2, "activate_twice"), slot="yellow")
    assert st["pl"][0]["rubles"] == 5 - 2 + 2 * RUBLES_TILE


def test_pay_2_rubles_to_activate_two_different_tiles():
    st = _game()
    put_fourth(st, 0, "artisans-3")
    _tile(st, 0, "yellow")
    _tile(st, 0, "white1", tile="T01")
    at_market(st, 0, 0)
    act(st, 0, "influence", action=_action(3, "activate_two"), slots=["white1", "yellow"])
    assert st["pl"][0]["rubles"] == 5 - 2 + RUBLES_TILE
    assert st["pl"][0]["inv"]["wood"] == TILES["T01"]["gain"]["wood"]


def test_two_different_tiles_need_two_face_up_tiles():
    st = _game()
    put_fourth(st, 0, "artisans-3")
    _tile(st, 0, "yellow")
    _tile(st, 0, "red", up=False)
    at_market(st, 0, 0)
    action = _action(3, "activate_two")
    assert not moves(st, 0, "influence", action=action)
    reason = refused(st, 0, {"type": "influence", "action": action, "slots": ["red", "yellow"]})
    assert "two different face-up workshop tiles" in reason


def test_face_down_tiles_cannot_be_activated():
    st = _game()
    put_fourth(st, 0, "artisans-2")
    _tile(st, 0, "yellow", up=False)
    _tile(st, 1, "yellow", up=False)
    at_market(st, 0, 0)
    assert not moves(st, 0, "influence")


def test_another_players_tile_costs_a_ruble():
    st = _game()
    put_fourth(st, 0, "artisans-1")
    _tile(st, 1, "blue")
    set_player(st, 0, rubles=0)
    at_market(st, 0, 0)
    assert not moves(st, 0, "influence", action=_action(1, "activate_other"))


def test_in_the_solo_game_iwan_has_no_tile_to_activate():
    st = _game(players=1)
    put_fourth(st, 0, "artisans-1")
    at_market(st, 0, 0)
    assert not moves(st, 0, "influence", action=_action(1, "activate_other"))
    assert E.legal_moves(st, 0)
