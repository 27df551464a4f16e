"""The Die Rote Kathedrale board: its template helpers and the pages it renders."""

import copy
import html
import random
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games.models import Game
from games.services import moves as move_service
from games.services import tables
from games.services.engines import get_engine
from games.services.log import render_event
from games.templatetags.red_cathedral import _moves
from tests.factories import make_user

ENGINE = "red-cathedral"
TEMPLATES = Path(settings.BASE_DIR) / "templates" / "games" / "red-cathedral"


@pytest.fixture(autouse=True)
def english():
    """English unless a test says otherwise (another test's German page may leave German on)."""
    with translation.override("en"):
        yield


def _start(users: list, options: dict | None = None, seed: int = 7) -> tuple[Game, dict]:
    game = tables.start_seated_game(ENGINE, users, options or {}, seed=seed, rated=False)
    return game, {p.seat: p.user for p in game.players.select_related("user")}


def _play(game: Game, users: dict, until, limit: int = 4000) -> Game:
    """Play on with the engine's bot until ``until(state)`` holds, then store that position.

    The moves run in the engine alone (fast); a move that ends the game goes through the move
    service, so that a finished game has its result, ranks and statistics as in real play."""
    engine = get_engine(ENGINE)
    rng = random.Random(1)
    state = copy.deepcopy(game.state)
    for _ in range(limit):
        if until(state):
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


def _ids(page: str) -> list[str]:
    """The ids of the page's move buttons, in page order."""
    return re.findall(r'<button[^>]*\bid="([^"]+)"[^>]*data-move=', page)


