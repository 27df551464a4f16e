"""The Archivists' guild (rules, "Archivare"): secret contracts, and construction points spent on
market resources or on another group's action."""

from __future__ import annotations

import json
import random

import pytest

from games.rules.red_cathedral import scoring
from games.rules.red_cathedral.guilds import contracts
from tests.rules.red_cathedral.rc_helpers import (
    CARDS,
    RES,
    E,
    act,
    moves,
    new,
    park_dice,
    pick,
    put_card,
    put_tile,
    raw,
    refused,
    sec,
    set_player,
    set_towers,
    turn_to,
    v,
)

Y, R = 0, 1
CONTRACTS = {r["id"]: r for r in raw("contracts")["records"]}


def action_index(card: str, act_name: str) -> int:
    return next(i for i, a in enumerate(CARDS[card]["actions"]) if a["act"] == act_name)


def at_card(card: str, players: int = 2, **player) -> dict:
    """Seat 0 in the market quarter 0, whose card is ``card``; its die already moved."""
    st = new(players, seed=11, guild="archivists")
    put_card(st, 0, card)
    set_player(st, Y, **player)
    turn_to(st, Y, stage="market", area=0, die="white", took=True)
    return st


def draw(st: dict, card: str = "archivists-1") -> list[str]:
    """Draw contracts with ``card``'s action; the drawn cards."""
    act(st, Y, "influence", action=action_index(card, "draw_contracts"))
    return list(st["turn"]["choice"]["cards"])


def holding(st: dict, p: int, *cards: str) -> None:
    """The player holds these contracts (taken out of the deck)."""
    st["contracts"] = [c for c in st["contracts"] if c not in cards]
    st["pl"][p]["contracts"] = list(cards)


# --- the deck ------------------------------------------------------------------------------------------


def test_the_contracts_are_shuffled_into_a_face_down_deck_at_setup():
    a, b, c = (new(2, seed=s, guild="archivists") for s in (1, 1, 2))
    assert sorted(a["contracts"]) == sorted(CONTRACTS)
    assert a["contracts"] == b["contracts"]  # seeded
    assert a["contracts"] != c["contracts"]
    assert all(pl["contracts"] == [] for pl in a["pl"])


def test_the_fifteen_contract_cards_hold_the_rules_texts_conditions_in_order():
    kinds = [CONTRACTS[f"K{i}"]["condition"] for i in range(1, 16)]
    assert kinds == [
        "return",
        "claimed_in_one_tower",
        "tiles_face_up",
        "return",
        "towers_absent",
        "ornaments_unused",
        "return",
        "all_kinds_completed",
        "ornaments_on_others",
        "all_ornaments_used",
        "return",
        "ornaments_in_one_tower",
        "ornaments_on_own",
        "return",
        "towers_present",
    ]
    assert CONTRACTS["K5"]["glory_2p"] == 4 and CONTRACTS["K15"]["glory_2p"] == 2


def test_a_contract_file_with_an_unknown_condition_is_refused():
    from games.rules.red_cathedral.data import DataError, validate_contracts

    doc = raw("contracts")
    doc["records"][0]["condition"] = "most_rubles"
    with pytest.raises(DataError, match="K1"):
        validate_contracts(doc)


# --- drawing -------------------------------------------------------------------------------------------


def test_pay_two_rubles_to_draw_three_contracts_and_keep_one():
    st = at_card("archivists-1", rubles=5)
    top = st["contracts"][:3]
    assert draw(st) == top
    assert st["pl"][Y]["rubles"] == 3
    act(st, Y, "choose", keep=top[1])
    assert st["pl"][Y]["contracts"] == [top[1]]


def test_the_two_other_contracts_go_under_the_deck():
    st = at_card("archivists-1", rubles=5)
    top = draw(st)
    act(st, Y, "choose", keep=top[0])
    assert st["contracts"][-2:] == [top[1], top[2]]
    assert len(st["contracts"]) == 14


def test_the_kept_contract_is_chosen_after_the_draw_and_nothing_else_comes_first():
    st = at_card("archivists-1", rubles=5)
    draw(st)
    assert {m["type"] for m in E.legal_moves(st, Y)} == {"choose"}
    assert "drawn contracts" in refused(st, Y, {"type": "end"})


def test_without_two_rubles_no_contracts_are_drawn():
    st = at_card("archivists-1", rubles=1)
    i = action_index("archivists-1", "draw_contracts")
    assert not moves(st, Y, "influence", action=i)
    assert refused(st, Y, {"type": "influence", "action": i})


