"""Emails to tournament players: a new round with their table, and the winner."""
from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation


def _send(user, subject_template: str, body_template: str, context: dict) -> None:
    if not user.email:
        return
    with translation.override(user.language):
        context = {**context, "user": user, "site_url": settings.SITE_URL}
        subject = render_to_string(subject_template, context).strip()
        text = render_to_string(f"{body_template}.txt", context)
        html = render_to_string(f"{body_template}.html", context)
    message = EmailMultiAlternatives(subject, text, to=[user.email])
    message.attach_alternative(html, "text/html")
    message.send()


def round_started(tournament, round_, games) -> int:
    """One email per person seated in the new round, with a link to their own game."""
    sent = 0
    standings = settings.SITE_URL + reverse("rankings:tournament", args=[tournament.pk])
    for game in games:
        for player in game.players.select_related("user"):
            if player.user is None or player.is_bot:
                continue
            _send(player.user, "notifications/email/round_subject.txt", "notifications/email/round", {
                "tournament": tournament, "round": round_.number, "standings_url": standings,
                "game_url": settings.SITE_URL + reverse("game", args=[game.pk]),
            })
            sent += 1
    return sent


def tournament_finished(tournament) -> int:
    """Every entrant learns who won."""
    standings = settings.SITE_URL + reverse("rankings:tournament", args=[tournament.pk])
    sent = 0
    for entry in tournament.entries.select_related("user"):
        _send(entry.user, "notifications/email/finished_subject.txt", "notifications/email/finished", {
            "tournament": tournament, "winner": tournament.winner, "standings_url": standings,
        })
        sent += 1
    return sent
