"""The Sankt Petersburg board: its template helpers and the pages it renders."""

import copy
import random
import re

import pytest
from django.utils import translation

from games.models import Game
from games.services import moves as move_service
from games.services import tables
from games.services.engines import get_engine
from games.templatetags.sankt_petersburg import sp_group, sp_moves, sp_replaces
from tests.factories import make_user

ENGINE = "sankt-petersburg"


@pytest.fixture(autouse=True)
def english():
    """English unless a test says otherwise (another test's German page may leave German on)."""
    with translation.override("en"):
        yield


def _card(cid, key, color, deck=None, **kw):
    return {
        "id": cid,
        "key": key,
        "name": key.title(),
        "name_de": None,
        "deck": deck or color,
        "color": color,
        "cost": 5,
        "price": 5,
        "income": {"rubles": 3, "points": 0},
        "exchange": deck == "exchange",
        "replaces": [],
        "craft": None,
        "text": "",
        **kw,
    }


def _view():
    lumberjack = _card("w1", "lumberjack", "worker", flipped=False)
    czar = _card("w2", "czar_and_carpenter", "worker", flipped=False)
    library = _card("b3", "library", "building", flipped=False)
    return {
        "players": [
            {"seat": 0, "cards": [lumberjack, czar, library], "hand": []},
            {"seat": 1, "cards": [], "hand": None},
        ],
        "display": {
            "upper": [_card("x9", "carpenter_workshop", "worker", deck="exchange", replaces=["wood"])],
            "lower": [],
        },
        "decks": {},
    }


def test_moves_are_sorted_onto_the_cards_and_into_the_pass_bar():
    moves = [
        {"type": "buy", "card": "w7"},
        {"type": "take", "card": "w7"},
        {"type": "buy", "card": "x9", "replace": "w1"},
        {"type": "buy", "card": "x9", "replace": "w2"},
        {"type": "play", "card": "a4"},
        {"type": "pass"},
        {"type": "pass", "until": "display"},
        {"type": "pass", "until": "phase"},
        {"type": "observatory", "card": "b3", "deck": "worker"},
    ]
    mv = sp_moves([{"move": m, "label": ""} for m in moves], _view(), 0)
    assert mv["card"]["w7"]["buy"] == moves[0] and mv["card"]["w7"]["take"] == moves[1]
    assert [x["replace"]["id"] for x in mv["card"]["x9"]["exchange"]] == ["w1", "w2"]
    assert mv["card"]["x9"]["exchange"][0]["replace"]["name"] == "Lumberjack"
    assert mv["card"]["a4"]["play"] == moves[4]
    assert mv["card"]["b3"]["observatory"] == [moves[8]]
    assert set(mv["pass"]) == {"turn", "display", "phase"}
    assert mv["any"] and not mv["other"]


def test_no_moves_for_a_spectator():
    mv = sp_moves([], _view(), None)
    assert not mv["any"] and mv["card"] == {} and mv["pass"] == {}


def test_cards_are_grouped_by_the_colour_they_score_as_and_identical_ones_stacked():
    view = _view()
    cards = view["players"][0]["cards"] + [
        _card("x5", "bank", "building", deck="exchange"),
        _card("w6", "lumberjack", "worker", flipped=False),
        _card("w8", "lumberjack", "worker", flipped=True),
    ]
    groups = sp_group(cards)
    assert [g["colour"] for g in groups] == ["worker", "building", "aristocrat"]
    assert [(s["card"]["id"], s["count"]) for s in groups[0]["stacks"]] == [("w1", 2), ("w2", 1), ("w8", 1)]
    assert groups[0]["total"] == 4
    assert [s["card"]["id"] for s in groups[1]["stacks"]] == ["b3", "x5"]
    assert groups[2]["stacks"] == []
    # A card that can act now lies on its own.
    apart = sp_group(cards, {"card": {"w6": {"observatory": []}}})
    assert [(s["card"]["id"], s["count"]) for s in apart[0]["stacks"]][:2] == [("w1", 1), ("w2", 1)]


def test_exchange_cards_say_what_they_replace():
    view = _view()
    context = {"view": view}
    assert sp_replaces(context, view["display"]["upper"][0]) == "a wood worker"
    assert sp_replaces(context, {"replaces": ["building"]}) == "any building"
    assert sp_replaces(context, {"replaces": ["any"], "color": "aristocrat"}) == "any aristocrat"
    assert (
        sp_replaces(context, {"replaces": ["lumberjack", "czar_and_carpenter"]}) == "Lumberjack or Czar_And_Carpenter"
    )


# --- pages ------------------------------------------------------------------------------------


def _start(seed: int = 7) -> tuple[Game, dict]:
    anna, bea = make_user("anna"), make_user("bea")
    game = tables.start_seated_game(ENGINE, [anna, bea], {}, seed=seed, rated=False)
    users = {p.seat: p.user for p in game.players.select_related("user")}
    return game, users


