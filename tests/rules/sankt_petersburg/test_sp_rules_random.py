"""Whole games (random and bot moves) checked move by move against the rules, read from the
views: the order of rounds, refilling, the end of a Durchgang, prices, scorings and the final
scoring. R = the 2004 rulebook, Y = the Yucata rules.
"""

import random

import pytest

from tests.rules.sankt_petersburg.rule_fixtures import E, new

ORDER = ["worker", "building", "aristocrat", "exchange"]
NEXT_DECK = {"worker": "building", "building": "aristocrat", "aristocrat": "exchange", "exchange": "worker"}
NOBLES = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55]


def _income(player, phase, edition="1"):
    """What a player's cards pay at the scoring of `phase` (base game)."""
    cards = player["cards"]
    count = {c: sum(1 for x in cards if x["color"] == c) for c in ("worker", "building", "aristocrat")}
    rubles = points = 0
    for c in cards:
        if c["color"] != phase:
            continue
        if c["key"] == "observatory":
            points += 0 if c["flipped"] else 1
            continue
        rubles += c["income"]["rubles"]
        points += c["income"]["points"]
        if c["key"] == "mariinsky_theater":
            if edition == "1":  # R:552: 1 ruble per aristocrat
                rubles += count["aristocrat"]
            else:  # Y:303-311: 1 point per red card
                points += count["aristocrat"]
        if c["key"] == "tax_man":  # R:558: 1 ruble per worker
            rubles += count["worker"]
    return rubles, points


def _price(player, card, lower, replaced=None):
    """R:454-501, 525-536: printed cost (less the replaced card's value, the Potemkin Village
    counting 6), less 1 per identical card, 1 from the lower row, 1 for the Carpenter Workshop
    (blue) or the Gold Smelter (red); at least 1 ruble."""
    keys = [c["key"] for c in player["cards"]]
    off = keys.count(card["key"]) + (1 if lower else 0)
    if card["color"] == "building" and "carpenter_workshop" in keys:
        off += 1
    if card["color"] == "aristocrat" and "gold_smelter" in keys:
        off += 1
    value = 0
    if replaced is not None:
        value = 6 if replaced["key"] == "potemkin_village" else replaced["cost"]
    return max(1, card["cost"] - value - off)


def _ids(cards):
    return [c["id"] for c in cards]


def _check_move(v0, v1, seat, move, over):
    p0, p1 = v0["players"][seat], v1["players"][seat]
    same_step = (v1["round"], v1["phase"], v1["step"]) == (v0["round"], v0["phase"], "actions")
    # prices (R:242, 264, 454-501, 525-536)
    if v0["step"] == "actions" and move["type"] in ("buy", "play") and same_step:
        lower = v0["display"]["lower"] if move["type"] == "buy" else []
        pool = v0["display"]["upper"] + lower if move["type"] == "buy" else p0["hand"]
        (card,) = [c for c in pool if c["id"] == move["card"]]
        replaced = None
        if "replace" in move:
            (replaced,) = [c for c in p0["cards"] if c["id"] == move["replace"]]
        is_lower = move["card"] in _ids(lower)
        assert p0["money"] - p1["money"] == _price(p0, card, is_lower, replaced)
        if replaced is None:
            assert card["price"] == _price(p0, card, is_lower)
    if move["type"] == "take":
        assert p0["hand_count"] < p0["hand_limit"]  # R:260, Y:126
    if over:
        return
    for q0, q1 in zip(v0["players"], v1["players"]):
        assert q1["points"] >= q0["points"]  # points are never lost in play
        assert q1["money"] >= 0
    assert len(v1["to_act"]) == 1


