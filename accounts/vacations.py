"""Vacation mode: days on which correspondence deadlines stand still, within a yearly allowance."""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User, Vacation
from accounts.signals import vacation_changed

# How far ahead a vacation may be planned.
MAX_DAYS_AHEAD = 366


class VacationError(ValueError):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def allowance() -> int:
    return settings.VACATION_DAYS_PER_YEAR


def local_today(user: User) -> date:
    return timezone.now().astimezone(user.zone).date()


def _days_in_year(starts_on: date, ends_on: date, year: int) -> int:
    first, last = max(starts_on, date(year, 1, 1)), min(ends_on, date(year, 12, 31))
    return max((last - first).days + 1, 0)


def days_taken(user: User, year: int) -> int:
    """Days of the year already taken or planned."""
    rows = Vacation.objects.filter(user=user, starts_on__lte=date(year, 12, 31), ends_on__gte=date(year, 1, 1))
    return sum(_days_in_year(v.starts_on, v.ends_on, year) for v in rows)


def days_left(user: User, year: int | None = None) -> int:
    year = year or local_today(user).year
    return max(allowance() - days_taken(user, year), 0)


def current(user: User) -> Vacation | None:
    """The running or next planned vacation."""
    return Vacation.objects.filter(user=user, ends_on__gte=local_today(user)).first()


def _close_current(user: User, today: date) -> None:
    """A running vacation ends yesterday (its days stay taken); planned ones are dropped."""
    for v in Vacation.objects.filter(user=user, ends_on__gte=today):
        if v.starts_on < today:
            v.ends_on = today - timedelta(days=1)
            v.save(update_fields=["ends_on"])
        else:
            v.delete()


def set_vacation(user: User, starts_on: date, ends_on: date) -> Vacation:
    """Plan (or replace) the user's vacation; raises VacationError and changes nothing when it cannot be."""
    today = local_today(user)
    if ends_on < starts_on:
        raise VacationError(_("The last day of a vacation cannot come before its first day."))
    if starts_on < today:
        raise VacationError(_("A vacation cannot start in the past."))
    if (ends_on - today).days > MAX_DAYS_AHEAD:
        raise VacationError(_("A vacation can be planned at most a year ahead."))
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one change at a time per user
        _close_current(user, today)
        for year in range(starts_on.year, ends_on.year + 1):
            wanted = _days_in_year(starts_on, ends_on, year)
            left = allowance() - days_taken(user, year)
            if wanted > left:
                raise VacationError(
                    _("That is %(wanted)s vacation days in %(year)s, but only %(left)s of %(allowance)s are left.")
                    % {"wanted": wanted, "year": year, "left": max(left, 0), "allowance": allowance()}
                )
        vacation = Vacation.objects.create(user=user, starts_on=starts_on, ends_on=ends_on)
        transaction.on_commit(lambda: vacation_changed.send(sender=User, user=user))
    return vacation


def end_vacation(user: User) -> bool:
    """End the running vacation today, or drop the planned one; False when there is none."""
    today = local_today(user)
    with transaction.atomic():
        if not Vacation.objects.filter(user=user, ends_on__gte=today).exists():
            return False
        _close_current(user, today)
        transaction.on_commit(lambda: vacation_changed.send(sender=User, user=user))
    return True