def _text(page: str) -> str:
    """The page's visible text (tags and attributes gone)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def engine_seat(game: Game) -> int:
    return get_engine(ENGINE).to_act(game.state)[0]


def _mid_game(state) -> bool:
    done = sum(1 for t in state["towers"] for s in t if s["done"])
    return done >= 3 and state["turn"]["stage"] == "main" and not state["pend"]


# --- moves ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_every_legal_move_gets_a_button_whose_id_comes_from_the_move_itself():
    game, users = _start([make_user("anna"), make_user("bea")])
    engine = get_engine(ENGINE)
    state = game.state
    seat = engine.to_act(state)[0]
    labelled = [
        {"move": m, "label": render_event(engine.move_label(state, seat, m), {0: "anna", 1: "bea"})}
        for m in engine.legal_moves(state, seat)
    ]
    view = engine.view(state, seat)

    def ids(moves):
        out = _moves(moves, view, seat)
        found = {}
        for group in out["claims"]:
            for m in group["plain"]:
                found[m["id"]] = m["move"]
            for b in group["banner_groups"]:
                for r in b["rows"]:
                    for m in (r["down"], r["up"]):
                        if m:
                            found[m["id"]] = m["move"]
        for g in out["build"]:
            for m in g["deliver"] + g["ornament"]:
                found[m["id"]] = m["move"]
        for g in out["dice"]:
            for m in g["options"]:
                found[m["id"]] = m["move"]
        for key in ("take", "influence", "activate", "reroll", "other"):
            for m in out[key]:
                found[m["id"]] = m["move"]
        for key in ("glory_rubles", "end"):
            if out[key]:
                found[out[key]["id"]] = out[key]["move"]
        return found

    forward = ids(labelled)
    # Every move is offered once, and the same move keeps its id whatever the order of the list.
    assert len(forward) == len(labelled)
    assert sorted(map(str, forward.values())) == sorted(str(m["move"]) for m in labelled)
    assert ids(list(reversed(labelled))) == forward
    assert all(re.fullmatch(r"rc-[A-Za-z0-9-]+", i) for i in forward)
    assert any(i.startswith("rc-die-") for i in forward) and any(i.startswith("rc-claim-") for i in forward)


@pytest.mark.django_db
def test_the_player_to_act_gets_the_decisions_and_the_others_none(client):
    game, users = _start([make_user("anna"), make_user("bea")])
    game = _play(game, users, _mid_game)
    seat = get_engine(ENGINE).to_act(game.state)[0]
    client.force_login(users[seat])
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    ids = _ids(page)
    assert 'id="rc-decide-title"' in page and "Claim a section" in page or "Move a die to the market" in page
    assert ids and len(ids) == len(set(ids))
    assert re.search(r'id="rc-die-(white|yellow|red|blue|green)-\d+"', page)
    # The same position drawn again gives the same controls with the same ids.
    assert _ids(client.get(f"/games/{game.pk}/board/").content.decode()) == ids

    client.force_login(users[1 - seat])
    waiting = client.get(f"/games/{game.pk}/board/").content.decode()
    assert 'data-move="' not in waiting and 'id="rc-decide-title"' not in waiting


@pytest.mark.django_db
def test_a_spectator_sees_market_cathedral_workshops_and_points_but_no_moves(client):
    game, users = _start([make_user("anna"), make_user("bea"), make_user("cem")], {"side": "extended"})
    game = _play(game, users, _mid_game)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-move="' not in page and "Your move" not in page
    assert page.count('class="rc-area ') == 8 and page.count('class="rc-card ') == 4
    assert len(re.findall(r'class="rc-tower( finished)?"', page)) == len(game.state["towers"])
    assert page.count('class="rc-player ') == 3 and page.count('class="rc-space ') == 18
    # Points with the expected end value in brackets, and its breakdown to open.
    view = get_engine(ENGINE).view(game.state, None)
    for pl in view["players"]:
        assert f'<b>{pl["space"]}</b> <span class="rc-expected">({pl["expected"]["total"]})</span>' in page
    assert page.count('<details class="rc-points"') == 3
    assert "Extended workshop side" in page and 'href="/games/red-cathedral/figures/"' in page
    # Dice are drawn with their pips; shares per tower per player.
    assert page.count('class="rc-die d-') == 5
    assert page.count('<ul class="rc-shares"') == len(view["towers"])


@pytest.mark.django_db
def test_the_solo_game_shows_iwans_row_without_the_dice_of_his_turned_tiles(client):
    game, users = _start([make_user("anna")], seed=3)
    game = _play(
        game,
        users,
        lambda st: (
            st["turns"] >= 6 and any(not c["up"] for c in st["iwan"]["row"]) and any(c["up"] for c in st["iwan"]["row"])
        ),
    )
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Solo game against Iwan" in page and len(re.findall(r'class="rc-iwan-card ', page)) == 5
    row = game.state["iwan"]["row"]
    cards = re.findall(r'<li class="rc-iwan-card[^"]*">(.*?)</li>', page, re.S)
    assert len(cards) == 5
    for card, info in zip(cards, row):
        assert ("rc-die-mark" in card) == info["up"]
    assert page.count("<small>next</small>") == 1


@pytest.mark.django_db
def test_the_human_chooses_for_iwan_when_his_cards_leave_the_choice(client):
    engine = get_engine(ENGINE)
    for seed in range(1, 60):
        game, users = _start([make_user(f"p{seed}")], seed=seed)
        try:
            game = _play(game, users, lambda st: bool(st["pend"]), limit=800)
        except AssertionError:
            continue
        if game.status == Game.Status.ACTIVE and game.state["pend"]:
            break
    else:
        pytest.skip("no seed led to a choice for Iwan")
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    sections = [m["section"] for m in engine.legal_moves(game.state, 0)]
    assert sections and all(f'id="rc-iwan-{s}"' in page for s in sections)
    assert "Iwan" in re.search(r"<h3>(.*?)</h3>", page.split('id="rc-decide-title"')[1]).group(1)


@pytest.mark.django_db
def test_a_finished_solo_game_shows_the_verdict_the_result_and_the_statistics_with_iwans_column(client):
    game, users = _start([make_user("anna")], seed=14)
    game = _play(game, users, lambda st: False)
    assert game.status == Game.Status.FINISHED
    # The verdict is the engine's (glory, then sections, then ornaments; a tie goes to the player).
    engine_rank = game.result["engine_ranks"][0]
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Final result" in page and "Completed sections" in page
    head = page.split('<table class="list stats">')[1].split("</thead>")[0]
    assert ">anna</th>" in head and ">Iwan</th>" in head
    assert ("You have beaten Iwan." in page) == (engine_rank == 1)
    assert ("Iwan has won." in page) == (engine_rank == 2)
    assert "The game is over." in page and "Final:" in page


@pytest.mark.django_db
def test_a_finished_game_shows_the_result_and_the_statistics(client):
    game, users = _start([make_user("anna"), make_user("bea")], {"side": "extended"}, seed=5)
    game = _play(game, users, lambda st: False)
    assert game.status == Game.Status.FINISHED
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Final result" in page and "Towers" in page and 'data-move="' not in page
    for pl in get_engine(ENGINE).view(game.state, None)["players"]:
        assert f"Final: {pl['final']} glory" in _text(page)


def _template_strings() -> set[str]:
    """The plain {% trans %} strings of the board's templates."""
    found = set()
    for path in TEMPLATES.glob("*.html"):
        found.update(re.findall(r'{%\s*trans\s+"([^"]+)"\s*%}', path.read_text()))
        found.update(re.findall(r"{%\s*trans\s+'([^']+)'\s*%}", path.read_text()))
    return found


