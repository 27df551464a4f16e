"""Builders for notification tests."""

from django.core import mail

from games.models import Game
from tests.factories import make_user, start_toy_game


def started_game(capture, *names, languages=None, **table_kwargs) -> Game:
    """A toy game between new users, with the after-commit work (signals, emails) run."""
    languages = languages or {}
    users = [make_user(n, language=languages.get(n, "en"), **table_kwargs.pop(f"{n}_extra", {})) for n in names]
    with capture(execute=True):
        game = start_toy_game(*users, **table_kwargs)
    return game


def mails_to(address: str) -> list:
    return [m for m in mail.outbox if address in m.to]


def html_of(message) -> str:
    ((html, mime),) = message.alternatives
    assert mime == "text/html"
    return html
