"""Sending the email for a queued notice, while it still matters; ``emails`` makes sure it is tried until it goes out."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone, translation

from games.models import Game
from notifications.models import Notice
from notifications.services import invitations, mail, summary, timeouts, tournament_mail, turns

User = get_user_model()


class NotReady(Exception):
    """Worth sending, but not yet (the ratings of a finished game are still being counted)."""


# kind -> builder(notice, final) returning (template, context, unsubscribe kind) or None when no longer wanted
Builder = Callable[[Notice, bool], "tuple[str, dict, str] | None"]
BUILDERS: dict[str, Builder] = {}


def builder(kind: str):
    def register(fn: Builder) -> Builder:
        BUILDERS[kind] = fn
        return fn

    return register


@builder(Notice.Kind.TURN)
def _turn(notice: Notice, final: bool):
    if notice.user.turn_email != User.TurnEmail.IMMEDIATE or not turns.still_wanted(notice):
        return None
    return "notifications/email/turn", turns.turn_context(notice), "turn"


@builder(Notice.Kind.REMINDER)
def _reminder(notice: Notice, final: bool):
    if not notice.user.reminder_hours or not turns.still_wanted(notice):
        return None
    return "notifications/email/reminder", turns.turn_context(notice), "reminder"


@builder(Notice.Kind.TIMEOUT)
def _timeout(notice: Notice, final: bool):
    return timeouts.email(notice)


@builder(Notice.Kind.FINISHED)
def _finished(notice: Notice, final: bool):
    if not notice.user.email_on_game_end:
        return None
    game = Game.objects.filter(pk=notice.data["game_id"]).first()
    if game is None:
        return None
    if not final and not summary.ratings_ready(game):
        raise NotReady(notice.pk)
    return "notifications/email/summary", summary.summary_context(notice), "summary"


@builder(Notice.Kind.INVITATION)
def _invitation(notice: Notice, final: bool):
    return invitations.email(notice)


@builder(Notice.Kind.ROUND)
@builder(Notice.Kind.TOURNAMENT)
def _tournament(notice: Notice, final: bool):
    return tournament_mail.email(notice)


def message_id(notice: Notice) -> str:
    """The same for every try at the email of one occasion of the notice (a turn notice is renewed in
    place for each new turn, which sets its ``created_at`` anew), so that a duplicate is recognised."""
    return mail.message_id(f"notice-{notice.pk}-{int(notice.created_at.timestamp() * 1000)}")


def deliver(notice_id: int, final: bool = True) -> bool:
    """Send the notice's email if it is still queued and still wanted; True when it went out.

    Raises NotReady (nothing changed) when it should be tried again later; with ``final`` it is
    sent with what is known now. The notice is marked sent in the transaction that sends it: a
    failure of the mail server (raised) or a death of the process leaves it queued for the next try.
    """
    with transaction.atomic():
        notice = (
            Notice.objects.select_for_update(of=("self",))
            .select_related("user")
            .filter(pk=notice_id, email=Notice.Email.QUEUED)
            .first()
        )
        if notice is None:
            return False
        with translation.override(notice.user.language):
            built = BUILDERS[notice.kind](notice, final)
        if built is None:
            Notice.objects.filter(pk=notice.pk).update(email=Notice.Email.SKIPPED)
            return False
        template, context, kind = built
        sent = mail.send(notice.user, template, context, kind, message_id=message_id(notice))
        Notice.objects.filter(pk=notice.pk).update(
            email=Notice.Email.SENT if sent else Notice.Email.SKIPPED, emailed_at=timezone.now() if sent else None
        )
    return sent
