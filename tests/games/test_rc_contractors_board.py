"""The Contractors module ("Die Unternehmer") on the Die Rote Kathedrale board, the table option, the rules
and component-figures pages."""

import copy
import html
import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.models import Game, Table
from games.rc_contractors_board import tool_sets
from games.services.engines import get_engine
from games.services.log import render_event
from games.templatetags.red_cathedral import _moves
from rankings.models import Tournament
from tests.factories import make_user
from tests.games.test_rc_board_pages import _ids, _play, _start, _store, _text, engine_seat

ENGINE = "red-cathedral"
MODULE = {"contractors": True}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _sent(st) -> int:
    return sum(sum(c["men"]) for c in st["contr"]["cities"].values())


def _can_recruit(st) -> bool:
    if st["turn"]["stage"] != "main" or st["pend"] or st["over"]:
        return False
    seat = st["turn"]["seat"]
    return any(m["type"] == "recruit" for m in get_engine(ENGINE).legal_moves(st, seat))


def _page(client, game, user, url="/games/{pk}/board/") -> str:
    client.force_login(user)
    return client.get(url.format(pk=game.pk)).content.decode()


def _acting_user(game):
    return game.players.get(seat=engine_seat(game)).user


def _labelled(state, seat):
    engine = get_engine(ENGINE)
    return [
        {"move": m, "label": render_event(engine.move_label(state, seat, m), {0: "anna", 1: "bea", 2: "cem"})}
        for m in engine.legal_moves(state, seat)
    ]


# --- the decisions ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_recruit_moves_get_one_button_per_city_with_ids_from_the_moves(client):
    game, users = _start([make_user("anna"), make_user("bea")], MODULE, seed=5)
    game = _play(game, users, lambda st: _can_recruit(st) and _sent(st) >= 2)
    state, seat = game.state, engine_seat(game)
    labelled = _labelled(state, seat)
    recruits = [lm["move"] for lm in labelled if lm["move"]["type"] == "recruit"]
    out = _moves(labelled, get_engine(ENGINE).view(state, seat), seat)
    module = out["module"]
    assert [m["move"] for m in module["recruit"]] == recruits
    assert [m["id"] for m in module["recruit"]] == [f"rc-recruit-{m['city']}" for m in recruits]
    # The same moves in reverse order keep their ids; none is left for the generic "other" row.
    again = _moves(list(reversed(labelled)), get_engine(ENGINE).view(state, seat), seat)["module"]
    assert sorted(m["id"] for m in again["recruit"]) == sorted(m["id"] for m in module["recruit"])
    assert not out["other"]
    costs = {c: state["contr"]["cities"][c]["men"] for c in state["contr"]["cities"]}
    for m in module["recruit"]:
        assert m["cost"] == sum(costs[m["city"]]) + 1

    page = _page(client, game, users[seat])
    ids = _ids(page)
    assert all(f"rc-recruit-{m['city']}" in ids for m in recruits) and len(ids) == len(set(ids))
    assert "Recruit: send a contractor" in page and "It unlocks:" in page
    waiting = _page(client, game, users[1 - seat])
    assert 'data-move="' not in waiting and "Recruit: send a contractor" not in waiting


@pytest.mark.django_db
@pytest.mark.parametrize("stage", ["main", "hire", "market"])
def test_every_legal_move_of_the_module_game_is_on_the_page_once(client, stage):
    """The black die's moves too: the board once listed only the five dice of the base game."""
    game, users = _start([make_user("anna"), make_user("bea")], MODULE, seed=5)
    if stage == "market":
        game = _play(game, users, lambda st: st["turn"]["stage"] == "market" and st["turn"]["die"] == "black")
    else:
        game = _play(
            game,
            users,
            lambda st: st["turn"]["stage"] == stage and not st["pend"] and (stage != "main" or _can_recruit(st)),
        )
    state, seat = game.state, engine_seat(game)
    legal = get_engine(ENGINE).legal_moves(state, seat)
    page = _page(client, game, users[seat])
    moves = re.findall(r'<button[^>]*\bid="([^"]+)"[^>]*data-move="([^"]+)"', page)
    shown = [json.loads(html.unescape(m)) for _i, m in moves]

    def key(m):
        return json.dumps(m, sort_keys=True)

    assert sorted(map(key, shown)) == sorted(map(key, legal))
    assert len({i for i, _m in moves}) == len(moves)
    if stage == "main":
        assert any(i.startswith("rc-die-black-") for i, _m in moves)


