"""What every message about a game says: its name, the opponents, the link."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games.models import Game, Player
from games.services.engines import get_engine
from games.services.log import player_names
from notifications.models import Notice
from notifications.services import notices


def game_facts(game: Game, user, players: list[Player] | None = None) -> dict:
    """JSON-able facts about ``game`` as ``user`` sees it (bot names in their language)."""
    players = players if players is not None else list(game.players.select_related("user"))
    try:
        engine = get_engine(game.game_slug)
    except KeyError:
        engine = None
    name = engine.name if engine else game.game_slug
    mine = {p.seat for p in players if p.user_id == user.pk and not p.is_bot}
    with translation.override(user.language):
        names = player_names(players)
        opponents = [names[p.seat] for p in players if p.seat not in mine]
        if not opponents and engine and engine.solo_opponent:
            # A solo game: the opponent is the one the engine plays (Iwan).
            opponents = [translation.gettext(engine.solo_opponent)]
    return {
        "game_id": game.pk,
        "game_name": name,
        "game_label": f"{name} #{game.pk}",
        "opponents": opponents,
        "names": {str(seat): n for seat, n in names.items()},
        "url": reverse("game", args=[game.pk]),
    }


def tell_everyone(
    game: Game,
    kind: str,
    key: str,
    *,
    wants_email: Callable[[User], bool],
    data: Callable[[Player, dict, list[Player]], dict],
) -> list[Notice]:
    """One notice of ``kind`` under ``key`` for every person in the game, with its ``game_facts``
    and ``data(player, facts, players)``; returns the new ones whose email is to go out now."""
    players = list(game.players.select_related("user"))
    queued = []
    for p in players:
        if p.user is None or p.is_bot:
            continue
        facts = game_facts(game, p.user, players)
        email = Notice.Email.QUEUED if wants_email(p.user) else Notice.Email.NONE
        notice, created = notices.create(
            p.user, kind, key, game=game, url=facts["url"], data={**facts, **data(p, facts, players)}, email=email
        )
        if created and email == Notice.Email.QUEUED:
            queued.append(notice)
    return queued


def iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def parse(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None