def test_a_player_holds_at_most_three_contracts():
    st = at_card("archivists-1", rubles=5)
    holding(st, Y, "K1", "K2", "K3")
    top = draw(st)
    options = moves(st, Y, "choose")
    assert {"type": "choose", "keep": None} in options
    assert all(m["keep"] is None or m.get("discard") in ("K1", "K2", "K3") for m in options)
    assert refused(st, Y, {"type": "choose", "keep": top[0]})


def test_with_three_contracts_held_one_of_them_may_be_discarded_under_the_deck():
    st = at_card("archivists-1", rubles=5)
    holding(st, Y, "K1", "K2", "K3")
    top = draw(st)
    act(st, Y, "choose", keep=top[2], discard="K2")
    assert st["pl"][Y]["contracts"] == ["K1", "K3", top[2]]
    assert st["contracts"][-3:] == [top[0], top[1], "K2"]


def test_with_three_contracts_held_the_drawn_ones_may_all_go_under_the_deck():
    st = at_card("archivists-1", rubles=5)
    holding(st, Y, "K1", "K2", "K3")
    top = draw(st)
    act(st, Y, "choose", keep=None)
    assert st["pl"][Y]["contracts"] == ["K1", "K2", "K3"]
    assert st["contracts"][-3:] == top


def test_the_log_says_which_contract_was_kept_to_its_keeper_alone():
    st = at_card("archivists-1", rubles=5)
    top = draw(st)
    events = act(st, Y, "choose", keep=top[0])
    naming = [e for e in events if top[0] in json.dumps(e)]
    assert naming and all(e.get("only") == Y for e in naming)
    assert any("only" not in e for e in events)  # the others read that a contract was kept


# --- secrecy -------------------------------------------------------------------------------------------


def _shown(view: dict) -> str:
    return json.dumps(view)


def test_contracts_are_secret_to_other_players_and_spectators():
    st = at_card("archivists-1", players=3, rubles=5)
    holding(st, R, "K7", "K12")
    top = draw(st)
    for seat in (R, 2, None):
        shown = _shown(v(st, seat))
        assert not any(f'"{c}"' in shown for c in top), seat
    act(st, Y, "choose", keep=top[0])
    for seat in (R, 2, None):
        shown = v(st, seat)
        assert shown["players"][Y]["contracts"] == {"count": 1, "cards": []}
    mine = v(st, Y)["players"][Y]["contracts"]["cards"]
    assert [c["id"] for c in mine] == [top[0]]
    for seat in (Y, 2, None):
        assert '"K7"' not in _shown(v(st, seat)) and '"K12"' not in _shown(v(st, seat))


def test_the_drawn_contracts_are_shown_to_the_drawer():
    st = at_card("archivists-1", rubles=5)
    top = draw(st)
    assert v(st, Y)["turn"]["choice"]["cards"] == top
    assert v(st, R)["turn"]["choice"] == {"kind": "contracts", "cards": [], "count": 3}


def test_nobody_sees_the_order_of_the_contract_deck():
    st = at_card("archivists-1", rubles=5)
    for seat in (Y, R, None):
        view = v(st, seat)
        assert view["contract_deck"] == 15
        assert not any(f'"{c}"' in _shown(view) for c in st["contracts"])


# --- the construction-point actions ------------------------------------------------------------------


def test_pay_one_construction_point_for_a_market_areas_resources_times_its_dice():
    st = at_card("archivists-2", inv={}, space=10)
    park_dice(st, {"white": 3, "yellow": 3, "red": 3})
    put_tile(st, 3, "R-brick")
    i = action_index("archivists-2", "archive_area")
    act(st, Y, "influence", action=i, area=3)
    assert st["pl"][Y]["space"] == 9
    assert st["pl"][Y]["inv"]["brick"] == RES["R-brick"]["gives"]["brick"] * 3


def test_a_market_area_without_dice_gives_nothing_and_is_not_offered():
    st = at_card("archivists-2", inv={}, space=10)
    park_dice(st)
    i = action_index("archivists-2", "archive_area")
    assert {m["area"] for m in moves(st, Y, "influence", action=i)} <= {5, 6, 7}
    assert refused(st, Y, {"type": "influence", "action": i, "area": 0})


def test_pay_one_construction_point_to_activate_one_resource_tile_once():
    st = at_card("archivists-1", inv={}, space=10)
    put_tile(st, 6, "R-stone")
    i = action_index("archivists-1", "archive_tile")
    act(st, Y, "influence", action=i, area=6)
    assert st["pl"][Y]["inv"]["stone"] == RES["R-stone"]["gives"]["stone"]
    assert st["pl"][Y]["space"] == 9


