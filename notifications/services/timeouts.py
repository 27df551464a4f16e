"""Everyone in a game hears when a seat runs out of time, and what follows from it."""
from __future__ import annotations

from datetime import datetime

from games.models import Game
from notifications.models import Notice
from notifications.services import mail, notices
from notifications.services.facts import game_facts


def seat_timed_out(game: Game, seat: int, deadline: datetime, *, took_over: bool, ended: bool,
                   timeouts: int = 1) -> list[Notice]:
    """One notice per person in the game for this (seat, deadline); returns those to email now."""
    players = list(game.players.select_related("user"))
    queued = []
    for p in players:
        if p.user is None or p.is_bot:
            continue
        facts = game_facts(game, p.user, players)
        data = {**facts, "seat": seat, "name": facts["names"][str(seat)], "you": p.seat == seat,
                "took_over": took_over, "ended": ended, "timeouts": timeouts}
        email = Notice.Email.QUEUED if p.user.email_on_timeout else Notice.Email.NONE
        notice, created = notices.create(p.user, Notice.Kind.TIMEOUT, f"timeout:{game.pk}:{seat}:{deadline.timestamp()}",
                                         game=game, url=facts["url"], data=data, email=email)
        if created and email == Notice.Email.QUEUED:
            queued.append(notice)
    return queued


def email(notice: Notice):
    if not notice.user.email_on_timeout:
        return None
    return "notifications/email/timeout", {"game": notice.data, "game_url": mail.absolute(notice.data["url"])}, \
        "timeout"
