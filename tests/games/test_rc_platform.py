"""Die Rote Kathedrale through the platform: table options, the solo game, bots, timeouts, ratings, the ∑ table."""

from __future__ import annotations

import html
import json
import random
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import translation

from games.models import Game, Move, Table
from games.services import tables, timeouts
from games.services.demo import load_demo
from games.services.engines import get_engine
from games.services.errors import TableError
from games.services.moves import submit_move
from games.views import options_text
from rankings.models import Rating
from tests.factories import api_token, make_user

pytestmark = pytest.mark.django_db

SLUG = "red-cathedral"
ENGINE = get_engine(SLUG)
FORM = {
    "game_slug": SLUG,
    "create": "1",
    "opt_side": "basic",
    "opt_craftsmen": "random",
    "opt_teamsters": "random",
    "opt_merchants": "random",
    "opt_guild": "clergy",
    "opt_clergy": "random",
    "time_control": "correspondence",
    "days_per_move": 3,
    "minutes_per_player": 20,
    "rated": "on",
    "bots": 0,
}


def page(client, url: str) -> str:
    return html.unescape(client.get(url).content.decode())


def play_seat(game: Game, until=lambda game: False, limit: int = 2000) -> Game:
    """The people play their turns with the bot's choices through the move service, until ``until`` holds."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or until(game):
            return game
        seat = ENGINE.to_act(game.state)[0]
        player = game.players.select_related("user").get(seat=seat)
        move = ENGINE.bot_move(game.state, seat, random.Random(f"{game.pk}:{game.version}"))
        submit_move(game.pk, player.user, move, version=game.version)
    raise AssertionError("the game did not get there")


# --- the table form and the options --------------------------------------------------------------


@pytest.mark.parametrize(
    "language, expected",
    [
        (
            "en",
            [
                "Workshop side",
                "Basic side",
                "Extended side",
                "a solo game against Iwan",
                "Craftsmen's guild: influence card",
                "Teamsters' guild: influence card",
                "Merchants' guild: influence card",
                "Fourth group: influence card",
                "Fourth group",
                "Managers' guild",
                "random card",
                "card 2",
                "frees the ornament",
                "“(Merchants 1, Clergy)”",
                "The Contractors module (Die Unternehmer)",
                "send contractors to the cities around Moscow",
            ],
        ),
        (
            "de",
            [
                "Seite der Werkstatt-Tableaus",
                "Basis-Seite",
                "Erweiterte Seite",
                "Solo-Partie gegen Iwan",
                "Gilde der Handwerker: Einflusskarte",
                "Gilde der Fuhrleute: Einflusskarte",
                "Gilde der Händler: Einflusskarte",
                "Vierte Gruppe: Einflusskarte",
                "Vierte Gruppe",
                "Gilde der Manager",
                "zufällige Karte",
                "Karte 2",
                "gibt die Verzierung frei",
                "„(Händler 1, Klerus)“",
                "Modul „Die Unternehmer“",
                "Entsende Unternehmer gegen Genehmigungen in die Städte rund um Moskau",
            ],
        ),
    ],
)
def test_the_table_form_shows_every_option_with_its_help(client, language, expected):
    client.force_login(make_user("alice", language=language))
    form = page(client, f"/tables/new/?game={SLUG}")
    for field in ("opt_side", "opt_craftsmen", "opt_teamsters", "opt_merchants", "opt_clergy"):
        assert f'name="{field}"' in form
    assert 'type="checkbox" name="opt_contractors"' in form and 'name="opt_contractors" checked' not in form
    for text in expected:
        assert text in form, text
    clergy = next(o for o in ENGINE.options if o.name == "clergy")
    assert "solo game" not in clergy.help  # the clergy's help is about the clergy


def test_each_option_kind_is_stored_from_the_form(client):
    client.force_login(make_user("alice"))
    response = client.post(
        "/tables/new/", {**FORM, "seats": 3, "opt_side": "extended", "opt_teamsters": "3", "opt_clergy": "1"}
    )
    table = Table.objects.get()
    assert response.url == f"/tables/{table.pk}/"
    assert table.options == {
        "side": "extended",
        "craftsmen": "random",
        "teamsters": "3",
        "merchants": "random",
        "guild": "clergy",
        "clergy": "1",
        "contractors": False,
        "special_tiles": False,
    }
    assert table.seats == 3 and table.status == Table.Status.OPEN


@pytest.mark.parametrize(
    "seats, options, reason",
    [
        (0, {}, "Die Rote Kathedrale is played by 1 to 4 players (1: alone against Iwan)."),
        (5, {}, "Die Rote Kathedrale is played by 1 to 4 players (1: alone against Iwan)."),
        (2, {"side": "advanced"}, "Choose the basic or the extended side of the workshops."),
        (2, {"craftsmen": "4"}, "Choose influence card 1, 2 or 3 of the craftsmen's guild, or a random one."),
        (2, {"teamsters": 0}, "Choose influence card 1, 2 or 3 of the teamsters' guild, or a random one."),
        (2, {"merchants": True}, "Choose influence card 1, 2 or 3 of the merchants' guild, or a random one."),
        (
            1,
            {"clergy": "archivists"},
            "Choose influence card 1, 2 or 3 of the fourth group, or a random one.",
        ),
        (2, {"contractors": "yes"}, "The Contractors module is either played (true) or not (false)."),
        (
            3,
            {"thieves": True},
            "Die Rote Kathedrale has no such option: choose the workshop side, the fourth group, the four "
            "influence cards, whether the Contractors module is played and whether the special workshop tiles are.",
        ),
        (
            2,
            {"guild": "pirates"},
            "Choose the clergy, one of the expansion's guilds or a random guild as the fourth group.",
        ),
        (
            2,
            {"guild": "entrepreneurs"},
            "The Entrepreneurs' guild plays only with the Contractors module: choose the module or another group.",
        ),
        (
            2,
            {"guild": "random", "clergy": "2"},
            "A random guild plays a random card: choose a guild to choose its card.",
        ),
    ],
)
def test_bad_options_are_refused_with_the_reason(seats, options, reason):
    alice = make_user("alice")
    with pytest.raises(TableError) as refused:
        tables.create_table(alice, SLUG, seats, options)
    assert refused.value.message == reason
    assert not Table.objects.exists()


def test_refusals_come_in_the_readers_language_over_the_api():
    from rest_framework.test import APIClient

    api = APIClient()
    token = api_token(make_user("alice", language="de"))
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    refused = api.post("/api/tables/", {"game_slug": SLUG, "seats": 2, "options": {"clergy": "7"}}, format="json")
    assert refused.status_code == 400 and not Table.objects.exists()
    assert refused.json()["detail"] == "Wähle Einflusskarte 1, 2 oder 3 der vierten Gruppe oder eine zufällige."
    catalog = next(e for e in api.get("/api/catalog/").json() if e["slug"] == SLUG)
    assert catalog["players_help"].startswith("1 Spieler: Solo-Partie gegen Iwan")
    side = next(o for o in catalog["options"] if o["name"] == "side")
    assert side["label"] == "Seite der Werkstatt-Tableaus" and ["extended", "Erweiterte Seite"] in side["choices"]
    made = api.post("/api/tables/", {"game_slug": SLUG, "seats": 3, "options": {"merchants": "1"}}, format="json")
    assert made.status_code == 201 and made.json()["description"] == "(Händler 1, Klerus)"


@pytest.mark.parametrize(
    "options, english, german",
    [
        ({}, "(Clergy)", "(Klerus)"),
        ({"merchants": "1"}, "(Merchants 1, Clergy)", "(Händler 1, Klerus)"),
        (
            {"craftsmen": "2", "teamsters": "3", "clergy": "1", "side": "extended"},
            "(Craftsmen 2, Teamsters 3, Clergy 1)",
            "(Handwerker 2, Fuhrleute 3, Klerus 1)",
        ),
        (
            {"craftsmen": "1", "teamsters": "1", "merchants": "1", "clergy": "3"},
            "(Craftsmen 1, Teamsters 1, Merchants 1, Clergy 3)",
            "(Handwerker 1, Fuhrleute 1, Händler 1, Klerus 3)",
        ),
        (
            {"merchants": "1", "contractors": True},
            "(Merchants 1, Clergy, Contractors module)",
            "(Händler 1, Klerus, Modul Die Unternehmer)",
        ),
        ({"contractors": False}, "(Clergy)", "(Klerus)"),
    ],
)
def test_the_description_reads_like_the_invitation_text_of_the_rules(options, english, german):
    normalized = ENGINE.normalize_options(2, options)
    with translation.override("en"):
        assert options_text(SLUG, normalized) == english
    with translation.override("de"):
        assert options_text(SLUG, normalized) == german


def test_lobby_table_page_and_my_games_show_the_description_in_both_languages(client):
    alice, bob = make_user("alice", language="de"), make_user("bob")
    open_table = tables.create_table(bob, SLUG, 3, {"merchants": "1", "side": "extended"})
    running = tables.create_table(alice, SLUG, 2, {"craftsmen": "2", "clergy": "3"})
    tables.join_table(running.pk, bob)
    client.force_login(alice)
    lobby = page(client, "/")
    assert "Die Rote Kathedrale" in lobby and "(Händler 1, Klerus)" in lobby
    table_page = page(client, f"/tables/{open_table.pk}/")
    assert "(Händler 1, Klerus)" in table_page and "Erweiterte Seite" in table_page and "Karte 1" in table_page
    game = Game.objects.get(table=running)
    assert "(Handwerker 2, Klerus 3)" in page(client, "/my-games/")
    assert "(Handwerker 2, Klerus 3)" in page(client, f"/games/{game.pk}/")
    client.force_login(bob)
    assert "(Merchants 1, Clergy)" in page(client, "/")
    assert "(Craftsmen 2, Clergy 3)" in page(client, "/my-games/")
    assert "(Craftsmen 2, Clergy 3)" in page(client, f"/players/{bob.username}/")


# --- the solo game --------------------------------------------------------------------------------


def test_a_solo_table_starts_when_its_creator_sits_and_is_unrated(client):
    alice = make_user("alice", language="de")
    table = tables.create_table(alice, SLUG, 1, {"side": "extended"}, rated=True)
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED and not table.rated
    game = Game.objects.get(table=table)
    assert not game.rated and game.players.count() == 1 and game.state["solo"]
    assert game.players.get().must_act  # the person begins; Iwan is played by the engine
    client.force_login(alice)
    my_games = page(client, "/my-games/")
    assert f"Die Rote Kathedrale #{game.pk}" in my_games and "Iwan" in my_games


def test_a_solo_game_against_iwan_is_played_to_the_end_with_iwans_column(client, django_capture_on_commit_callbacks):
    alice = make_user("alice")
    with django_capture_on_commit_callbacks(execute=True):
        game = tables.start_seated_game(SLUG, [alice], {"merchants": "1"}, seed=3)
    # Iwan's open choices are the person's to make: the person's seat acts while a choice is pending.
    game = play_seat(game, until=lambda g: bool(g.state["pend"]))
    assert ENGINE.to_act(game.state) == [0] and game.players.get().must_act
    assert {m["type"] for m in ENGINE.legal_moves(game.state, 0)} <= {"iwan_claim", "iwan_ornament"}
    with django_capture_on_commit_callbacks(execute=True):
        game = play_seat(game)
    assert game.status == Game.Status.FINISHED and not game.rated
    assert Move.objects.filter(game=game, payload__type__startswith="iwan_").exists()
    result = game.result
    assert result["details"]["columns"] == ["Iwan"]
    total = next(row for row in result["stats"] if row["group"] == "total")
    mine, iwans = total["values"]
    assert mine == result["scores"][0] == game.players.get().score
    assert iwans == result["details"]["iwan_score"]
    assert game.players.get().rank == (1 if mine >= iwans else 2)
    assert not Rating.objects.exists()
    client.force_login(alice)
    text = page(client, f"/games/{game.pk}/")
    assert "Statistics" in text and ">Iwan</th>" in text
    for label in ("Completed sections", "Towers", "Total"):
        assert label in text


def test_a_lost_solo_game_ranks_the_person_behind_iwan():
    from games.services.results import final_ranks, seatless_standings

    assert final_ranks([2], set(), others=1) == [2]
    assert final_ranks([1], set(), others=1) == [1]
    assert final_ranks([1], {0}, others=1) == [2]
    result = {
        "ranks": [2],
        "details": {"columns": ["Iwan"]},
        "stats": [{"label": "Total", "values": [30, 41], "group": "total"}],
    }
    assert seatless_standings(result, 1) == [{"name": "Iwan", "rank": 1, "score": 41}]
    result["ranks"] = [1]
    assert seatless_standings(result, 1)[0]["rank"] == 2


def test_resigning_a_solo_game_loses_it_to_iwan():
    from games.services import play

    alice = make_user("alice")
    game = Game.objects.get(table=tables.create_table(alice, SLUG, 1))
    play.resign(game.pk, alice)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.players.get().rank == 2


# --- bots, ratings, the ∑ table --------------------------------------------------------------------


def test_bots_fill_the_empty_seats_and_play_until_the_person_acts(django_capture_on_commit_callbacks):
    alice = make_user("alice")
    with django_capture_on_commit_callbacks(execute=True):
        table = tables.create_table(alice, SLUG, 4, {"side": "extended"}, bots=3, rated=False)
    game = Game.objects.get(table=table)
    me = game.players.get(user=alice)
    assert game.players.filter(is_bot=True).count() == 3
    assert ENGINE.to_act(game.state) == [me.seat]
    assert Move.objects.filter(game=game).count() == game.version
    assert all(m.by_bot for m in Move.objects.filter(game=game))


# --- timeouts -------------------------------------------------------------------------------------


def _time_out(game: Game) -> list[Move]:
    """The moves one timeout played."""
    player = game.players.get(must_act=True)
    version = Game.objects.get(pk=game.pk).version
    assert timeouts.apply_timeout(player.pk, player.deadline, player.deadline + timedelta(seconds=1))
    return list(Move.objects.filter(game=game, seq__gt=version).order_by("seq"))


@pytest.mark.parametrize("stage", ["main", "market", "build", "iwan"])
def test_a_timeout_plays_the_engines_move_for_every_kind_of_decision(stage, django_capture_on_commit_callbacks):
    alice, bob = make_user("alice"), make_user("bob")
    if stage == "iwan":
        game = tables.start_seated_game(SLUG, [alice], seed=3)
        reached = lambda g: bool(g.state["pend"])  # noqa: E731
    else:
        game = tables.start_seated_game(SLUG, [alice, bob], seed=5)
        reached = lambda g: not g.state["pend"] and g.state["turn"]["stage"] == stage  # noqa: E731
    game = play_seat(game, until=reached)
    state_before = json.loads(json.dumps(game.state))
    seat = ENGINE.to_act(game.state)[0]
    expected = ENGINE.timeout_move(state_before, seat)
    with django_capture_on_commit_callbacks(execute=True):
        first, *rest = _time_out(game)
    assert first.payload == expected and first.seat == seat and first.by_bot
    assert first.events[0]["timeout"] is True
    # The rest of the turn is played too, so that its next decision does not time out again.
    assert all(m.seat == seat and m.by_bot and not any(e.get("timeout") for e in m.events) for m in rest)
    game.refresh_from_db()
    assert not ENGINE.turn_goes_on(game.state, seat)
    if stage in ("main", "market", "build"):
        assert (first.payload if not rest else rest[-1].payload)["type"] == "end"
    player = game.players.get(seat=seat)
    assert player.timeouts == 1 and not player.bot_took_over


def test_the_second_timeout_hands_the_solo_seat_to_a_bot_that_plays_to_the_end(django_capture_on_commit_callbacks):
    alice = make_user("alice")
    game = tables.start_seated_game(SLUG, [alice], seed=2)
    with django_capture_on_commit_callbacks(execute=True):
        _time_out(game)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    with django_capture_on_commit_callbacks(execute=True):
        _time_out(game)
    game.refresh_from_db()
    player = game.players.get()
    assert player.bot_took_over and player.timeouts == 2
    assert game.status == Game.Status.FINISHED  # the bot played every decision, Iwan's choices too
    assert player.rank == 2  # timed out twice: behind Iwan


# --- demo data and play_bots ----------------------------------------------------------------------


def test_the_demo_data_has_rote_kathedrale_tables():
    users, created = load_demo()
    assert created > 0
    rc = Table.objects.filter(game_slug=SLUG)
    assert rc.filter(seats=1, status=Table.Status.STARTED).exists()
    assert rc.filter(status=Table.Status.OPEN, options__merchants="1", options__side="extended").exists()
    assert Game.objects.filter(game_slug=SLUG, players__is_bot=True).exists()


def test_play_bots_plays_a_solo_game_and_names_iwans_score():
    out = StringIO()
    call_command("play_bots", SLUG, "--players", "1", "--games", "1", "--seed", "4", stdout=out)
    line, summary = [json.loads(x) for x in out.getvalue().splitlines()]
    game = Game.objects.get(pk=line["game_id"])
    assert line["moves"] == Move.objects.filter(game=game).count() == game.version
    (iwan,) = line["engine_opponents"]
    assert iwan["name"] == "Iwan" and iwan["score"] == game.result["details"]["iwan_score"]
    assert summary["wins_by_seat"] == [1 if line["ranks"] == [1] else 0]