def test_pay_one_construction_point_for_any_action_of_one_of_the_other_three_groups():
    st = at_card("archivists-3", space=10, rubles=0)
    put_card(st, 1, "teamsters-1")
    i = action_index("archivists-3", "archive_group")
    borrowed = moves(st, Y, "influence", action=i)
    assert {m["use"]["card"] for m in borrowed} <= set(st["influence"][1:])
    income = next(m for m in borrowed if m["use"]["card"] == "teamsters-1" and m["use"]["action"] == 1)
    E.apply(st, Y, income)
    assert st["pl"][Y]["rubles"] == CARDS["teamsters-1"]["actions"][1]["rubles"]
    assert st["pl"][Y]["space"] == 9


def test_the_construction_point_actions_need_a_construction_point_to_pay():
    st = at_card("archivists-1", space=0)
    i = action_index("archivists-1", "archive_tile")
    assert not moves(st, Y, "influence", action=i)
    assert refused(st, Y, {"type": "influence", "action": i, "area": 0})


# --- scoring -------------------------------------------------------------------------------------------


def _end(st: dict) -> list[dict]:
    events: list[dict] = []
    scoring.finish(st, events)
    return events


def test_contracts_are_scored_before_everything_else():
    st = new(2, seed=3, guild="archivists")
    holding(st, Y, "K7")
    set_player(st, Y, rubles=4, inv={}, space=0)
    events = _end(st)
    # The 4 rubles went back for the contract before the leftovers were counted.
    assert st["pl"][Y]["rubles"] == 0
    assert st["pl"][Y]["src"]["contracts"] == 2 and "leftovers" not in st["pl"][Y]["src"]
    first = next(i for i, e in enumerate(events) if "contract" in e["msg"])
    assert first < next(i for i, e in enumerate(events) if "leftover" in e["msg"])


def test_a_return_contract_takes_the_materials_held_at_the_end():
    st = new(2, seed=3, guild="archivists")
    holding(st, Y, "K1", "K14")
    set_player(st, Y, inv={"wood": 3, "gold": 1, "violet": 1}, space=0)
    _end(st)
    assert st["pl"][Y]["inv"]["wood"] == 1 and st["pl"][Y]["inv"]["gold"] == 0 and st["pl"][Y]["inv"]["violet"] == 0
    assert st["pl"][Y]["src"]["contracts"] == 2 + 3


def test_a_return_contract_without_the_materials_gives_nothing():
    st = new(2, seed=3, guild="archivists")
    holding(st, Y, "K4")
    set_player(st, Y, inv={"stone": 1}, space=0)
    _end(st)
    assert st["pl"][Y]["inv"]["stone"] == 1 and "contracts" not in st["pl"][Y]["src"]


def _worth(st: dict, cid: str, p: int = Y) -> int:
    return contracts.worth(st, p, cid)


def test_three_sections_claimed_in_the_same_tower_finished_or_not():
    st = new(2, seed=3, guild="archivists")
    b, m1, m2, d = pick("base"), *pick("middle", n=2), pick("dome")
    set_towers(st, [[sec(b, owner=Y, done=True), sec(m1, owner=Y), sec(m2, owner=Y), sec(d)]])
    assert _worth(st, "K2") == CONTRACTS["K2"]["glory"]
    st["towers"][0][2]["owner"] = R
    assert _worth(st, "K2") == 0


def test_six_workshop_tiles_face_up():
    st = new(2, seed=3, guild="archivists")
    ws = st["pl"][Y]["ws"]
    for i, slot in enumerate(ws):
        ws[slot] = {"t": "x", "up": i < 5}
    assert _worth(st, "K3") == 0
    ws["green"]["up"] = True
    assert _worth(st, "K3") == CONTRACTS["K3"]["glory"]


def _two_towers(st: dict) -> None:
    b1, b2 = pick("base", n=2)
    d1, d2 = pick("dome", n=2)
    set_towers(st, [[sec(b1, owner=Y), sec(d1)], [sec(b2, owner=R, orn=R), sec(d2, owner=R, orn=Y)]])


def test_each_tower_without_the_player_gives_glory_and_more_with_two_players():
    st = new(3, seed=3, guild="archivists")
    _two_towers(st)
    assert _worth(st, "K5", p=2) == 2 * CONTRACTS["K5"]["glory"]
    two = new(2, seed=3, guild="archivists")
    _two_towers(two)
    two["towers"][1][1]["orn"] = None
    assert _worth(two, "K5") == CONTRACTS["K5"]["glory_2p"]


def test_each_tower_with_the_player_gives_glory_and_more_with_two_players():
    st = new(3, seed=3, guild="archivists")
    _two_towers(st)
    assert _worth(st, "K15") == 2 * CONTRACTS["K15"]["glory"]
    two = new(2, seed=3, guild="archivists")
    _two_towers(two)
    assert _worth(two, "K15") == 2 * CONTRACTS["K15"]["glory_2p"]


