"""A German player sees no English message anywhere: pages, boards, logs, form errors, API errors, emails.

Every URL pattern of the site is visited (a new page must be added to ``PATHS`` or to ``NOT_PAGES``
with its reason), as a player whose language is German and, where a page is public, anonymously
with ``Accept-Language: de``. The boards of every game are shown at the start, in the middle and at
the end (with the ∑ table), with several option sets, each to the player who is to act, together
with the moves offered there (the legal-moves API) and the log. Every form is sent invalid, the
API is asked for its errors, and every email the site sends is written. Any visible text that is
an English msgid of the catalogs whose German differs fails the test (see tests/support/english.py),
named with the page, form, answer or email it appeared in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from allauth.account.forms import default_token_generator as allauth_tokens
from allauth.account.utils import user_pk_to_url_str
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from django.utils.http import urlsafe_base64_encode

from games.models import Game, Player
from games.services import tables, timeouts
from games.services.bots import play_bot_turns
from games.services.engines import get_engine
from notifications.services import unsubscribe
from rankings.services import ratings, tournaments
from tests.factories import make_user
from tests.support.english import english_in, visible_texts

pytestmark = pytest.mark.django_db(transaction=False)

# Option sets of each game: the boards, logs, ∑ tables and table pages of each are checked.
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("san-juan", 2, {}),
    ("san-juan", 3, {"edition": "1", "expansion": True, "start_variant": True}),
    (
        "sankt-petersburg",
        3,
        {
            "edition": "2",
            "market": True,
            "helpers": True,
            "events": True,
            "assignments": True,
            "obstacles": True,
            "banquet": True,
            "module2": True,
        },
    ),
    ("sankt-petersburg", 2, {"edition": "1", "expansion": True}),
    ("red-cathedral", 2, {"side": "extended", "merchants": "1", "clergy": "2"}),
    ("red-cathedral", 1, {}),
]
SNAPSHOTS = 3  # boards shown between the start and the end of each game
# Keys of API answers whose values people read (the rest is data: keys, figures, both languages' names).
TEXT_KEYS = {"label", "text", "detail", "errors", "help", "players_help", "description"}
# URL patterns that are no page a person reads (or are visited below under their own heading).
NOT_PAGES = {
    "favicon",
    "health",
    "set_language",
    "logout",
    "open",
    "read-all",
    "lobby-tables",
    "my-turns",
    "game-chat",
    "game-resign",
    "tournament-action",
    "table-action",
    "settings-data",  # a JSON file to download, not a page
    "settings-token-revoke",  # answers a form post only
    "webapp-manifest",  # JSON for the browser; its German name: tests/notifications/test_push.py
    "service-worker",  # a script
    "push-subscribe",  # JSON answers to the settings page's script
    "push-forget",
    "push-choose",  # answer form posts only
    "push-remove",
}


@dataclass
class World:
    anna: Any
    boris: Any
    clara: Any
    games: list[Game] = field(default_factory=list)
    open_tables: list[int] = field(default_factory=list)
    tournament: int = 0


def _german(*names: str) -> list:
    """German players: the first gets an email for every turn, the last a daily digest."""
    choices = ["immediate"] + ["never"] * (len(names) - 2) + ["digest"]
    return [make_user(name, language="de", turn_email=choice) for name, choice in zip(names, choices)]


def _hand_over(game: Game, bots: bool) -> None:
    Player.objects.filter(game=game, user__isnull=False).update(bot_took_over=bots)


def _to_act_user(game: Game):
    game.refresh_from_db()
    seats = get_engine(game.game_slug).to_act(game.state) if game.status == Game.Status.ACTIVE else []
    player = Player.objects.filter(game=game, seat__in=seats, user__isnull=False).select_related("user").first()
    return player.user if player else None


class Reader:
    """Collects what a German reader would see, with the place it appeared."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.visited: set[str] = set()
        self.pages = 0

    def html(self, where: str, html: str) -> None:
        self.pages += 1
        self.found += english_in(visible_texts(html), where)

    def response(self, where: str, response) -> None:
        kind = response.get("Content-Type", "")
        if "html" in kind:
            self.html(where, response.content.decode())
        elif "json" in kind:
            self.json(where, response.json())

    def json(self, where: str, data: Any) -> None:
        """The texts of an API answer meant for people: labels, log lines, error messages."""
        texts: list[str] = []

        def walk(value: Any, shown: bool) -> None:
            if isinstance(value, dict):
                for key, item in value.items():
                    walk(item, shown or key in TEXT_KEYS)
            elif isinstance(value, list):
                for item in value:
                    walk(item, shown)
            elif shown and isinstance(value, str) and value.strip():
                texts.append(" ".join(value.split()))

        walk(data, False)
        self.found += english_in(texts, where)