@pytest.mark.django_db
def test_the_board_in_german_has_no_english_left_of_its_own_strings(client):
    anna = make_user("anna")
    anna.language = "de"
    anna.save(update_fields=["language"])
    game, users = _start([anna, make_user("bea")], {"side": "extended"})
    game = _play(game, users, _mid_game)
    seat = get_engine(ENGINE).to_act(game.state)[0]
    if users[seat] != anna:
        game = _play(
            game,
            users,
            lambda st: (
                _mid_game(st)
                and st["turn"]["seat"] == 0
                and users[0] == anna
                or _mid_game(st)
                and st["turn"]["seat"] == 1
                and users[1] == anna
            ),
        )
    assert users[engine_seat(game)] == anna
    client.force_login(anna)
    # The log's lines are the engine's messages, translated by the engine's catalog entries.
    page = _text(client.get(f"/games/{game.pk}/").content.decode().split('class="panel log"')[0])
    # So are the labels of the moves; the board's own words around them are checked.
    engine = get_engine(ENGINE)
    names = {p.seat: p.user.username for p in game.players.select_related("user")}
    with translation.override("de"):
        acting = engine.to_act(game.state)[0]
        for m in engine.legal_moves(game.state, acting):
            page = page.replace(render_event(engine.move_label(game.state, acting, m), names), " ")
    with translation.override("de"):
        german = {s: translation.gettext(s) for s in _template_strings()}
    untranslated = [s for s, de in german.items() if de == s and s not in {"Iwan", "Start"} and not s.startswith("∑")]
    assert not untranslated
    leftovers = [
        s for s in german if german[s] != s and len(s) > 3 and re.search(rf"(?<!\w){re.escape(s)}(?!\w)", page)
    ]
    assert not leftovers
    for word in (
        "Dein Zug",
        "Markt",
        "Vorrat",
        "Die Kathedrale",
        "Turm 1",
        "Baupunkte",
        "Werkstatt",
        "Ruhmespunkte",
        "Punkteleiste",
        "Gilde der",
    ):
        assert word in page, word
    for word in ("Construction points", "The cathedral", "Score track", "Supply", "glory"):
        assert not re.search(rf"(?<!\w){word}(?!\w)", page), word


@pytest.mark.django_db
def test_the_component_figures_page_marks_provisional_figures_in_both_languages(client):
    page = client.get("/games/red-cathedral/figures/").content.decode()
    assert "records are provisional" in page and page.count("rc-prov p-provisional") > 10
    de = client.get("/games/red-cathedral/figures/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Einträgen sind vorläufig" in de and "vorläufig" in _text(de)
    assert "records are provisional" not in de
    # How each file's figures were chosen reads in German too.
    from games.rules.red_cathedral.data import provenance_report

    for doc in provenance_report():
        if doc.get("method"):
            assert html.escape(doc["method"]) not in de, doc["kind"]
