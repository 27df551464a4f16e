"""In-site notices: created once per occasion, counted for the bell, marked read."""

from __future__ import annotations

from functools import partial

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from notifications.models import Notice
from notifications.services import live


def create(
    user, kind: str, key: str, *, game=None, url: str = "", data: dict | None = None, email: str = Notice.Email.NONE
) -> tuple[Notice, bool]:
    """The notice for this occasion, and whether it is new (only a new one is announced or mailed).

    A deleted account is told nothing: its notice is not stored, and counts as not new."""
    if getattr(user, "deleted_at", None) is not None:
        return Notice(user=user, kind=kind, key=key, game=game, url=url, data=data or {}), False
    try:
        with transaction.atomic():
            notice = Notice.objects.create(
                user=user, kind=kind, key=key, game=game, url=url, data=data or {}, email=email
            )
    except IntegrityError:
        return Notice.objects.get(user=user, key=key), False
    transaction.on_commit(lambda: live.unread_changed(user.pk, unread_count(user)))
    return notice, True


def renew(
    user, kind: str, key: str, *, game=None, url: str = "", data: dict, email: str, occasion: str
) -> tuple[Notice, bool]:
    """The one notice under ``key``, brought up to date for a new occasion (``data[occasion]`` differs):
    unread again, newest, its email state reset. Returns it and whether the occasion is new; the same
    occasion told again (a retried task) changes nothing."""
    notice, created = create(user, kind, key, game=game, url=url, data=data, email=email)
    if created or notice.pk is None:
        return notice, created
    with transaction.atomic():
        notice = Notice.objects.select_for_update().get(pk=notice.pk)
        if notice.data.get(occasion) == data.get(occasion):
            return notice, False
        notice.data, notice.url, notice.email, notice.emailed_at, notice.read_at = data, url, email, None, None
        notice.created_at = timezone.now()
        notice.save(update_fields=["data", "url", "email", "emailed_at", "read_at", "created_at"])
    transaction.on_commit(lambda: live.unread_changed(user.pk, unread_count(user)))
    return notice, True


def settle(game, kind: str, keys: list[str]) -> int:
    """Notices under ``keys`` whose occasion is over: marked read, taken out of pending digests."""
    qs = Notice.objects.filter(game=game, kind=kind, key__in=keys)
    qs.filter(email=Notice.Email.DIGEST).update(email=Notice.Email.SKIPPED)
    users = list(qs.filter(read_at__isnull=True).values_list("user_id", flat=True))
    changed = qs.filter(read_at__isnull=True).update(read_at=timezone.now())
    for user_id in set(users):
        transaction.on_commit(partial(_tell_unread, user_id))
    return changed


def unread_count(user) -> int:
    return Notice.objects.filter(user=user, read_at__isnull=True).count()


def recent(user, limit: int = 30) -> list[Notice]:
    return list(Notice.objects.filter(user=user).select_related("game")[:limit])


def mark_read(user, notice_ids: list[int] | None = None) -> int:
    """Mark the given notices (all when None) read; returns how many changed."""
    qs = Notice.objects.filter(user=user, read_at__isnull=True)
    if notice_ids is not None:
        qs = qs.filter(pk__in=notice_ids)
    changed = qs.update(read_at=timezone.now())
    if changed:
        transaction.on_commit(lambda: live.unread_changed(user.pk, unread_count(user)))
    return changed


def text(notice: Notice) -> str:
    """One line for the bell, in the active language."""
    d = notice.data
    game = d.get("game_label", "")
    if notice.kind == Notice.Kind.TURN:
        return _("Your turn in %(game)s") % {"game": game}
    if notice.kind == Notice.Kind.REMINDER:
        return _("%(game)s: your time to move runs out soon") % {"game": game}
    if notice.kind == Notice.Kind.TIMEOUT:
        if d.get("you"):
            if d.get("ended"):
                return _("%(game)s: you ran out of time; the game ends unrated") % {"game": game}
            if d.get("took_over"):
                return _("%(game)s: you ran out of time again; a bot plays your seat") % {"game": game}
            return _("%(game)s: you ran out of time; the default move was played") % {"game": game}
        if d.get("ended"):
            return _("%(game)s: %(name)s ran out of time; the game ends unrated") % {
                "game": game,
                "name": d.get("name"),
            }
        if d.get("took_over"):
            return _("%(game)s: %(name)s ran out of time again; a bot plays the seat") % {
                "game": game,
                "name": d.get("name"),
            }
        return _("%(game)s: %(name)s ran out of time; the default move was played") % {
            "game": game,
            "name": d.get("name"),
        }
    if notice.kind == Notice.Kind.FINISHED:
        if d.get("rank"):
            return _("%(game)s is over: you placed %(rank)s of %(n)s") % {"game": game, "rank": d["rank"], "n": d["n"]}
        return _("%(game)s is over") % {"game": game}
    if notice.kind == Notice.Kind.INVITATION:
        return _("%(name)s invites you to a table of %(game)s") % {"name": d.get("owner"), "game": d.get("game_name")}
    if notice.kind == Notice.Kind.ROUND and d.get("bye"):
        return _("%(tournament)s: round %(n)s has started; you have a bye (it counts as a win)") % {
            "tournament": d.get("tournament"),
            "n": d.get("round"),
        }
    if notice.kind == Notice.Kind.ROUND:
        return _("%(tournament)s: round %(n)s has started") % {"tournament": d.get("tournament"), "n": d.get("round")}
    if notice.kind == Notice.Kind.TOURNAMENT:
        return _("%(tournament)s is over") % {"tournament": d.get("tournament")}
    return notice.get_kind_display()


def _tell_unread(user_id: int) -> None:
    live.unread_changed(user_id, Notice.objects.filter(user_id=user_id, read_at__isnull=True).count())
