"""Form fields that belong to one time control: shown only for it, refused when set for the other."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import TimeControl

# field name -> the time control it belongs to
OWNERS = {
    "days_per_move": TimeControl.CORRESPONDENCE,
    "minutes_per_player": TimeControl.LIVE,
    "increment_seconds": TimeControl.LIVE,
}
REFUSALS = {
    TimeControl.LIVE: _(
        "Only live tables have a clock: choose “Live” as the time control, or leave this field as it was."
    ),
    TimeControl.CORRESPONDENCE: _(
        "Only correspondence tables count days per move: choose “Correspondence” as "
        "the time control, or leave this field as it was."
    ),
}


def mark(form: forms.Form) -> None:
    """Tag each such field with its time control (the page hides and disables the other one's fields)
    and make it optional: a disabled field is not sent."""
    for name, owner in OWNERS.items():
        if name in form.fields:
            form.fields[name].required = False
            form.fields[name].widget.attrs["data-time-control"] = owner


def check(form: forms.Form, cleaned: dict) -> None:
    """Refuse a field of the other time control set to something else than its default (it would
    be silently ignored); fill the missing ones with their defaults."""
    chosen = cleaned.get("time_control")
    for name, owner in OWNERS.items():
        if name not in form.fields:
            continue
        value, default = cleaned.get(name), form.fields[name].initial
        if owner != chosen and value not in (None, default):
            form.add_error(name, REFUSALS[owner])
        elif value is None:
            cleaned[name] = default
