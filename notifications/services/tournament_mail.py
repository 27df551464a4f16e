"""Tournament players hear of each new round (with their table) and of the winner."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from notifications.models import Notice
from notifications.services import mail, notices
from rankings.models import PairingSeat


def _standings(tournament) -> str:
    return reverse("rankings:tournament", args=[tournament.pk])


def round_started(tournament, round_, games) -> list[Notice]:
    """A notice for everyone in the new round, seated or with a bye; returns those to email."""
    seated = [
        (p.user, game)
        for game in games
        for p in game.players.select_related("user")
        if p.user is not None and not p.is_bot
    ]
    byes = [
        (seat.entry.user, None)
        for seat in PairingSeat.objects.filter(pairing__round=round_, pairing__game__isnull=True).select_related(
            "entry__user"
        )
    ]
    queued = []
    for user, game in seated + byes:
        data = {
            "tournament": tournament.name,
            "tournament_id": tournament.pk,
            "round": round_.number,
            "standings": _standings(tournament),
            "game_id": game.pk if game else None,
            "bye": game is None,
        }
        email = Notice.Email.QUEUED if user.email_on_tournament else Notice.Email.NONE
        url = reverse("game", args=[game.pk]) if game else _standings(tournament)
        notice, created = notices.create(
            user,
            Notice.Kind.ROUND,
            f"round:{tournament.pk}:{round_.number}",
            game=game,
            url=url,
            data=data,
            email=email,
        )
        if created and email == Notice.Email.QUEUED:
            queued.append(notice)
    return queued


def tournament_finished(tournament) -> list[Notice]:
    """Every entrant learns who won; returns the notices to email."""
    queued = []
    winner = tournament.winner.shown_name if tournament.winner_id else None
    for entry in tournament.entries.select_related("user"):
        user = entry.user
        data = {"tournament": tournament.name, "tournament_id": tournament.pk, "winner": winner}
        email = Notice.Email.QUEUED if user.email_on_tournament else Notice.Email.NONE
        notice, created = notices.create(
            user,
            Notice.Kind.TOURNAMENT,
            f"tournament:{tournament.pk}",
            url=_standings(tournament),
            data=data,
            email=email,
        )
        if created and email == Notice.Email.QUEUED:
            queued.append(notice)
    return queued


def email(notice: Notice):
    if not notice.user.email_on_tournament:
        return None
    d = notice.data
    context: dict[str, Any] = {"tournament": {"name": d["tournament"]}, "standings_url": mail.absolute(notice.url)}
    if notice.kind == Notice.Kind.ROUND:
        context.update(
            round=d["round"],
            bye=d.get("bye", False),
            standings_url=mail.absolute(d["standings"]),
            game_url=None if d.get("bye") else mail.absolute(notice.url),
        )
        return "notifications/email/round", context, "tournament"
    context["winner"] = {"shown_name": d["winner"]} if d.get("winner") else None
    return "notifications/email/finished", context, "tournament"
