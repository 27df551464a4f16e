"""Everyone in a game hears when a seat runs out of time, and what follows from it."""

from __future__ import annotations

from datetime import datetime

from games.models import Game
from notifications.models import Notice
from notifications.services import mail
from notifications.services.facts import tell_everyone


def seat_timed_out(
    game: Game, seat: int, deadline: datetime, *, took_over: bool, ended: bool, timeouts: int = 1
) -> list[Notice]:
    """One notice per person in the game for this (seat, deadline); returns those to email now."""
    return tell_everyone(
        game,
        Notice.Kind.TIMEOUT,
        f"timeout:{game.pk}:{seat}:{deadline.timestamp()}",
        wants_email=lambda user: user.email_on_timeout,
        data=lambda p, facts, players: {
            "seat": seat,
            "name": facts["names"][str(seat)],
            "you": p.seat == seat,
            "took_over": took_over,
            "ended": ended,
            "timeouts": timeouts,
        },
    )


def email(notice: Notice):
    if not notice.user.email_on_timeout:
        return None
    return (
        "notifications/email/timeout",
        {"game": notice.data, "game_url": mail.absolute(notice.data["url"])},
        "timeout",
    )
