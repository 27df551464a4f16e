"""Sankt Petersburg through the platform: the table form, the move API, hidden hands."""

import json

import pytest
from rest_framework.test import APIClient

from games.models import Game, Table
from games.rules.sankt_petersburg.engine import FIVE_PLAYERS
from games.services import tables
from tests.factories import api_token, make_user

pytestmark = pytest.mark.django_db

FORM = {
    "game_slug": "sankt-petersburg",
    "create": "1",
    "opt_edition": "1",
    "opt_assignment_rule": "best",
    "time_control": "correspondence",
    "days_per_move": 3,
    "minutes_per_player": 20,
    "rated": "on",
    "bots": 0,
}


def api_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


def test_table_form_offers_the_options_and_gives_the_rules_reason(client):
    client.force_login(make_user("alice"))
    form = client.get("/tables/new/?game=sankt-petersburg").content.decode()
    for field in ('name="opt_edition"', 'name="opt_expansion"', 'name="opt_sp_plus"', 'name="opt_market"'):
        assert field in form
    refused = client.post("/tables/new/", {**FORM, "seats": 5})
    assert FIVE_PLAYERS in refused.content.decode().replace("&#x27;", "'")
    assert not Table.objects.exists()
    ok = client.post("/tables/new/", {**FORM, "seats": 5, "opt_expansion": "on"})
    table = Table.objects.get()
    assert ok.url == f"/tables/{table.pk}/"
    assert table.options == {
        "edition": "1",
        "expansion": True,
        "sp_plus": False,
        "banquet": False,
        "module2": False,
        "market": False,
        "helpers": False,
        "events": False,
        "assignments": False,
        "assignment_rule": "best",
        "obstacles": False,
    }


def test_a_game_over_the_api_keeps_hands_hidden():
    alice, bob = make_user("alice"), make_user("bob")
    table = tables.create_table(alice, "sankt-petersburg", 2, {"edition": "2"})
    tables.join_table(table.pk, bob)
    game = Game.objects.get(table=table)
    apis = {p.seat: api_for(p.user) for p in game.players.select_related("user")}
    url = f"/api/games/{game.pk}/moves/"
    version = 0
    # The first worker phase: only purchases, two workers each.
    while True:
        seat = game.state["turn"]
        data = apis[seat].get(f"/api/games/{game.pk}/").json()
        if not data["view"]["first_round"]:
            break
        assert {m["type"] for m in data["legal_moves"]} == {"buy"}
        move = data["legal_moves"][0]
        response = apis[seat].post(url, {"move": move, "version": version}, format="json")
        assert response.status_code == 201, response.json()
        version = response.json()["version"]
        game.refresh_from_db()
    assert [len(p["cards"]) for p in game.state["p"]] == [2, 2]
    seat = game.state["turn"]
    data = apis[seat].get(f"/api/games/{game.pk}/").json()
    take = next(m for m in data["legal_moves"] if m["type"] == "take")
    response = apis[seat].post(url, {"move": take, "version": version}, format="json")
    assert response.status_code == 201
    mine = apis[seat].get(f"/api/games/{game.pk}/").json()["view"]
    theirs = apis[1 - seat].get(f"/api/games/{game.pk}/").json()["view"]
    assert [c["id"] for c in mine["players"][seat]["hand"]] == [take["card"]]
    assert theirs["players"][seat]["hand"] is None and theirs["players"][seat]["hand_count"] == 1
    assert f'"{take["card"]}"' not in json.dumps(theirs)  # the whole id, not "b3" inside "b31"
    log = apis[1 - seat].get(f"/api/games/{game.pk}/log/").json()
    assert any("into hand" in line["text"] for line in log)