@pytest.mark.django_db
def test_the_hire_stage_offers_hiring_and_discarding_each_specialist_the_city_sees(client):
    game, users = _start([make_user("anna"), make_user("bea")], MODULE, seed=5)
    game = _play(game, users, lambda st: st["turn"]["stage"] == "hire")
    state, seat = game.state, engine_seat(game)
    hires = [m for m in get_engine(ENGINE).legal_moves(state, seat) if m["type"] == "hire"]
    page = _page(client, game, users[seat])
    ids = _ids(page)
    for m in hires:
        side = "pay" if m["pay"] else "discard"
        assert f"rc-hire-{m['space'] + 1}-{side}" in ids
        assert state["contr"]["row"][m["space"]] in page
    city = {
        "moscow": "Moscow",
        "smolensk": "Smolensk",
        "ryazan": "Ryazan",
        "suzdal": "Suzdal",
        "vologda": "Vologda",
        "vladimir": "Vladimir",
    }[state["turn"]["city"]]
    assert f"Specialists in {city}" in page and f"Hire a specialist in {city} for 2 rubles, or discard one." in page
    # The rest of the turn waits for the choice: no end button yet.
    assert 'id="rc-end"' not in page
    other = _page(client, game, users[1 - seat])
    assert f"chooses a specialist in {city}." in other and 'data-move="' not in other


@pytest.mark.django_db
def test_the_third_contractor_unlocks_a_material_chosen_by_button(client):
    game, users = _start([make_user("anna"), make_user("bea")], MODULE, seed=6)
    engine = get_engine(ENGINE)
    state = copy.deepcopy(game.state)
    seat = state["turn"]["seat"]
    state["pl"][seat].update(men=4, permits=3)  # two sent already: the next is the third
    city = next(m["city"] for m in engine.legal_moves(state, seat) if m["type"] == "recruit")
    state, _events = engine.apply(state, seat, {"type": "recruit", "city": city})
    assert state["turn"]["stage"] == "bonus"
    _store(game, state)
    page = _page(client, game, users[seat])
    bonus = [m for m in engine.legal_moves(state, seat) if m["type"] == "bonus"]
    assert bonus and all(f'id="rc-bonus-{m["material"]}"' in page for m in bonus)
    assert "Your contractor has unlocked a material of your choice: take it." in page
    assert "Stage: contractor&#x27;s bonus" in page or "Stage: contractor's bonus" in _text(page)


@pytest.mark.django_db
def test_a_specialist_and_a_permit_for_glory_get_their_buttons(client):
    game, users = _start([make_user("anna"), make_user("bea")], MODULE, seed=8)
    engine = get_engine(ENGINE)
    game = _play(
        game,
        users,
        lambda st: (
            st["turn"]["stage"] == "main"
            and not st["pend"]
            and any(m["type"] == "die" and m["die"] == "black" for m in engine.legal_moves(st, st["turn"]["seat"]))
            and any(m["type"] == "glory_permit" for m in engine.legal_moves(st, st["turn"]["seat"]))
        ),
    )
    state = copy.deepcopy(game.state)
    seat = state["turn"]["seat"]
    state["pl"][seat]["spec"] = state["contr"]["bag"].pop()  # a hired specialist, face up
    die = next(m for m in engine.legal_moves(state, seat) if m["type"] == "die" and m["die"] == "black")
    state, _events = engine.apply(state, seat, die)
    _store(game, state)
    page = _page(client, game, users[seat])
    assert 'id="rc-specialist"' in page and f"Use specialist {state['pl'][seat]['spec']}" in page
    assert 'id="rc-glory-permit"' in page and "Give up 1 glory for 1 permit" in page


# --- what everybody sees ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_spectators_see_moscow_the_cities_and_every_extension_but_not_the_bag(client):
    game, users = _start([make_user("anna"), make_user("bea"), make_user("cem")], MODULE, seed=4)
    game = _play(
        game,
        users,
        lambda st: (
            _sent(st) >= 4 and st["turn"]["stage"] == "main" and not st["pend"] and any(pl["tools"] for pl in st["pl"])
        ),
    )
    state = game.state
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-move="' not in page
    assert "The Grand Duchy of Moscow" in page and page.count('class="rc-spec-space') == 5
    assert page.count('<li class="rc-city ') == 6 and page.count('class="rc-extension"') == 3
    assert page.count('class="rc-city-tile ') == len(state["towers"])
    assert f"{len(state['contr']['bag'])} specialists left in the bag" in page
    for sid in state["contr"]["row"]:
        assert sid is None or f'<b class="rc-spec-id">{sid}</b>' in page
    # The bag's specialists (and their order) stay hidden.
    text = _text(page)
    for sid in state["contr"]["bag"]:
        assert not re.search(rf"\b{sid}\b", text), sid
    # Each city: open over its tower, or not in play; contractors per player.
    for city, record in state["contr"]["cities"].items():
        block = page.split(f'id="rc-city-{city}"')[1].split("</li>\n")[0]
        if city in state["contr"]["over"]:
            assert f"over tower {state['contr']['over'].index(city) + 1}" in block or "finished: closed" in block
        else:
            assert "not in play" in block
        assert block.count('class="rc-man"') == sum(record["men"])
    # Every player's permits, contractors left and tool glory.
    view = get_engine(ENGINE).view(state, None)
    for pl in view["players"]:
        mine = pl["contractors"]
        section = page.split(f'id="rc-player-{pl["player"]}"')[1].split("</section>")[0]
        assert f"{mine['permits']} of 6" in section
        assert section.count('<li class="sent"') == 6 - mine["contractors"]
        if mine["tools"]:
            assert f"= {mine['tool_glory']} glory" in _text(section)