def _seed() -> World:
    anna, boris, clara = _german("anna", "boris", "clara")
    world = World(anna, boris, clara)
    for slug, seats, options in GAMES:
        people = [anna, boris, clara][:seats]
        world.games.append(tables.start_seated_game(slug, people, options, seed=7))
        table = tables.create_table(clara, slug, max(seats, 2), options)
        world.open_tables.append(table.pk)
    return world


def _boards(client, reader: Reader, world: World, capture) -> None:
    """Every game from its start to its end, as the player to act sees it, with its moves and log."""
    for game in world.games:
        total = _length(game)
        step = max(1, total // (SNAPSHOTS + 1))
        shown = 0
        while True:
            user = _to_act_user(game) or world.anna
            client.force_login(user)
            where = f"board {game.game_slug} {game.options} after {shown} moves"
            for path in (
                f"/games/{game.pk}/",
                f"/games/{game.pk}/board/",
                f"/api/games/{game.pk}/legal-moves/",
                f"/api/games/{game.pk}/log/",
            ):
                reader.response(f"{where} {path}", client.get(path, HTTP_ACCEPT_LANGUAGE="de"))
            if game.status != Game.Status.ACTIVE:
                break
            with capture(execute=True):
                _hand_over(game, True)
                shown += play_bot_turns(game.pk, max_moves=step)
                _hand_over(game, False)
            game.refresh_from_db()


def _length(game: Game) -> int:
    """How many moves a bot game of these options takes (a replay of the same seed, engine only)."""
    import random

    engine = get_engine(game.game_slug)
    state, moves = json.loads(json.dumps(game.state)), 0
    rnd = random.Random(1)
    while not engine.is_over(state) and moves < 5000:
        seat = engine.to_act(state)[0]
        state, _events = engine.apply(state, seat, engine.bot_move(state, seat, rnd))
        moves += 1
    return moves


def _url_patterns(resolver=None, prefix: str = "") -> list[tuple[str, str]]:
    out = []
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            if not str(p.pattern).startswith(("admin", "api")):
                out += _url_patterns(p, prefix + str(p.pattern))
        elif isinstance(p, URLPattern) and p.name:
            out.append((p.name, prefix + str(p.pattern)))
    return out


def _paths(world: World) -> dict[str, list[str]]:
    """Paths of each named page, with the objects of the seeded world."""
    finished = [g for g in world.games if g.status == Game.Status.FINISHED]
    slugs = ("san-juan", "sankt-petersburg", "red-cathedral")
    uid = urlsafe_base64_encode(str(world.boris.pk).encode())
    return {
        "lobby": ["/"],
        "new-table": ["/tables/new/"] + [f"/tables/new/?game={slug}" for slug in slugs],
        "table": [f"/tables/{pk}/" for pk in world.open_tables],
        "game": [f"/games/{g.pk}/" for g in finished[:1]],
        "game-board": [f"/games/{g.pk}/board/" for g in finished[:1]],
        # Every finished game's replay (all hands shown) early, midway and at the end; a bad step.
        "game-replay": [
            f"/games/{g.pk}/replay/?step={step}" for g in finished for step in (1, g.version // 2, g.version)
        ]
        + [f"/games/{finished[0].pk}/replay/?step=x", f"/games/{finished[0].pk}/replay/?step=999999"],
        "my-games": ["/my-games/"],
        "profile": ["/players/anna/", "/players/clara/"],
        "overall": ["/rankings/"],
        "game-ratings": [f"/rankings/games/{slug}/" for slug in slugs],
        "player": ["/rankings/players/anna/"],
        "tournaments": ["/rankings/tournaments/"],
        "tournament-new": ["/rankings/tournaments/new/"] + [f"/rankings/tournaments/new/?game={s}" for s in slugs],
        "tournament": [f"/rankings/tournaments/{world.tournament}/"],
        "settings": ["/accounts/settings/"],
        "settings-vacation": ["/accounts/settings/vacation/"],
        "password_change": ["/accounts/password/change/"],
        "password_reset": ["/accounts/password/reset/"],
        "password_reset_done": ["/accounts/password/reset/sent/"],
        "password_reset_confirm": [
            f"/accounts/password/reset/{uid}/{default_token_generator.make_token(world.boris)}/",
            "/accounts/password/reset/bad/bad-token/",
        ],
        "password_reset_complete": ["/accounts/password/reset/done/"],
        "signup": ["/accounts/signup/"],
        "login": ["/accounts/login/"],
        "list": ["/notifications/"],
        "unsubscribe": [
            reverse("notifications:unsubscribe", args=[unsubscribe.token(world.anna, "turn")]),
            "/notifications/unsubscribe/not-a-token/",
        ],
        "settings-delete": ["/accounts/settings/delete/"],
        "bell": ["/notifications/bell/"],
        "account_login": ["/accounts/login/"],
        "account_logout": ["/accounts/logout/"],
        "account_inactive": ["/accounts/inactive/"],
        "account_signup": ["/accounts/signup/"],
        "account_reauthenticate": ["/accounts/reauthenticate/"],
        "account_request_reauthentication_code": ["/accounts/reauthenticate/code/"],
        "account_confirm_reauthentication_code": ["/accounts/reauthenticate/code/confirm/"],
        "account_confirm_login_code": ["/accounts/login/code/confirm/"],
        "account_email": ["/accounts/email/"],
        "account_email_verification_sent": ["/accounts/confirm-email/"],
        "account_confirm_email": ["/accounts/confirm-email/not-a-key/"],
        "account_change_password": ["/accounts/password/change/"],
        "account_set_password": ["/accounts/password/set/"],
        "account_reset_password": ["/accounts/password/reset/"],
        "account_reset_password_done": ["/accounts/password/reset/done/"],
        "account_reset_password_from_key": [
            f"/accounts/password/reset/key/{user_pk_to_url_str(world.boris)}-{allauth_tokens.make_token(world.boris)}/",
            "/accounts/password/reset/key/1-not-a-key/",
        ],
        "account_reset_password_from_key_done": ["/accounts/password/reset/key/done/"],
        "rc-figures": ["/games/red-cathedral/figures/"],
        "rc-rules": ["/games/red-cathedral/rules/"],
        "sp-rules": ["/games/sankt-petersburg/rules/"],
        "sj-rules": ["/games/san-juan/rules/"],
    }


def _pages(client, reader: Reader, world: World) -> None:
    """Every page, to the signed-in German player and (public pages) to a German visitor."""
    paths = _paths(world)
    missing = [f"{name} ({route})" for name, route in _url_patterns() if name not in NOT_PAGES and not paths.get(name)]
    assert not missing, "pages the German check does not visit (add them to PATHS or NOT_PAGES):\n" + "\n".join(missing)
    for signed_in in (True, False):
        client.logout()
        if signed_in:
            client.force_login(world.anna)
        for name, urls in paths.items():
            for path in urls:
                response = client.get(path, HTTP_ACCEPT_LANGUAGE="de", follow=True)
                reader.response(f"page {name} {path} ({'anna' if signed_in else 'visitor'})", response)


def _tournament(world: World) -> None:
    """A started Swiss tournament of three: a pairing, a bye, their notices and emails."""
    t = tournaments.create_tournament(
        world.clara,
        name="Herbstpokal",
        game_slug="san-juan",
        rounds=2,
        table_size=2,
        starts_at=timezone.now() + timedelta(days=1),
    )
    for user in (world.clara, world.anna, world.boris):
        tournaments.register(t.pk, user)
    tournaments.start(t.pk, by=world.clara)
    world.tournament = t.pk


def _forms(client, reader: Reader, world: World) -> None:
    """Every form sent invalid (the page with its errors, or the message it redirects to)."""
    table = world.open_tables[0]
    sent = [
        (None, "/accounts/signup/", {"username": "", "email": "nope", "password1": "a", "password2": "b"}),
        (
            None,
            "/accounts/signup/",
            {"username": "anna", "email": "anna@example.org", "password1": "123", "password2": "123"},
        ),
        (None, "/accounts/login/", {"username": "anna", "password": "wrong"}),
        (None, "/accounts/password/reset/", {"email": "not an address"}),
        (
            world.anna,
            "/accounts/password/change/",
            {"old_password": "wrong", "new_password1": "x", "new_password2": "y"},
        ),
        (
            world.anna,
            "/accounts/settings/",
            {
                "email": "boris@example.org",
                "digest_hour": 99,
                "reminder_hours": -1,
                "language": "de",
                "time_zone": "Mars/Olympus",
                "turn_email": "x",
            },
        ),
        (world.anna, "/accounts/settings/vacation/", {"start": "2026-13-40", "end": "2020-01-01"}),
        (world.anna, "/accounts/settings/vacation/", {"start": "2030-01-10", "end": "2030-01-01"}),
        (world.anna, "/tables/new/", {"game": "san-juan", "seats": 9, "time_control": "live", "minutes_per_player": 0}),
        (
            world.anna,
            "/tables/new/?game=sankt-petersburg",
            {
                "game": "sankt-petersburg",
                "seats": 5,
                "sp_plus": "on",
                "expansion": "on",
                "edition": "2",
                "helpers": "on",
                "time_control": "correspondence",
                "days_per_move": 3,
            },
        ),
        (
            world.anna,
            "/tables/new/?game=sankt-petersburg",
            {
                "game": "sankt-petersburg",
                "seats": 3,
                "edition": "1",
                "market": "on",
                "time_control": "correspondence",
                "days_per_move": 99,
            },
        ),
        (world.anna, "/tables/new/?game=red-cathedral", {"game": "red-cathedral", "seats": 0, "side": "nope"}),
        (world.anna, "/rankings/tournaments/new/", {"name": "", "game": "san-juan", "rounds": 0, "table_size": 9}),
        (
            world.anna,
            "/rankings/tournaments/new/?game=sankt-petersburg",
            {
                "name": "Pokal",
                "game": "sankt-petersburg",
                "sp_plus": "on",
                "edition": "2",
                "rounds": 3,
                "table_size": 2,
                "starts_at": "2020-01-01T10:00",
            },
        ),
        (world.clara, f"/tables/{table}/invite/", {"username": "nobody-here"}),
        (world.anna, f"/tables/{table}/join/", {}),
        (world.anna, f"/tables/{table}/join/", {}),
        (world.anna, f"/tables/{table}/cancel/", {}),
        (world.clara, f"/tables/{world.open_tables[-1]}/cancel/", {}),
        (world.anna, f"/games/{world.games[0].pk}/chat/", {"text": ""}),
        (world.anna, f"/games/{world.games[0].pk}/resign/", {}),
        (world.anna, f"/rankings/tournaments/{world.tournament}/register/", {}),
        (world.anna, f"/rankings/tournaments/{world.tournament}/invite/", {"username": "nobody-here"}),
        (world.anna, "/rankings/games/nonsense/", None),
        (world.anna, "/games/999999/", None),
    ]
    for user, path, data in sent:
        client.logout()
        if user:
            client.force_login(user)
        response = (
            client.get(path, HTTP_ACCEPT_LANGUAGE="de", follow=True)
            if data is None
            else client.post(path, data, HTTP_ACCEPT_LANGUAGE="de", follow=True)
        )
        reader.response(f"form {path} {sorted(data or {})}", response)


def _api(client, reader: Reader, world: World) -> None:
    """Samples of every kind of API error, to a German player and to a German visitor."""
    active = [g for g in world.games if g.status == Game.Status.ACTIVE] or world.games
    client.force_login(world.anna)
    post = [
        ("/api/tables/", {}),
        ("/api/tables/", {"game": "nope", "seats": 2}),
        ("/api/tables/", {"game": "sankt-petersburg", "seats": 5, "options": {"sp_plus": True, "expansion": True}}),
        ("/api/tables/", {"game": "sankt-petersburg", "seats": 2, "options": {"market": True}}),
        ("/api/tables/", {"game": "san-juan", "seats": 2, "options": {"edition": "9", "colour": "red"}}),
        ("/api/tables/", {"game": "red-cathedral", "seats": 7}),
        (f"/api/tables/{world.open_tables[0]}/join/", {}),
        (f"/api/tables/{world.open_tables[0]}/join/", {}),
        (f"/api/tables/{world.open_tables[0]}/invite/", {"username": "nobody-here"}),
        (f"/api/tables/{world.open_tables[0]}/cancel/", {}),
        (f"/api/tables/{world.open_tables[-1]}/cancel/", {}),
        ("/api/notifications/read/", {"ids": "all of them"}),
        ("/api/rankings/tournaments/", {"name": ""}),
        (f"/api/rankings/tournaments/{world.tournament}/register/", {}),
        (f"/api/games/{world.games[0].pk}/chat/", {"text": ""}),
    ]
    for game in active:
        game.refresh_from_db()
        for move in (
            {"type": "nonsense"},
            {"type": "build", "card": 999},
            {"type": "buy", "card": "zz"},
            {"type": "claim", "tower": 99},
            {"type": "pass"},
            {"type": "role", "role": "jester"},
            [],
        ):
            post.append((f"/api/games/{game.pk}/moves/", {"move": move, "version": game.version}))
        post.append((f"/api/games/{game.pk}/moves/", {"move": {"type": "pass"}, "version": game.version + 5}))
        post.append(
            (
                f"/api/games/{game.pk}/moves/",
                {"move": {"type": "pass"}, "version": game.version, "move_id": "not-a-uuid"},
            )
        )
    for user in (world.anna, world.boris, None):
        client.logout()
        if user:
            client.force_login(user)
        for path, body in post:
            response = client.post(path, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de")
            reader.response(f"API POST {path} {json.dumps(body)[:80]} ({user or 'visitor'})", response)
        for path in (
            "/api/games/999999/",
            "/api/tables/999999/",
            "/api/rankings/players/nobody/",
            "/api/nothing/",
            "/api/me/",
            f"/api/games/{world.games[0].pk}/legal-moves/",
            # A step's view is the engine's data (names in both languages), as the game view: only the refusals.
            f"/api/games/{world.games[0].pk}/steps/x/",
            f"/api/games/{world.games[0].pk}/steps/999999/",
        ):
            reader.response(f"API GET {path} ({user or 'visitor'})", client.get(path, HTTP_ACCEPT_LANGUAGE="de"))
    client.logout()
    for path, body in (
        ("/api/auth/token/", {"username": "anna", "password": "wrong"}),
        ("/api/auth/token/", {}),
        ("/api/auth/signup/", {"username": "", "email": "x", "password": "1"}),
    ):
        response = client.post(path, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de")
        reader.response(f"API POST {path} (visitor)", response)
    response = client.get("/api/me/", HTTP_AUTHORIZATION="Token not-a-token", HTTP_ACCEPT_LANGUAGE="de")
    reader.response("API GET /api/me/ with a wrong token", response)


def _emails(reader: Reader, world: World, capture) -> None:
    """Every kind of email: turn (above), digest, reminder, timeout, invitation, password reset, game end."""
    from notifications.services import sweeps, turns

    with capture(execute=True):
        tables.invite(world.open_tables[1], world.clara, "anna")
    from notifications.models import Reminder

    for reminder in Reminder.objects.filter(done_at__isnull=True):
        with capture(execute=True):
            sweeps.send_due_reminders(reminder.remind_at + timedelta(minutes=1))
    with capture(execute=True):  # a turn for the player who reads her turns in a daily digest
        tables.start_seated_game("sankt-petersburg", [world.clara], bots=1, seed=3)
    with capture(execute=True):
        for hour in range(24):
            turns.send_due_digests(timezone.now().replace(minute=1) + timedelta(days=1, hours=hour))
    with capture(execute=True):
        timeouts.sweep(timezone.now() + timedelta(days=40))
    with capture(execute=True):
        timeouts.sweep(timezone.now() + timedelta(days=80))  # a second timeout: a bot takes the seat
    for message in mail.outbox:
        where = f"email {message.subject!r} to {message.to}"
        reader.found += english_in(
            [" ".join(message.subject.split())]
            + [" ".join(line.split()) for line in message.body.splitlines() if line.strip()],
            where,
        )
        for content, kind in getattr(message, "alternatives", []):
            if "html" in kind:
                reader.html(where + " (HTML)", content)


@pytest.fixture
def reader() -> Reader:
    return Reader()


def test_a_german_player_sees_no_english_message(client, reader, django_capture_on_commit_callbacks, settings):
    from notifications.models import PushDevice
    from notifications.services import push

    settings.WEBPUSH_VAPID_PRIVATE_KEY = push.new_private_key()  # the settings page shows its push section
    with django_capture_on_commit_callbacks(execute=True):
        world = _seed()
        _tournament(world)
    # Listed with its choice; set to never, so that nothing is sent to its (made-up) push service.
    PushDevice.objects.create(
        user=world.anna,
        endpoint="https://fcm.googleapis.com/fcm/send/anna",
        p256dh="k",
        auth="a",
        label="Chrome · Android",
        turns="never",
    )
    _boards(client, reader, world, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        ratings.process_pending()
    _pages(client, reader, world)
    _forms(client, reader, world)
    _api(client, reader, world)
    client.logout()
    # The reset email follows the account's language, whatever the browser's.
    client.post("/accounts/password/reset/", {"email": world.anna.email}, HTTP_ACCEPT_LANGUAGE="en")
    _emails(reader, world, django_capture_on_commit_callbacks)
    subjects = " | ".join(sorted({m.subject for m in mail.outbox}))
    for kind in ("Du bist am Zug", "Du bist in ", "Erinnerung", "Zeit", "beendet", "lädt dich", "Passwort", "Runde 1"):
        assert kind in subjects, (kind, subjects)
    assert reader.pages > 150
    assert not reader.found, "English in German pages:\n" + "\n".join(dict.fromkeys(reader.found))


def test_the_check_finds_english_where_a_player_reads_english(client):
    """The check is not blind: the same board read in English is full of English messages."""
    anna, boris = make_user("anna"), make_user("boris")
    game = tables.start_seated_game("san-juan", [anna, boris], seed=7)
    client.force_login(anna)
    reader = Reader()
    reader.response("English board", client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en"))
    assert any("'Builder'" in line for line in reader.found) and len(reader.found) > 20
