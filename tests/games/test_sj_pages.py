"""The San Juan board, its rules page and its German: decisions, secrets and texts as players see them."""

import copy
import random

import pytest
from django.utils import translation
from django.utils.translation import gettext

from games.models import Game
from games.rules.san_juan.cards import KINDS, ROLE_INFO
from games.rules.san_juan.labels import QUESTION_LABELS
from games.services import tables
from games.services.engines import get_engine
from games.services.log import render_event
from tests.factories import make_user

ENGINE = "san-juan"
# Words that are the same in both languages.
SAME = {"Indigo", "Bank", "Park", "Statue", "Bot", "{cards} behalten"}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _start(options=None, seed=7) -> tuple[Game, dict]:
    anna, bea = make_user("anna"), make_user("bea")
    game = tables.start_seated_game(ENGINE, [anna, bea], options or {}, seed=seed, rated=False)
    return game, {p.seat: p.user for p in game.players.select_related("user")}


def _store(game: Game, state: dict) -> None:
    game.state = state
    game.version += 1
    game.save(update_fields=["state", "version"])


def _play_until(game: Game, until, limit: int = 3000) -> Game:
    engine, rng = get_engine(ENGINE), random.Random(3)
    state = copy.deepcopy(game.state)
    for _ in range(limit):
        if until(state):
            _store(game, state)
            return game
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    raise AssertionError("the game did not reach the wanted point")


def _asked(state, key):
    return next(
        (
            s
            for s, p in enumerate(state["pend"])
            if p and p["k"] == "ask" and not p.get("ok") and p["qs"][0]["q"] == key
        ),
        None,
    )


def _page(client, game, user, lang):
    user.language = lang
    user.save(update_fields=["language"])
    client.force_login(user)
    with translation.override("en"):
        return client.get(f"/games/{game.pk}/board/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "en",
            [
                "Councillor phase: do you take part?",
                "Take no cards (decline the councillor&#x27;s action)",
                "San Juan rules",
            ],
        ),
        (
            "de",
            [
                "Ratsherrenphase: Nimmst du teil?",
                "Keine Karten nehmen (auf die Aktion des Ratsherrn verzichten)",
                "San-Juan-Regeln",
                "Karten ziehen und 1 behalten",
            ],
        ),
    ],
)
def test_the_councillor_question_is_a_clear_yes_no_decision(client, lang, words):
    game, users = _start()
    game = _play_until(game, lambda st: _asked(st, "council") is not None)
    seat = _asked(game.state, "council")
    page = _page(client, game, users[seat], lang)
    for word in words:
        assert word in page
    assert "Choose a card below, or:" not in page and ">archive<" not in page


@pytest.mark.django_db
def test_the_builder_phase_says_what_it_asks_in_german(client):
    game, users = _start()
    game = _play_until(game, lambda st: any(p and p["k"] == "build" for p in st["pend"]))
    seat = next(s for s, p in enumerate(game.state["pend"]) if p and p["k"] == "build")
    page = _page(client, game, users[seat], "de")
    assert "Baumeisterphase: Baue ein Gebäude aus deiner Hand" in page and "Nicht bauen" in page
    assert " bauen</button>" in page  # the buttons on the cards: "<building> bauen"


@pytest.mark.django_db
def test_other_players_do_not_see_chapel_cards_on_the_board(client):
    game, users = _start()
    state = copy.deepcopy(game.state)
    state["p"][0]["chapel"] = [state["deck"].pop(), state["deck"].pop()]
    _store(game, state)
    own = _page(client, game, users[0], "en")
    other = _page(client, game, users[1], "en")
    assert "Cards under the Chapel (only you see this until the end)" in own
    assert "Cards under the Chapel (only you see this until the end)" not in other
    assert client.get(f"/api/games/{game.pk}/").json()["view"]["players"][0]["chapel_count"] is None
    client.force_login(users[0])
    assert client.get(f"/api/games/{game.pk}/").json()["view"]["players"][0]["chapel_count"] == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lang, title, reading", [("en", "San Juan: rules", "Rule readings"), ("de", "San Juan: Regeln", "Regelauslegungen")]
)
def test_the_rules_page_in_both_languages(client, lang, title, reading):
    client.cookies["django_language"] = lang
    with translation.override(lang):
        page = client.get("/games/san-juan/rules/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert title in page and reading in page
    assert "ein solcher Spieler wird einfach übersprungen" in page  # the quoted line
    assert "das von noch keinem Spieler gebaut wurde" in page
    assert 'id="sj-b-goldsmith"' in page


@pytest.mark.django_db
def test_the_table_form_links_the_rules_page(client):
    client.force_login(make_user("cleo"))
    page = client.get("/tables/new/?game=san-juan").content.decode()
    assert 'href="/games/san-juan/rules/"' in page


def _engine_texts() -> set[str]:
    """Every message the engine shows: log lines, move labels, option texts, ∑ rows, names."""
    engine, texts = get_engine(ENGINE), set()
    for opt in engine.options:
        texts |= {opt.label, opt.help} | {label for _v, label in opt.choices}
    texts |= {k["en"] for k in KINDS} | {r["en"] for r in ROLE_INFO.values()} | {"sale"}
    texts |= {label for pair in QUESTION_LABELS.values() for label in pair}
    for players, options in ((2, {}), (3, {"expansion": True, "start_variant": True}), (4, {"edition": "1"})):
        for seed in range(3):
            st, rng = engine.setup(players, options, seed), random.Random(seed)
            while not engine.is_over(st):
                seat = rng.choice(engine.to_act(st))
                legal = engine.legal_moves(st, seat)
                texts |= {engine.move_label(st, seat, m)["msg"] for m in legal}
                st, events = engine.apply(st, seat, rng.choice(legal))
                texts |= {e["msg"] for e in events} | {
                    v for e in events for k, v in e["args"].items() if isinstance(v, str) and k != "seat"
                }
            for row in engine.result(st).stats:
                texts |= {row["label"], row["group"]}
    return texts


def test_every_text_of_the_engine_has_a_german_translation():
    with translation.override("de"):
        untranslated = {t for t in _engine_texts() if t and gettext(t) == t and t not in SAME}
    assert untranslated == set()


def test_building_names_follow_the_german_rules_text():
    with translation.override("de"):
        assert {k["en"]: gettext(k["en"]) for k in KINDS} == {k["en"]: k["de"] for k in KINDS}
        line = render_event(
            {
                "msg": "{seat} builds {building} (cost {cost}).",
                "args": {"seat": 0, "building": "Indigo plant", "cost": 1},
            },
            {0: "Anna"},
        )
    assert line == "Anna baut Indigoküperei (Kosten 1)."
