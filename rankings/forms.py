from datetime import timedelta
from typing import Any, cast

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import time_control_fields
from games.forms import EngineOptionsForm
from games.models import TimeControl
from games.rules.base import Engine
from rankings.models import Tournament
from rankings.services.leaderboards import PERIODS

# A datetime-local input reads and shows only ISO values; a localized one (German: 26.11.2026 14:00) stays empty.
LOCAL_MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class BoardFilterForm(forms.Form):
    period = forms.ChoiceField(
        label=_("Played in"),
        required=False,
        initial="all",
        choices=[("all", _("All time")), ("30", _("Last 30 days")), ("365", _("Last 365 days"))],
    )
    min_games = forms.IntegerField(label=_("Minimum games"), required=False, min_value=0, max_value=10_000, initial=0)

    def values(self) -> tuple[str, int]:
        if not self.is_valid():
            return "all", 0
        period = self.cleaned_data.get("period") or "all"
        return (period if period in PERIODS else "all"), self.cleaned_data.get("min_games") or 0


class TournamentForm(EngineOptionsForm):
    """Tournament settings plus one field per option the engine declares."""

    name = forms.CharField(label=_("Name"), max_length=80)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    table_size = forms.TypedChoiceField(label=_("Players per table"), coerce=int)
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=20,
        initial=3,
        help_text=_(
            "Swiss, and round robin at tables of three or more. Knockout plays "
            "until one player is left; round robin at two-player tables plays "
            "everyone in the group once."
        ),
    )
    group_size = forms.IntegerField(
        label=_("Group size"), min_value=2, max_value=16, initial=4, help_text=_("Round robin at two-player tables.")
    )
    registration_opens = forms.DateTimeField(
        label=_("Registration opens"), required=False, widget=LOCAL_MOMENT, help_text=_("Empty: now.")
    )
    starts_at = forms.DateTimeField(label=_("Starts (registration closes)"), widget=LOCAL_MOMENT)
    time_control = forms.ChoiceField(
        label=_("Time control"), choices=TimeControl.choices, initial=TimeControl.CORRESPONDENCE
    )
    days_per_move = forms.IntegerField(label=_("Days per move"), min_value=1, max_value=30, initial=3)
    minutes_per_player = forms.IntegerField(label=_("Minutes per player"), min_value=1, max_value=240, initial=20)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    invited_only = forms.BooleanField(label=_("Invited players only"), required=False)

    def __init__(self, engine: Engine, *args, **kwargs):
        super().__init__(*args, **kwargs)
        low = max(2, engine.min_players)
        sizes = range(low, engine.max_players + 1)
        cast(forms.ChoiceField, self.fields["table_size"]).choices = [(n, str(n)) for n in sizes]
        self.fields["table_size"].initial = low
        time_control_fields.mark(self)
        self.fields["starts_at"].initial = (timezone.now() + timedelta(days=7)).replace(second=0, microsecond=0)
        self.add_option_fields(engine)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        time_control_fields.check(self, cleaned)
        return cleaned

    def main_fields(self):
        return [self[n] for n in ("name", "format", "table_size", "rounds", "group_size")]

    def schedule_fields(self):
        return [
            self[n]
            for n in (
                "registration_opens",
                "starts_at",
                "time_control",
                "days_per_move",
                "minutes_per_player",
                "rated",
                "invited_only",
            )
        ]

    def service_kwargs(self) -> dict:
        d = self.cleaned_data
        kwargs = {
            k: d[k]
            for k in (
                "name",
                "format",
                "table_size",
                "rounds",
                "group_size",
                "registration_opens",
                "starts_at",
                "time_control",
                "days_per_move",
                "minutes_per_player",
                "rated",
                "invited_only",
            )
        }
        kwargs["options"] = self.options()
        kwargs["game_slug"] = self.engine.slug
        return kwargs


class InviteForm(forms.Form):
    username = forms.CharField(label=_("Invite a player"), max_length=150)
