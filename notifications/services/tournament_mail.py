"""Tournament players hear of each new round (with their table) and of the winner."""
from __future__ import annotations

from typing import Any

from django.urls import reverse

from notifications.models import Notice
from notifications.services import mail, notices


def _standings(tournament) -> str:
    return reverse("rankings:tournament", args=[tournament.pk])


def round_started(tournament, round_, games) -> list[Notice]:
    """A notice for everyone seated in the new round; returns those to email."""
    queued = []
    for game in games:
        for player in game.players.select_related("user"):
            if player.user is None or player.is_bot:
                continue
            user = player.user
            data = {"tournament": tournament.name, "tournament_id": tournament.pk, "round": round_.number,
                    "standings": _standings(tournament), "game_id": game.pk}
            email = Notice.Email.QUEUED if user.email_on_tournament else Notice.Email.NONE
            notice, created = notices.create(user, Notice.Kind.ROUND, f"round:{tournament.pk}:{round_.number}",
                                             game=game, url=reverse("game", args=[game.pk]), data=data, email=email)
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
        notice, created = notices.create(user, Notice.Kind.TOURNAMENT, f"tournament:{tournament.pk}",
                                         url=_standings(tournament), data=data, email=email)
        if created and email == Notice.Email.QUEUED:
            queued.append(notice)
    return queued


def email(notice: Notice):
    if not notice.user.email_on_tournament:
        return None
    d = notice.data
    context: dict[str, Any] = {"tournament": {"name": d["tournament"]}, "standings_url": mail.absolute(notice.url)}
    if notice.kind == Notice.Kind.ROUND:
        context.update(round=d["round"], game_url=mail.absolute(notice.url),
                       standings_url=mail.absolute(d["standings"]))
        return "notifications/email/round", context, "tournament"
    context["winner"] = {"shown_name": d["winner"]} if d.get("winner") else None
    return "notifications/email/finished", context, "tournament"
