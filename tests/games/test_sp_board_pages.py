"""The Sankt Petersburg board: its template helpers and the pages it renders."""
from games.templatetags.sankt_petersburg import sp_group, sp_moves, sp_replaces


def _card(cid, key, color, deck=None, **kw):
    return {"id": cid, "key": key, "name": key.title(), "name_de": None, "deck": deck or color, "color": color,
            "cost": 5, "price": 5, "income": {"rubles": 3, "points": 0}, "exchange": deck == "exchange",
            "replaces": [], "craft": None, "text": "", **kw}


def _view():
    lumberjack = _card("w1", "lumberjack", "worker", flipped=False)
    czar = _card("w2", "czar_and_carpenter", "worker", flipped=False)
    library = _card("b3", "library", "building", flipped=False)
    return {"players": [{"seat": 0, "cards": [lumberjack, czar, library], "hand": []},
                        {"seat": 1, "cards": [], "hand": None}],
            "display": {"upper": [_card("x9", "carpenter_workshop", "worker", deck="exchange", replaces=["wood"])],
                        "lower": []},
            "decks": {}}


def test_moves_are_sorted_onto_the_cards_and_into_the_pass_bar():
    moves = [{"type": "buy", "card": "w7"}, {"type": "take", "card": "w7"},
             {"type": "buy", "card": "x9", "replace": "w1"}, {"type": "buy", "card": "x9", "replace": "w2"},
             {"type": "play", "card": "a4"}, {"type": "pass"}, {"type": "pass", "until": "display"},
             {"type": "pass", "until": "phase"}, {"type": "observatory", "card": "b3"}]
    mv = sp_moves([{"move": m, "label": ""} for m in moves], _view(), 0)
    assert mv["card"]["w7"]["buy"] == moves[0] and mv["card"]["w7"]["take"] == moves[1]
    assert [x["replace"]["id"] for x in mv["card"]["x9"]["exchange"]] == ["w1", "w2"]
    assert mv["card"]["x9"]["exchange"][0]["replace"]["name"] == "Lumberjack"
    assert mv["card"]["a4"]["play"] == moves[4]
    assert mv["card"]["b3"]["observatory"] == moves[8]
    assert set(mv["pass"]) == {"turn", "display", "phase"}
    assert mv["any"] and not mv["other"]


def test_no_moves_for_a_spectator():
    mv = sp_moves([], _view(), None)
    assert not mv["any"] and mv["card"] == {} and mv["pass"] == {}


def test_cards_are_grouped_by_the_colour_they_score_as():
    view = _view()
    cards = view["players"][0]["cards"] + [_card("x5", "bank", "building", deck="exchange")]
    groups = sp_group(cards)
    assert [g["colour"] for g in groups] == ["worker", "building", "aristocrat"]
    assert [c["id"] for c in groups[1]["cards"]] == ["b3", "x5"]
    assert groups[2]["cards"] == []


def test_exchange_cards_say_what_they_replace():
    view = _view()
    context = {"view": view}
    assert sp_replaces(context, view["display"]["upper"][0]) == "a wood worker"
    assert sp_replaces(context, {"replaces": ["building"]}) == "any building"
    assert sp_replaces(context, {"replaces": ["lumberjack", "czar_and_carpenter"]}) == "Lumberjack or Czar_And_Carpenter"