def _check_phase_change(v0, v1, move):
    old, new_ = v0["phase"], v1["phase"]
    moved = move.get("card")
    if old == "exchange":
        # R:390-410: lower row discarded, upper row moves down, workers refill, stones move on
        assert (v1["round"], new_) == (v0["round"] + 1, "worker")
        rest = [c for c in _ids(v0["display"]["upper"]) if c != moved]
        assert _ids(v1["display"]["lower"]) == rest
        assert {c["deck"] for c in v1["display"]["upper"]} <= {"worker"}
        n = len(v0["players"])
        assert v1["tokens"] == {k: (s + 1) % n for k, s in v0["tokens"].items()}
        assert v1["discards"] >= v0["discards"] + len(v0["display"]["lower"])
        assert all(not c["flipped"] for p in v1["players"] for c in p["cards"])
    else:
        assert v1["round"] == v0["round"] and ORDER.index(new_) == ORDER.index(old) + 1
        # R:297-303: the old phase's scoring, from its start player on (R:315)
        rows = v1["last_scoring"]["rows"]
        assert v1["last_scoring"]["phase"] == old
        n = len(v0["players"])
        assert [r["seat"] for r in rows] == [(v0["tokens"][old] + i) % n for i in range(n)]
        for r in rows:
            income = _income(v1["players"][r["seat"]], old, v1["options"]["edition"])
            assert (r["gained"]["rubles"], r["gained"]["points"]) == income
            assert r["after"]["rubles"] == r["before"]["rubles"] + r["gained"]["rubles"]
        # R:363-368: new cards from the next deck into the upper row only
        kept_upper = [c for c in _ids(v0["display"]["upper"]) if c != moved]
        kept_lower = [c for c in _ids(v0["display"]["lower"]) if c != moved]
        if v1["step"] == "actions" and v1["phase"] == new_:
            assert _ids(v1["display"]["lower"]) == [c for c in kept_lower if c in _ids(v1["display"]["lower"])]
            assert _ids(v1["display"]["upper"])[: len(kept_upper)] == kept_upper
            added = v1["display"]["upper"][len(kept_upper) :]
            assert {c["deck"] for c in added} <= {NEXT_DECK[old]}
    total = len(v1["display"]["upper"]) + len(v1["display"]["lower"])
    if v1["decks"][NEXT_DECK[old]]["count"] > 0:
        assert total == 8 or v1["step"] != "actions" or v1["phase"] != new_
    else:
        assert v1["game_end_triggered"]


def _check_over(v0, v1):
    # R:420: the game ends after the exchange round of the Durchgang in which a pile ran out
    assert v0["phase"] == "exchange" and v0["game_end_triggered"]
    # R:424-440: different aristocrats, 1 point per 10 rubles, -5 per hand card
    for q0, q1 in zip(v0["players"], v1["players"]):
        expected = (
            q0["points"] + NOBLES[min(q1["different_aristocrats"], 10)] + q1["money"] // 10 - 5 * q1["hand_count"]
        )
        assert q1["points"] == expected


def _play(players, seed, chooser, **options):
    st = new(players, seed=seed, **options)
    rng = random.Random(seed)
    steps = 0
    v0 = E.view(st, None)
    while not E.is_over(st):
        (seat,) = E.to_act(st)
        move = chooser(st, seat, rng)
        seat_view = E.view(st, seat)
        st, _ = E.apply(st, seat, move)
        v1 = E.view(st, None)
        over = E.is_over(st)
        # prices and hands need the acting seat's own view
        after = E.view(st, seat)
        _check_move(seat_view, after, seat, move, over)
        if over:
            _check_over(v0, v1)
        elif (v1["round"], v1["phase"]) != (v0["round"], v0["phase"]):
            _check_phase_change(v0, v1, move)
        else:
            assert not (v1["game_end_triggered"] and not v0["game_end_triggered"])
        v0 = v1
        steps += 1
        assert steps < 6000, "the game did not end"
    result = E.result(st)
    key = [(p["points"], p["money"]) for p in v0["players"]]
    assert result.ranks == [1 + sum(1 for o in key if o > k) for k in key]  # R:452
    return steps


def _random(st, seat, rng):
    return rng.choice(E.legal_moves(st, seat))


def _bot(st, seat, rng):
    return E.bot_move(st, seat, rng)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_follow_the_rules(players, seed):
    assert _play(players, seed, _random) > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_follow_the_rules(players):
    assert _play(players, 7, _bot) > 0


@pytest.mark.parametrize("seed", [3, 4])
def test_second_edition_games_follow_the_rules(seed):
    assert _play(4, seed, _random, edition="2") > 0
    assert _play(3, seed, _bot, edition="2") > 0
