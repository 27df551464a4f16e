"""The replay: any step of a game rebuilt from checkpoints of its move log, on its page and in the API."""

import json
import re

import pytest
from django.test import Client

from games.services import replay_record
from games.services.engines import get_engine
from games.services.replay import canonical
from tests.factories import make_user
from tests.support.redis import needs_redis
from tests.support.replay import played_game

pytestmark = pytest.mark.django_db

GAMES = ["san-juan", "sankt-petersburg", "red-cathedral"]


def _client(user=None, language: str | None = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language) if language else Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("slug", GAMES)
def test_a_step_from_the_checkpoints_is_the_state_replayed_from_the_seed(slug):
    game = played_game(slug, [make_user("anna"), make_user("bea")])
    record = replay_record.record_of(game)
    every = replay_record.EVERY
    assert record.last == game.version > 3 * every
    for step in sorted({0, 1, every - 1, every, every + 1, 2 * every + 7, record.last - 1, record.last}):
        rebuilt = replay_record.state_at(game, record, step)
        assert canonical(rebuilt) == canonical(replay_record.state_from_seed(game, step)), step
    assert canonical(replay_record.state_at(game, record, record.last)) == canonical(game.state)
    # Stepping does not wear the record out: the same step twice is the same state.
    assert canonical(replay_record.state_at(game, record, every + 3)) == canonical(
        replay_record.state_at(game, record, every + 3)
    )


def test_the_record_is_built_once_per_version_of_the_game(django_assert_max_num_queries):
    game = played_game("san-juan", [make_user("anna"), make_user("bea")], moves=30)
    replay_record.forget()
    first = replay_record.record_of(game)
    with django_assert_max_num_queries(0):
        assert replay_record.record_of(game) is first
    replay_record.forget()
    assert replay_record.record_of(game).checkpoints == first.checkpoints  # from the cache
    game.version += 1
    assert replay_record.record_of(game) is not first


@needs_redis
def test_the_record_in_the_redis_cache_is_json_and_reads_back_whole(settings, django_assert_max_num_queries):
    from django.core.cache import cache

    settings.CACHES = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": settings.REDIS_URL}}
    cache.clear()
    game = played_game("san-juan", [make_user("anna"), make_user("bea")], moves=30)
    replay_record.forget()
    first = replay_record.record_of(game)
    replay_record.forget()  # another process
    with django_assert_max_num_queries(0):
        again = replay_record.record_of(game)
    assert again == first and again is not first
    client = cache._cache.get_client()
    keys = client.keys("*replay*")
    assert keys and all(client.get(key).startswith(b"json1:") for key in keys)
    cache.clear()


@pytest.mark.parametrize("slug", GAMES)
def test_the_page_shows_the_board_and_highlights_the_steps_log_lines(slug):
    anna = make_user("anna")
    game = played_game(slug, [anna, make_user("bea")])
    page = _client(anna).get(f"/games/{game.pk}/replay/?step=5").content.decode()
    assert 'id="replay-range"' in page and f'max="{game.version}"' in page and 'value="5"' in page
    assert 'class="board replay-board"' in page
    current = re.findall(r'<li value="\d+" data-step="(\d+)" class="current"', page)
    assert current and set(current) == {"5"}
    assert "data-move=" not in page  # read-only: no move buttons
    # The last step by default, and the board fragment alone for the page's script.
    assert f'value="{game.version}"' in _client(anna).get(f"/games/{game.pk}/replay/").content.decode()
    fragment = _client(anna).get(f"/games/{game.pk}/replay/?step=6", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-step="6"' in fragment and "replay-log" not in fragment and "<html" not in fragment


def test_the_first_step_is_the_set_up():
    anna = make_user("anna")
    game = played_game("sankt-petersburg", [anna, make_user("bea")], moves=10)
    body = _client(anna).get(f"/api/games/{game.pk}/steps/0/").json()
    engine = get_engine("sankt-petersburg")
    fresh = engine.setup(2, game.options, game.seed)
    assert body["step"] == 0 and body["seq"] is None and body["lines"] == []
    assert body["view"] == json.loads(json.dumps(engine.view(fresh, 0)))


@pytest.mark.parametrize(
    ("step", "status", "english", "german"),
    [
        (
            "abc",
            400,
            "The step must be a whole number from 0 to 12.",
            "Der Schritt muss eine ganze Zahl von 0 bis 12 sein.",
        ),
        (
            "-1",
            400,
            "The step must be a whole number from 0 to 12.",
            "Der Schritt muss eine ganze Zahl von 0 bis 12 sein.",
        ),
        (
            "13",
            404,
            "This game has no step 13; its steps run from 0 to 12.",
            "Diese Partie hat keinen Schritt 13; ihre Schritte gehen von 0 bis 12.",
        ),
    ],
)
def test_a_bad_step_is_refused_clearly_in_the_readers_language(step, status, english, german):
    game = played_game("san-juan", [make_user("anna"), make_user("bea")], moves=12)
    for language, text in (("en", english), ("de", german)):
        page = _client(None, language).get(f"/games/{game.pk}/replay/?step={step}")
        assert page.status_code == status and text in page.content.decode()
        api = _client(None, language).get(f"/api/games/{game.pk}/steps/{step}/")
        assert api.status_code == status and api.json()["detail"] == text
    # A German player reads it in German whatever the browser says.
    gerd = make_user("gerd", language="de")
    page = _client(gerd, "en").get(f"/games/{game.pk}/replay/?step={step}")
    assert page.status_code == status and german in page.content.decode()


def test_the_api_step_is_declared_in_the_schema():
    schema = _client().get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/games/{id}/steps/{step}/" in schema and "ReplayStep" in schema


def test_the_replay_is_linked_from_the_end_screen_my_games_and_the_profile():
    anna = make_user("anna")
    game = played_game("san-juan", [anna, make_user("bea")])
    link = f'href="/games/{game.pk}/replay/"'
    for url in (f"/games/{game.pk}/", "/my-games/", "/players/anna/"):
        assert link in _client(anna).get(url).content.decode(), url


def test_a_running_game_links_its_history():
    anna = make_user("anna", language="de")
    game = played_game("san-juan", [anna, make_user("bea")], moves=8)
    page = _client(anna, "de").get(f"/games/{game.pk}/").content.decode()
    assert f'href="/games/{game.pk}/replay/"' in page
    replay = _client(anna, "de").get(f"/games/{game.pk}/replay/").content.decode()
    assert "Die Partie läuft noch" in replay and "Schritt 8 von 8" in replay