def _play(game: Game, users: dict, until, limit: int = 3000) -> Game:
    """Play on with the engine's bot until ``until(view)`` holds, then store that position.

    The moves run in the engine alone (fast); a move that ends the game goes through the move
    service, so that a finished game has its result, ranks and statistics as in real play."""
    engine = get_engine(ENGINE)
    rng = random.Random(1)
    state = copy.deepcopy(game.state)
    for _ in range(limit):
        if until(engine.view(state, None)):
            break
        seat = engine.to_act(state)[0]
        move = engine.bot_move(state, seat, rng)
        after, _events = engine.apply(copy.deepcopy(state), seat, move)
        if engine.is_over(after):
            _store(game, state)
            move_service.submit_move(game.pk, users[seat], move, version=game.version, seat=seat)
            game.refresh_from_db()
            return game
        state = after
    else:
        raise AssertionError("the game did not reach the wanted point")
    _store(game, state)
    return game


def _store(game: Game, state: dict) -> None:
    game.state = state
    game.version += 1
    game.save(update_fields=["state", "version"])


def _someone_holds_a_card(view) -> bool:
    return view["step"] == "actions" and any(p["hand_count"] for p in view["players"])


def _mentions(page: str, cid: str) -> bool:
    """Whether the page names that card id (a whole id: "w1" is not part of "w12")."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(cid)}(?![0-9])", page) is not None


def _hand_ids(game: Game, seat: int) -> list[str]:
    return [c["id"] for c in get_engine(ENGINE).view(game.state, seat)["players"][seat]["hand"]]


@pytest.mark.django_db
def test_the_seat_sees_its_hand_and_moves_but_never_the_other_hand(client):
    game, users = _start()
    game = _play(game, users, _someone_holds_a_card)
    holder = next(p["seat"] for p in get_engine(ENGINE).view(game.state, None)["players"] if p["hand_count"])
    other = 1 - holder
    secret = _hand_ids(game, holder)

    client.force_login(users[holder])
    own = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="sp-display' in own and "Your hand" in own
    for cid in secret:
        assert f'data-card="{cid}"' in own

    client.force_login(users[other])
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    for cid in secret:
        assert not _mentions(page, cid)
    assert "sp-hand-backs" in page


@pytest.mark.django_db
def test_the_player_to_act_gets_the_three_passes_and_buttons_on_cards(client):
    game, users = _start()
    game = _play(game, users, lambda v: v["step"] == "actions" and not v["first_round"])
    seat = get_engine(ENGINE).to_act(game.state)[0]
    client.force_login(users[seat])
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    for label in ("Pass this turn", "Pass until the display changes", "Pass this phase"):
        assert label in page
    assert 'id="sp-pass-phase"' in page and "&quot;until&quot;:&quot;phase&quot;" in page
    assert re.search(r'id="sp-(buy|take)-[a-z]+\d+"', page)

    client.force_login(users[1 - seat])
    waiting = client.get(f"/games/{game.pk}/board/").content.decode()
    assert 'data-move="' not in waiting and "Pass this turn" not in waiting


@pytest.mark.django_db
def test_a_spectator_sees_the_board_without_hands_or_moves(client):
    game, users = _start()
    game = _play(game, users, _someone_holds_a_card)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="sp-display' in page and "Draw piles" in page
    assert "Your hand" not in page and 'data-move="' not in page
    for seat in users:
        for cid in _hand_ids(game, seat):
            assert not _mentions(page, cid)


@pytest.mark.django_db
def test_a_finished_game_shows_the_result_and_the_statistics(client):
    game, users = _start(seed=3)
    game = _play(game, users, lambda v: False)
    assert game.status == Game.Status.FINISHED
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Final result" in page and "Points for different aristocrats" in page
    assert "Special cards bought" in page and "Hand cards" in page
    assert 'data-move="' not in page and "Pass this turn" not in page


@pytest.mark.django_db
def test_the_board_speaks_german(client):
    game, users = _start()
    game = _play(game, users, lambda v: v["step"] == "actions" and not v["first_round"])
    users[0].language = "de"
    users[0].save(update_fields=["language"])
    client.force_login(users[0])
    with translation.override("en"):  # the page switches the thread to German; switch back after
        page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert "Auslage" in page and "Untere Reihe" in page and "Nachziehstapel" in page
    assert "Handwerker" in page and "Adlige" in page


def test_log_lines_and_card_names_are_translated():
    from games.services.log import render_event

    event = {
        "msg": "{seat} replaces the {old} with the {card} for {price} rubles.",
        "args": {"seat": 0, "old": "Lumberjack", "card": "Carpenter Workshop", "price": 1},
    }
    with translation.override("de"):
        assert render_event(event, {0: "anna"}) == "anna ersetzt Holzfäller durch Schreinerei für 1 Rubel."
    assert render_event(event, {0: "anna"}) == "anna replaces the Lumberjack with the Carpenter Workshop for 1 rubles."


@pytest.mark.django_db
def test_a_refused_move_is_explained_in_the_players_language():
    from games.services.errors import IllegalMoveError

    game, users = _start()
    seat = get_engine(ENGINE).to_act(game.state)[0]
    with translation.override("de"), pytest.raises(IllegalMoveError, match="Diese Karte liegt nicht in der Auslage"):
        move_service.submit_move(game.pk, users[seat], {"type": "buy", "card": "nope"}, version=game.version, seat=seat)


WANTED = {"actions", "pub", "observatory"}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "options, wanted",
    [
        ({"expansion": True}, WANTED | {"debtors_prison", "guild_hall", "trading_house"}),
        ({"edition": "2"}, WANTED),
        (
            {"edition": "2", "market": True, "helpers": True, "events": True, "assignments": True, "obstacles": True},
            {"actions", "market_good", "market_confirm", "twin", "obstacle_bonus"},
        ),
    ],
    ids=["expansion", "2nd-edition", "market-modules"],
)
def test_every_legal_move_has_a_control_on_the_board(client, options, wanted):
    """Through whole bot games (the special cards used whenever they can be): at each new kind
    of step, and now and then in the action phase, the seat to act finds a button for every one
    of its legal moves."""
    from django.utils.html import escape

    from games.templatetags.game_tags import to_json

    anna, bea = make_user("anna"), make_user("bea")
    engine = get_engine(ENGINE)
    seen: set[str] = set()
    for seed in range(1, 13):
        game = tables.start_seated_game(ENGINE, [anna, bea], options, seed=seed, rated=False)
        users = {p.seat: p.user for p in game.players.select_related("user")}
        rng = random.Random(seed)
        state = copy.deepcopy(game.state)
        n = 0
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            step = engine.view(state, seat)["step"]
            legal = engine.legal_moves(state, seat)
            if step not in seen or (seed <= 2 and n % 15 == 0):
                seen.add(step)
                _store(game, state)
                client.force_login(users[seat])
                page = client.get(f"/games/{game.pk}/board/").content.decode()
                for move in legal:
                    assert f'data-move="{escape(to_json(move))}"' in page, (step, move)
            # The special cards whenever they can act, the Twin first of the events, and market
            # cards bought whenever possible (so that orange ones come up for confirmation).
            special = sorted(
                (
                    m
                    for m in legal
                    if m["type"] in ("observatory", "debtors_prison")
                    or (m["type"] == "event" and m["event"] in ("twin", "ghost"))
                    or (m["type"] == "buy" and str(m["card"]).startswith("m"))
                ),
                key=lambda m: m.get("event") != "twin",
            )
            move = special[0] if special else engine.bot_move(state, seat, rng)
            state, _events = engine.apply(state, seat, move)
            n += 1
        if wanted <= seen:
            break
    assert wanted <= seen, seen


MODULES = {"edition": "2", "market": True, "helpers": True, "events": True, "assignments": True, "obstacles": True}


@pytest.mark.django_db
def test_a_market_game_draws_the_market_place_and_the_modules(client):
    anna, bea = make_user("anna"), make_user("bea")
    game = tables.start_seated_game(ENGINE, [anna, bea], MODULES, seed=4, rated=False)
    users = {p.seat: p.user for p in game.players.select_related("user")}
    game = _play(
        game,
        users,
        lambda v: (
            v["round"] >= 3 and v["last_scoring"] and v["last_scoring"]["phase"] == "market" and v["step"] == "actions"
        ),
    )
    engine = get_engine(ENGINE)
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    view = engine.view(game.state, 0)
    assert "Market place" in page and "Market value now" in page and 'class="sp-marker s-' in page
    for good in ("Chicken", "Grain", "Apples", "Fish", "Cabbage"):
        assert good in page
    assert 'id="sp-deck-market"' in page and "Paid for market cards" in page
    assert view["helpers"][0]["name"] in page and "Helpers" in page and "sp-helper-chip" in page
    for a in view["assignments"]["mine"]:
        assert a["text"] in page
    assert "Obstacles on the score track" in page and view["obstacles"]["spaces"][0]["name"] in page
    assert "Sponsor" in page and "Twin" in page

    # Another seat's assignments stay secret; spectators see none.
    secret = [a["text"] for a in engine.view(game.state, 1)["assignments"]["mine"]]
    client.logout()
    spectator = client.get(f"/games/{game.pk}/board/").content.decode()
    assert "Every player holds three secret assignments." in spectator
    assert not any(text in spectator for text in secret if text not in (a["text"] for a in view["assignments"]["mine"]))


@pytest.mark.django_db
def test_the_market_board_speaks_german(client):
    anna, bea = make_user("anna"), make_user("bea")
    game = tables.start_seated_game(ENGINE, [anna, bea], MODULES, seed=4, rated=False)
    users = {p.seat: p.user for p in game.players.select_related("user")}
    game = _play(game, users, lambda v: v["round"] >= 2 and v["step"] == "actions")
    users[0].language = "de"
    users[0].save(update_fields=["language"])
    client.force_login(users[0])
    with translation.override("en"):
        page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert "Marktplatz" in page and "Aktueller Marktwert" in page and "Hühner" in page
    assert "Aufträge" in page and "Helfer" in page and "Hürden auf der Siegpunktleiste" in page
