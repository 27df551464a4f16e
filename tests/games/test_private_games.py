"""Games of invited-only tables are read only by their players, the owner and those invited; to
everyone else every way of reading them answers as a game that does not exist."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import get_messages
from django.db.models import Max
from django.test import Client
from rest_framework.test import APIClient

from games.models import ChatMessage, Game
from games.routing import websocket_urlpatterns
from games.services import audience, play, tables
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PAGES = ["/games/{id}/", "/games/{id}/board/", "/games/{id}/chat/"]
API_READS = ["/api/games/{id}/", "/api/games/{id}/legal-moves/", "/api/games/{id}/log/", "/api/games/{id}/chat/"]


def private_game() -> Game:
    """alice opened an invited-only table for two and invited bob (who sat down) and carol (who did not)."""
    alice, bob = make_user("alice"), make_user("bob")
    make_user("carol")
    make_user("dave")  # an outsider
    table = tables.create_table(alice, "toy", 2, {}, invited_only=True)
    tables.invite(table.pk, alice, "bob")
    tables.invite(table.pk, alice, "carol")
    tables.join_table(table.pk, bob)
    game = Game.objects.get(table=table)
    play.post_chat(game, bob, "secret plans")
    return game


def page_client(username: str | None) -> Client:
    client = Client()
    if username:
        from django.contrib.auth import get_user_model

        client.force_login(get_user_model().objects.get(username=username))
    return client


def api_client(username: str | None) -> APIClient:
    client = APIClient()
    if username:
        from django.contrib.auth import get_user_model

        client.force_authenticate(get_user_model().objects.get(username=username))
    return client


def missing_id() -> int:
    return (Game.objects.aggregate(m=Max("pk"))["m"] or 0) + 1


def test_a_private_game_is_marked_private_and_an_open_one_is_not():
    game = private_game()
    assert game.private
    open_table = tables.create_table(game.players.get(seat=0).user, "toy", 2, {})
    tables.join_table(open_table.pk, make_user("erin"))
    assert not Game.objects.get(table=open_table).private


@pytest.mark.parametrize("path", PAGES)
def test_pages_of_a_private_game_are_for_its_players_and_invited_only(path):
    game = private_game()
    for reader in ("alice", "bob", "carol"):
        response = page_client(reader).get(path.format(id=game.pk))
        assert response.status_code == 200, reader
    for stranger in ("dave", None):
        response = page_client(stranger).get(path.format(id=game.pk))
        assert response.status_code == 404, stranger
        assert b"secret plans" not in response.content


@pytest.mark.parametrize("path", API_READS)
def test_the_api_of_a_private_game_answers_strangers_as_for_a_missing_game(path):
    game = private_game()
    for reader in ("alice", "bob", "carol"):
        assert api_client(reader).get(path.format(id=game.pk)).status_code == 200, reader
    missing = api_client("dave").get(path.format(id=missing_id()))
    assert missing.status_code == 404
    for stranger in ("dave", None):
        response = api_client(stranger).get(path.format(id=game.pk))
        assert response.status_code == 404, stranger
        assert response.json() == missing.json()


def test_the_chat_of_a_private_game_shows_its_lines_to_readers_only():
    game = private_game()
    assert "secret plans" in [m["text"] for m in api_client("carol").get(f"/api/games/{game.pk}/chat/").json()]
    assert b"secret plans" in page_client("carol").get(f"/games/{game.pk}/").content


def test_strangers_cannot_move_chat_or_resign_in_a_private_game_and_learn_nothing():
    game = private_game()
    dave = api_client("dave")
    before = Game.objects.get(pk=game.pk).version
    for pk in (game.pk, missing_id()):
        move = dave.post(f"/api/games/{pk}/moves/", {"move": {"type": "pass"}, "version": 0}, format="json")
        chat = dave.post(f"/api/games/{pk}/chat/", {"text": "hello"}, format="json")
        resign = dave.post(f"/api/games/{pk}/resign/")
        assert (move.status_code, chat.status_code, resign.status_code) == (404, 404, 404), pk
        assert move.json()["code"] == chat.json()["code"] == resign.json()["code"] == "not_found"
    anonymous = api_client(None)
    for path in ("/api/games/{id}/moves/", "/api/games/{id}/chat/", "/api/games/{id}/resign/"):
        hidden = anonymous.post(path.format(id=game.pk), {}, format="json")
        missing = anonymous.post(path.format(id=missing_id()), {}, format="json")
        assert hidden.status_code == missing.status_code and hidden.status_code in (401, 403), path
        assert hidden.json() == missing.json()
    # A stale version would have told the game's version: the audience is checked first.
    stale = dave.post(f"/api/games/{game.pk}/moves/", {"move": {"type": "pass"}, "version": 7}, format="json")
    assert stale.status_code == 404
    assert Game.objects.get(pk=game.pk).version == before
    assert ChatMessage.objects.filter(game=game).count() == 1


def test_a_stranger_resigning_on_the_page_of_a_private_game_hears_what_a_missing_game_says():
    game = private_game()
    hidden = page_client("dave").post(f"/games/{game.pk}/resign/")
    missing = page_client("dave").post(f"/games/{missing_id()}/resign/")
    assert hidden.status_code == missing.status_code == 302
    said = [[str(m) for m in get_messages(r.wsgi_request)] for r in (hidden, missing)]
    assert said[0] == said[1] == ["There is no such game."]
    assert not Game.objects.get(pk=game.pk).players.filter(resigned=True).exists()


def test_players_of_a_private_game_still_move_and_chat():
    game = private_game()
    alice = api_client("alice")
    seat = game.players.get(user__username="alice").seat
    version = Game.objects.get(pk=game.pk).version
    view = alice.get(f"/api/games/{game.pk}/").json()
    assert view["seat"] == seat
    if seat in view["to_act"]:
        moved = alice.post(
            f"/api/games/{game.pk}/moves/", {"move": {"type": "pass"}, "version": version}, format="json"
        )
        assert moved.status_code == 201
    assert alice.post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json").status_code == 201
    # Carol was invited but has no seat: she reads, she does not chat.
    assert api_client("carol").post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json").status_code == 403


def test_a_guessed_id_of_a_private_game_answers_as_a_missing_one_on_every_page():
    game = private_game()
    dave = page_client("dave")
    for path in PAGES:
        hidden_path, missing_path = path.format(id=game.pk), path.format(id=missing_id())
        hidden, missing = dave.get(hidden_path), dave.get(missing_path)
        assert hidden.status_code == missing.status_code == 404
        # The pages differ in the path they name, and in nothing else.
        assert hidden.content.replace(hidden_path.encode(), b"") == missing.content.replace(missing_path.encode(), b"")


def test_a_profile_lists_a_private_game_only_to_those_who_may_read_it():
    game = private_game()
    link = f"/games/{game.pk}/".encode()
    assert link in page_client("carol").get("/players/alice/").content
    assert link in page_client("alice").get("/players/alice/").content
    assert link not in page_client("dave").get("/players/alice/").content
    assert link not in page_client(None).get("/players/alice/").content


def test_the_rule_as_a_filter_and_for_one_game_agree():
    game = private_game()
    from django.contrib.auth import get_user_model

    users = [*get_user_model().objects.all(), AnonymousUser()]
    for user in users:
        in_filter = Game.objects.filter(audience.readers(user), pk=game.pk).exists()
        assert in_filter == audience.may_read(game, user), user


def test_tournament_games_are_as_public_as_their_tournament():
    alice, bob = make_user("alice"), make_user("bob")
    public = tables.start_seated_game("toy", [alice, bob], seed=1)
    assert not public.private
    for stranger in ("", None):
        assert page_client(stranger or None).get(f"/games/{public.pk}/").status_code == 200
        assert api_client(stranger or None).get(f"/api/games/{public.pk}/log/").status_code == 200
    organiser = make_user("olga")
    hidden = tables.start_seated_game("toy", [alice, bob], seed=2, private=True, readers=(organiser, alice))
    assert hidden.private
    assert page_client("olga").get(f"/games/{hidden.pk}/").status_code == 200
    assert page_client("bob").get(f"/games/{hidden.pk}/").status_code == 200
    assert page_client(None).get(f"/games/{hidden.pk}/").status_code == 404


def test_an_invited_only_tournaments_games_are_read_by_those_who_see_the_tournament():
    from datetime import timedelta

    from django.utils import timezone

    from rankings.services import tournaments

    olga, ann, ben = make_user("olga"), make_user("ann"), make_user("ben")
    make_user("cid")
    now = timezone.now()
    t = tournaments.create_tournament(
        olga,
        name="Closed cup",
        game_slug="toy",
        starts_at=now + timedelta(hours=1),
        registration_opens=now - timedelta(hours=1),
        invited_only=True,
    )
    for name in ("ann", "ben", "cid"):
        tournaments.invite(t.pk, olga, name)
    tournaments.register(t.pk, ann)
    tournaments.register(t.pk, ben)
    tournaments.start(t.pk, by=olga)
    game = Game.objects.get(tournament_pairing__round__tournament=t)
    assert game.private
    for reader in ("olga", "ann", "ben", "cid"):
        assert page_client(reader).get(f"/games/{game.pk}/").status_code == 200, reader
    assert page_client(make_user("dora").username).get(f"/games/{game.pk}/").status_code == 404
    assert page_client(None).get(f"/games/{game.pk}/").status_code == 404


def _socket(game_id: int, user) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/")
    comm.scope["user"] = user
    return comm


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_socket_of_a_private_game_refuses_strangers_as_for_a_missing_game():
    game = await database_sync_to_async(private_game)()
    from django.contrib.auth import get_user_model

    users = await database_sync_to_async(lambda: {u.username: u for u in get_user_model().objects.all()})()
    for reader in ("alice", "bob", "carol"):
        comm = _socket(game.pk, users[reader])
        connected, _ = await comm.connect()
        assert connected, reader
        assert (await comm.receive_json_from())["type"] == "version"
        await comm.disconnect()
    closes = []
    for user, game_id in ((users["dave"], game.pk), (AnonymousUser(), game.pk), (users["dave"], game.pk + 1000)):
        comm = _socket(game_id, user)
        connected, code = await comm.connect()
        assert not connected
        closes.append(code)
    assert closes[0] == closes[1] == closes[2] == 4404


def test_reading_a_private_game_costs_one_query_more_and_a_public_one_none():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = private_game()
    alice = api_client("alice")
    with CaptureQueriesContext(connection) as queries:
        assert alice.get(f"/api/games/{game.pk}/").status_code == 200
    statements = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    # The game, the audience check, the seats (the test client signs in without a token query).
    assert len(statements) <= 3, "\n".join(statements)
    Game.objects.filter(pk=game.pk).update(private=False)
    with CaptureQueriesContext(connection) as queries:
        assert alice.get(f"/api/games/{game.pk}/").status_code == 200
    assert len([q for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]) <= 2


def test_a_rating_history_leaves_out_the_id_of_a_game_the_viewer_may_not_read(django_capture_on_commit_callbacks):
    from tests.rankings.helpers import play_out

    alice, bob = make_user("alice"), make_user("bob")
    carol = make_user("carol")
    with django_capture_on_commit_callbacks(execute=True):
        hidden = play_out(tables.start_seated_game("toy", [alice, bob], seed=3, private=True, readers=(carol,)))
        public = play_out(tables.start_seated_game("toy", [alice, bob], seed=4))

    def history_ids(viewer):
        return [
            h["game_id"]
            for g in api_client(viewer).get("/api/rankings/players/alice/").json()["games"]
            for h in g["history"]
        ]

    assert history_ids("alice") == history_ids("bob") == history_ids("carol") == [hidden.pk, public.pk]
    make_user("dave")
    assert history_ids("dave") == history_ids(None) == [None, public.pk]
    page = page_client("dave").get("/rankings/players/alice/").content
    assert f"/games/{hidden.pk}/".encode() not in page and f"/games/{public.pk}/".encode() in page
    assert f"/games/{hidden.pk}/".encode() in page_client("carol").get("/rankings/players/alice/").content
