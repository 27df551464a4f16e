"""Your turn: a notice, an email now or in the daily digest (never twice for one turn), reminders."""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from games.models import Game, Player, TimeControl
from games.services import presence
from notifications.models import Digest, Notice, Reminder
from notifications.services import account_stream, emails, mail, notices, push
from notifications.services.facts import game_facts, iso, parse
from plumbing import outbox
from plumbing.models import OutboxEntry

log = logging.getLogger(__name__)
BATCH = 500
DIGEST = "notifications.digest"


def turn_key(player: Player) -> str:
    # One turn notice per seat, updated in place for each new turn: the bell counts games, not turns.
    return f"turn:{player.pk}"


def turn_started(game: Game, seats: list[int]) -> list[Notice]:
    """Tell each person whose turn began and who is not looking at the game; returns the notices
    whose email is to go out now."""
    players = list(game.players.select_related("user"))
    queued = []
    for p in players:
        if p.seat not in seats or p.user is None or p.controlled_by_bot or not p.must_act or not p.turn_started_at:
            continue
        user = p.user
        schedule_reminder(game, p, user)
        if presence.is_watching(game.pk, user.pk):
            continue  # the board shows it already
        email = {
            User.TurnEmail.IMMEDIATE.value: Notice.Email.QUEUED,
            User.TurnEmail.DIGEST.value: Notice.Email.DIGEST,
        }.get(user.turn_email, Notice.Email.NONE)
        data = {
            **game_facts(game, user, players),
            "player_id": p.pk,
            "turn_started_at": iso(p.turn_started_at),
            "deadline": iso(p.deadline),
            "live": game.time_control == TimeControl.LIVE,
        }
        notice, fresh = notices.renew(
            user,
            Notice.Kind.TURN,
            turn_key(p),
            game=game,
            url=data["url"],
            data=data,
            email=email,
            occasion="turn_started_at",
        )
        if fresh:
            push.queue_notice(notice)
        if fresh and email == Notice.Email.QUEUED:
            queued.append(notice)
    return queued


def turns_over(game: Game) -> int:
    """The turn notices of the seats that no longer have to act (or that a bot plays) are settled,
    as the database has the seats now: handled late or twice, the message settles nothing current."""
    over = game.players.filter(user__isnull=False).exclude(must_act=True, bot_took_over=False).only("pk")
    return notices.settle(game, Notice.Kind.TURN, [turn_key(p) for p in over])


def turn_is_current(notice: Notice) -> bool:
    """The turn the notice is about has not ended yet."""
    started = parse(notice.data.get("turn_started_at"))
    return Player.objects.filter(
        pk=notice.data.get("player_id"),
        must_act=True,
        turn_started_at=started,
        game__status=Game.Status.ACTIVE,
        bot_took_over=False,
    ).exists()


def still_wanted(notice: Notice) -> bool:
    """Worth an email: the turn goes on and the player is not looking at the game right now."""
    return turn_is_current(notice) and not presence.is_watching(notice.data["game_id"], notice.user_id)


def turn_context(notice: Notice) -> dict:
    d = notice.data
    return {
        "notice": notice,
        "game": d,
        "deadline": parse(d.get("deadline")),
        "live": d.get("live"),
        "game_url": mail.absolute(d["url"]),
    }


# --- reminders -------------------------------------------------------------------------------------------


def schedule_reminder(game: Game, player: Player, user) -> Reminder | None:
    if (
        game.time_control != TimeControl.CORRESPONDENCE
        or not user.reminder_hours
        or not player.deadline
        or not player.turn_started_at
    ):
        return None
    remind_at = player.deadline - timedelta(hours=user.reminder_hours)
    if remind_at <= timezone.now():
        return None  # the turn email already tells the deadline
    reminder, _created = Reminder.objects.get_or_create(
        player=player, turn_started_at=player.turn_started_at, defaults={"remind_at": remind_at}
    )
    return reminder


def due_reminders(now: datetime, limit: int = BATCH) -> list[int]:
    return list(
        Reminder.objects.filter(done_at__isnull=True, remind_at__lte=now)
        .order_by("remind_at")
        .values_list("pk", flat=True)[:limit]
    )


