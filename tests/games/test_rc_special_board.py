"""Diamonds and the special workshop tiles on the Die Rote Kathedrale board: the draft, the claims that
place the special tile, the choices it asks for and the deliveries a diamond makes."""

import pytest
from django.utils import translation

from games.rc_special_board import special_board
from games.services.engines import get_engine
from games.services.log import render_event
from games.templatetags.red_cathedral import _moves, _supply
from tests.rules.red_cathedral.rc_expansion import give_diamonds
from tests.rules.red_cathedral.rc_helpers import pick, sec, set_player, set_towers

ENGINE = get_engine("red-cathedral")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _board_moves(st, seat):
    labelled = [
        {"move": m, "label": render_event(ENGINE.move_label(st, seat, m), {0: "anna", 1: "bea"})}
        for m in ENGINE.legal_moves(st, seat)
    ]
    return _moves(labelled, ENGINE.view(st, seat), seat)


def _drafted(seed=5):
    st = ENGINE.setup(2, {"special_tiles": True}, seed)
    ENGINE.apply(st, 1, {"type": "draft", "tile": "S-die"})
    ENGINE.apply(st, 0, {"type": "draft", "tile": "S-diamond"})
    return st


def test_the_draft_offers_every_tile_left_with_its_effect():
    st = ENGINE.setup(2, {"special_tiles": True}, 5)
    mv = _board_moves(st, 1)
    assert [m["tile"]["name"] for m in mv["draft"]] == ["Diamond", "Any die", "Influence group", "Material and ruble"]
    assert mv["draft"][0]["tile"]["text"] == "gain 1 diamond"
    board = special_board(ENGINE.view(st, 0), lambda p: {"name": f"seat {p}"} if p is not None else None)
    assert board["next"] == {"name": "seat 1"} and len(board["left"]) == 4


def test_claims_with_the_special_tile_have_their_own_table_with_its_cost():
    st = _drafted()
    set_player(st, 0, rubles=8)
    mv = _board_moves(st, 0)
    group = mv["claims"][0]["banner_groups"][0]
    assert len(group["special_rows"]) == 6
    assert group["special_rows"][0]["up"]["text"] == "face up, 6 rubles"
    assert "special workshop tile" in group["special_rows"][0]["down"]["label"]


def test_a_delivery_by_diamond_is_marked_and_names_its_material():
    st = _drafted()
    base = pick("base")
    set_towers(st, [[sec(base, owner=0), sec(pick("dome"))]])
    set_player(st, 0, inv={})
    give_diamonds(st, 0, 1)
    mv = _board_moves(st, 0)
    deliveries = mv["build"][0]["deliver"]
    assert deliveries and all(d["diamond"] for d in deliveries)
    assert deliveries[0]["label"].startswith("Deliver a diamond as ")


def test_the_supply_shows_the_diamonds_only_when_they_play():
    assert "diamond" not in [s["key"] for s in _supply(ENGINE.view(ENGINE.setup(2, {}, 5), 0))]
    diamonds = next(s for s in _supply(ENGINE.view(_drafted(), 0)) if s["key"] == "diamond")
    assert (diamonds["count"], diamonds["total"]) == (15, 15)