@pytest.mark.django_db
def test_a_game_without_the_module_shows_none_of_it(client):
    game, users = _start([make_user("anna"), make_user("bea")], seed=4)
    page = client.get(f"/games/{game.pk}/").content.decode()
    for marker in ("rc-moscow", "rc-extension", "rc-city-tile", "Contractors module", "rc-tool-hammer"):
        assert marker not in page, marker


@pytest.mark.django_db
def test_the_solo_board_shows_iwans_marker_city_and_his_tools(client):
    game, users = _start([make_user("anna")], MODULE, seed=3)
    game = _play(game, users, lambda st: st["turns"] >= 6 and st["turn"]["stage"] == "main" and not st["pend"])
    marker = game.state["contr"]["marker"]
    page = _page(client, game, users[0], "/games/{pk}/")
    block = page.split(f'id="rc-city-{marker}"')[1].split("</li>\n")[0]
    assert "Iwan&#x27;s marker: he recruits here next." in block or "Iwan's marker" in _text(block)
    assert page.count("he recruits here next") == 1
    iwan = page.split('id="rc-player-1"')[1].split("</section>")[0]
    assert "Contractors left" in iwan and "Permits" not in _text(iwan)
    city = {
        "moscow": "Moscow",
        "smolensk": "Smolensk",
        "ryazan": "Ryazan",
        "suzdal": "Suzdal",
        "vologda": "Vologda",
        "vladimir": "Vladimir",
    }[marker]
    assert f"His marker lies by {city}: he recruits there next." in _text(iwan)
    # His sixth card, Recruit, is named in his row.
    cards = re.findall(r'<li class="rc-iwan-card[^"]*">\s*<strong>(.*?)</strong>', page)
    assert len(cards) == 6 and "Recruit" in cards and "recruit" not in cards


@pytest.mark.django_db
def test_the_module_in_german(client):
    anna = make_user("anna", language="de")
    game, users = _start([anna, make_user("bea")], MODULE, seed=5)
    game = _play(game, users, lambda st: _can_recruit(st) and users[st["turn"]["seat"]] == anna)
    page = _text(_page(client, game, anna, "/games/{pk}/").split('class="panel log"')[0])
    for word in (
        "Das große Herzogtum von Moskau",
        "Genehmigungen",
        "Unternehmer übrig",
        "Werkzeuge (verdeckt)",
        "Anwerben: Entsende einen Unternehmer",
        "Nächster Unternehmer",
        "Moskau",
        "Spezialist (offen)",
        "Modul Die Unternehmer",
    ):
        assert word in page, word
    for word in (
        "Grand Duchy",
        "Permits",
        "Contractors left",
        "Next contractor",
        "Recruit: send",
        "Tools (face down)",
        "specialists left in the bag",
        "over tower",
        "not in play",
    ):
        assert word not in page, word


@pytest.mark.django_db
def test_a_finished_game_with_the_module_has_its_rows_in_the_statistics(client):
    game, users = _start([make_user("anna"), make_user("bea")], MODULE, seed=5)
    game = _play(game, users, lambda st: False)
    assert game.status == Game.Status.FINISHED
    page = _text(client.get(f"/games/{game.pk}/").content.decode())
    for row in ("Cities", "Tool sets", "Contractors sent", "Permits left at the end", "Specialists face down (tools)"):
        assert row in page, row
    base, base_users = _start([make_user("cem"), make_user("dan")], seed=5)
    base = _play(base, base_users, lambda st: False)
    table = _text(client.get(f"/games/{base.pk}/").content.decode().split('<table class="list stats">')[1])
    assert "Tool sets" not in table and "Permits left" not in table and "Towers" in table