def test_ornaments_on_another_players_section_and_on_ones_own():
    st = new(2, seed=3, guild="archivists")
    b1, b2 = pick("base", n=2)
    d1, d2 = pick("dome", n=2)
    set_towers(st, [[sec(b1, owner=Y, orn=Y), sec(d1, owner=R, orn=Y)], [sec(b2, owner=R, orn=Y), sec(d2)]])
    assert _worth(st, "K9") == 2 * CONTRACTS["K9"]["glory"]
    assert _worth(st, "K13") == 1 * CONTRACTS["K13"]["glory"]


def test_unused_ornaments_and_all_ornaments_used():
    st = new(2, seed=3, guild="archivists")
    b1, b2 = pick("base", n=2)
    m1, m2 = pick("middle", n=2)
    set_towers(st, [[sec(b1, orn=Y), sec(m1, orn=Y)], [sec(b2), sec(m2, orn=Y)]])
    assert _worth(st, "K6") == 1 * CONTRACTS["K6"]["glory"]
    assert _worth(st, "K10") == 0
    d = pick("dome")
    st["towers"][1].append(sec(d, orn=Y))
    assert _worth(st, "K6") == 0 and _worth(st, "K10") == CONTRACTS["K10"]["glory"]


def test_three_ornaments_in_the_same_tower():
    st = new(2, seed=3, guild="archivists")
    b, m, d = pick("base"), pick("middle"), pick("dome")
    set_towers(st, [[sec(b, orn=Y), sec(m, orn=Y), sec(d, orn=R)]])
    assert _worth(st, "K12") == 0
    st["towers"][0][2]["orn"] = ["cross", Y]
    assert _worth(st, "K12") == CONTRACTS["K12"]["glory"]


def test_one_completed_section_of_each_kind():
    st = new(2, seed=3, guild="archivists")
    b, m, d = pick("base"), pick("middle"), pick("dome")
    set_towers(st, [[sec(b, owner=Y, done=True), sec(m, owner=Y, done=True), sec(d, owner=Y)]])
    assert _worth(st, "K8") == 0
    st["towers"][0][2]["done"] = True
    assert _worth(st, "K8") == CONTRACTS["K8"]["glory"]


def test_the_sum_table_has_a_row_for_contracts():
    st = new(2, seed=3, guild="archivists")
    holding(st, Y, "K7")
    set_player(st, Y, rubles=4, space=0)
    _end(st)
    row = next(r for r in scoring.stats(st) if r["label"] == "Contracts")
    assert row["values"][Y] == 2


def test_the_expected_score_counts_contracts_for_their_holder_only():
    st = new(2, seed=3, guild="archivists")
    holding(st, Y, "K7")
    set_player(st, Y, rubles=4, space=0)
    assert v(st, Y)["players"][Y]["expected"]["contracts"] > 0
    assert v(st, R)["players"][Y]["expected"]["contracts"] == 0
    assert v(st, None)["players"][Y]["expected"]["contracts"] == 0


def test_the_bot_keeps_the_contract_worth_most_now():
    st = at_card("archivists-1", rubles=5, inv={"wood": 2})
    st["contracts"] = ["K3", "K1", "K10"] + [c for c in st["contracts"] if c not in ("K3", "K1", "K10")]
    draw(st)
    move = E.bot_move(st, Y, random.Random(1))
    assert move == {"type": "choose", "keep": "K1"}


def test_contracts_are_kept_secret_until_the_end_of_the_game():
    st = new(2, seed=3, guild="archivists")
    holding(st, Y, "K7")
    assert v(st, R)["players"][Y]["contracts"]["cards"] == []
    _end(st)
    assert [c["id"] for c in v(st, R)["players"][Y]["contracts"]["cards"]] == ["K7"]
    assert [c["id"] for c in v(st, None)["players"][Y]["contracts"]["cards"]] == ["K7"]


def test_refusals_name_what_is_missing():
    st = at_card("archivists-1", rubles=1, space=0)
    i = action_index("archivists-1", "draw_contracts")
    assert "Drawing contracts costs 2" in refused(st, Y, {"type": "influence", "action": i})
    j = action_index("archivists-1", "archive_tile")
    assert "This action costs 1" in refused(st, Y, {"type": "influence", "action": j, "area": 0})
    st = at_card("archivists-2", space=5)
    park_dice(st)
    k = action_index("archivists-2", "archive_area")
    assert "holds no die" in refused(st, Y, {"type": "influence", "action": k, "area": 0})


def test_a_drawn_contract_must_be_kept_by_its_id():
    st = at_card("archivists-1", rubles=5)
    draw(st)
    assert "Keep one of the drawn contracts" in refused(st, Y, {"type": "choose", "keep": "K99"})