def process_reminder(reminder_id: int, now: datetime) -> Notice | None:
    """Settle one due reminder; returns the new notice whose email is queued, if any. Safe to run twice at once."""
    with transaction.atomic():
        reminder = (
            Reminder.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(pk=reminder_id, done_at__isnull=True)
            .select_related("player__game", "player__user")
            .first()
        )
        if reminder is None:
            return None
        p = reminder.player
        user, deadline, started = p.user, p.deadline, p.turn_started_at
        if (
            user is None
            or deadline is None
            or started is None
            or not p.must_act
            or started != reminder.turn_started_at
            or p.controlled_by_bot
            or p.game.status != Game.Status.ACTIVE
        ):
            reminder.done_at = now  # the turn it was for is over
            reminder.save(update_fields=["done_at"])
            return None
        if user.reminder_hours:
            due = deadline - timedelta(hours=user.reminder_hours)
            if due > now:  # the deadline moved on (a vacation): remind later
                reminder.remind_at = due
                reminder.save(update_fields=["remind_at"])
                return None
        reminder.done_at = now
        reminder.save(update_fields=["done_at"])
        if not user.reminder_hours or deadline <= now:
            return None
        account_stream.deadline_near(p)
        data = {
            **game_facts(p.game, user),
            "player_id": p.pk,
            "turn_started_at": iso(p.turn_started_at),
            "deadline": iso(p.deadline),
            "live": False,
        }
        watching = presence.is_watching(p.game_id, user.pk)
        notice, created = notices.create(
            user,
            Notice.Kind.REMINDER,
            f"reminder:{p.pk}:{started.timestamp()}",
            game=p.game,
            url=data["url"],
            data=data,
            email=Notice.Email.SKIPPED if watching else Notice.Email.QUEUED,
        )
        if created and not watching:
            push.queue_notice(notice)
        if not (created and notice.email == Notice.Email.QUEUED):
            return None
        emails.queue(notice)  # with the reminder marked done, in one commit
    return notice


# --- the daily digest ------------------------------------------------------------------------------------


def digest_candidates() -> list[int]:
    """People with turns waiting for a digest (through the partial index on pending digest notices)."""
    return list(Notice.objects.filter(email=Notice.Email.DIGEST).values_list("user_id", flat=True).distinct())


def send_digest(user, now: datetime) -> bool:
    """Once a day, at or after the user's digest hour in their time zone: one email with every new turn.

    The day's digest record, its notices (marked queued) and its email's outbox entry are written
    together; the email then goes out as every other one does (``send_digest_email``): retried with
    backoff while the mail server fails, its notices marked failed (shown in the admin) after the
    last try, and a duplicate recognisable by its Message-ID. True when a digest was recorded.
    """
    local = now.astimezone(user.zone)
    if local.hour < user.digest_hour:
        return False
    with transaction.atomic():
        try:
            with transaction.atomic():
                Digest.objects.create(user=user, day=local.date())
        except IntegrityError:
            return False  # today's digest is already dealt with (or being sent by another worker)
        pending = list(Notice.objects.filter(user=user, email=Notice.Email.DIGEST).order_by("created_at"))
        wanted = [n for n in pending if user.turn_email != User.TurnEmail.NEVER and still_wanted(n)]
        Notice.objects.filter(pk__in=[n.pk for n in pending if n not in wanted]).update(email=Notice.Email.SKIPPED)
        if not wanted:
            return False
        Notice.objects.filter(pk__in=[n.pk for n in wanted], email=Notice.Email.DIGEST).update(
            email=Notice.Email.QUEUED
        )
        outbox.record(
            DIGEST,
            {"user_id": user.pk, "day": local.date().isoformat(), "notice_ids": [n.pk for n in wanted]},
            ref=f"digest:{user.pk}",
        )
    return True


def _digest_failed(entry: OutboxEntry) -> None:
    Notice.objects.filter(pk__in=entry.payload["notice_ids"], email=Notice.Email.QUEUED).update(
        email=Notice.Email.FAILED
    )


@outbox.handler(DIGEST, on_failure=_digest_failed)
def send_digest_email(entry: OutboxEntry) -> None:
    """Send a recorded digest. It runs in one transaction with its entry marked done: the notices are
    marked sent only with it, and a rerun sends the turns still queued (the same Message-ID)."""
    data = entry.payload
    user = User.objects.filter(pk=data["user_id"]).first()
    if user is None:
        return
    queued = list(
        Notice.objects.select_for_update()
        .filter(pk__in=data["notice_ids"], user=user, email=Notice.Email.QUEUED)
        .order_by("created_at")
    )
    if not queued:
        return
    items = [turn_context(n) for n in queued]
    Notice.objects.filter(pk__in=[n.pk for n in queued]).update(email=Notice.Email.SENT, emailed_at=timezone.now())
    mail.send(
        user,
        "notifications/email/digest",
        {"items": items, "day": date.fromisoformat(data["day"])},
        kind="turn",
        message_id=mail.message_id(f"digest-{user.pk}-{data['day']}"),
    )
    Digest.objects.filter(user=user, day=data["day"]).update(games=len(items))


def send_due_digests(now: datetime | None = None) -> int:
    now = now or timezone.now()
    sent = 0
    for user in User.objects.filter(pk__in=digest_candidates()):
        try:
            sent += send_digest(user, now)
        except Exception:  # one person's bad data must not keep the others' digests back
            log.exception("The digest for user %s could not be sent", user.pk)
    return sent