def test_tool_sets_are_sorted_into_sets_of_different_tools():
    # The rules' example: three different tools and one more of a kind give 4 + 1 glory.
    sets = tool_sets(["hammer", "saw", "trowel", "hammer"])
    assert [(s["size"], s["glory"]) for s in sets] == [(3, 4), (1, 1)]
    assert tool_sets([]) == []


# --- the option on the forms, the lists, the rules and figures pages ---------------------------------

FORM = {
    "game_slug": ENGINE,
    "create": "1",
    "opt_side": "basic",
    "opt_craftsmen": "random",
    "opt_teamsters": "random",
    "opt_merchants": "1",
    "opt_guild": "clergy",
    "opt_clergy": "random",
    "time_control": "correspondence",
    "days_per_move": 3,
    "minutes_per_player": 20,
    "rated": "on",
    "bots": 0,
}


@pytest.mark.django_db
def test_the_table_form_opens_a_table_with_the_module_and_the_lists_name_it(client):
    client.force_login(make_user("alice", language="de"))
    response = client.post("/tables/new/", {**FORM, "seats": 2, "opt_contractors": "on"})
    table = Table.objects.get()
    assert response.url == f"/tables/{table.pk}/" and table.options["contractors"] is True
    lobby = client.get("/").content.decode()
    assert "(Händler 1, Klerus, Modul Die Unternehmer)" in lobby
    client.force_login(make_user("bob"))
    assert "(Merchants 1, Clergy, Contractors module)" in client.get(f"/tables/{table.pk}/").content.decode()


@pytest.mark.django_db
def test_the_tournament_form_offers_the_module_and_stores_it(client):
    org = make_user("org")
    client.force_login(org)
    form = client.get(f"/rankings/tournaments/new/?game={ENGINE}").content.decode()
    assert 'name="opt_contractors"' in form and "The Contractors module (Die Unternehmer)" in form
    start = (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    data = {
        "create": "1",
        "game_slug": ENGINE,
        "name": "Moskau-Pokal",
        "format": "swiss",
        "table_size": "3",
        "rounds": "2",
        "group_size": "4",
        "starts_at": start,
        "time_control": "correspondence",
        "days_per_move": "3",
        "minutes_per_player": "20",
        "rated": "on",
        "opt_side": "extended",
        "opt_craftsmen": "random",
        "opt_teamsters": "random",
        "opt_merchants": "random",
        "opt_guild": "clergy",
        "opt_clergy": "random",
        "opt_contractors": "on",
    }
    response = client.post("/rankings/tournaments/new/", data)
    assert response.status_code == 302
    assert Tournament.objects.get().options["contractors"] is True


@pytest.mark.django_db
def test_a_bad_module_value_is_refused_with_the_reason_and_opens_nothing():
    from games.services import tables
    from games.services.errors import TableError

    with pytest.raises(TableError) as refused:
        tables.create_table(make_user("alice"), ENGINE, 2, {"contractors": "yes"})
    assert refused.value.message == "The Contractors module is either played (true) or not (false)."
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_the_rules_page_has_the_module_in_both_languages(client):
    page = _text(client.get("/games/red-cathedral/rules/").content.decode())
    assert "The Contractors module" in page and "Recruit, the fourth basic action" in page
    assert "contractor 2: 2 rubles" in page and "1 / 2 / 4 / 7 / 11 / 16 glory" in page
    assert "contractor 4: 1 permit" in page and "1 permits" not in page and "contractor 6: 1 glory" in page
    de = _text(client.get("/games/red-cathedral/rules/", HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Anwerben, die vierte Basis-Aktion" in de and "Unternehmer 2: 2 Rubel" in de
    assert "Recruit, the fourth" not in de


@pytest.mark.django_db
def test_the_figures_page_lists_the_module_with_provenance(client):
    from games.rules.red_cathedral.data import load_raw

    doc = load_raw("contractors")
    page = client.get("/games/red-cathedral/figures/").content.decode()
    section = page.split('id="rc-file-contractors"')[1].split("</section>")[0]
    provisional = sum(1 for r in doc["records"] if r["provenance"] == "provisional")
    assert "contractors.json" in section and f"{provisional} × provisional" in section
    assert section.count('<tr class="prov-provisional">') == provisional
    assert "Specialist S01" in section and "Vladimir" in section and "Sees the specialist spaces" in section
    de = client.get("/games/red-cathedral/figures/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    section = de.split('id="rc-file-contractors"')[1].split("</section>")[0]
    assert "Modul Die Unternehmer" in section and "Spezialist S01" in section and "Wladimir" in section
    assert doc["method"][:40] not in section
