"""Small builders for platform tests."""

from django.contrib.auth import get_user_model

from games.models import Game
from games.services import tables

User = get_user_model()


def make_user(name: str = "alice", verified: bool = True, **extra) -> "User":
    """A user with a password; the address is confirmed unless ``verified=False``."""
    from accounts import emails

    user = User.objects.create_user(username=name, email=f"{name}@example.org", password="pw-For-tests-123", **extra)
    if verified:
        emails.mark_verified(user)
    return user


def api_token(user, name: str = "tests") -> str:
    """The key of a new API token of ``user``, as the token endpoint would hand it out."""
    from accounts import tokens

    return tokens.issue(user, name)[1]


def start_toy_game(*users, bots: int = 0, options=None, **table_kwargs) -> Game:
    """A started toy game with the given users (and bots) seated."""
    owner, *others = users
    table = tables.create_table(owner, "toy", len(users) + bots, options or {}, bots=bots, **table_kwargs)
    for user in others:
        tables.join_table(table.pk, user)
    return Game.objects.get(table=table)
