from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from games import time_control_fields
from games.models import TimeControl, TimeoutPolicy
from games.rules.base import Engine
from games.services.tables import MAX_INCREMENT_SECONDS


class EngineOptionsForm(forms.Form):
    """A form with one field per option the engine declares (``opt_<name>``); tables and tournaments."""

    engine: Engine

    def add_option_fields(self, engine: Engine) -> None:
        self.engine = engine
        self.option_names: list[str] = []
        for opt in engine.options:
            name = f"opt_{opt.name}"
            self.option_names.append(name)
            help_text = _(opt.help) if opt.help else ""
            if opt.kind == "choice":
                self.fields[name] = forms.ChoiceField(
                    label=_(opt.label),
                    choices=[(v, _(label)) for v, label in opt.choices],
                    initial=opt.default,
                    help_text=help_text,
                )
            else:
                self.fields[name] = forms.BooleanField(
                    label=_(opt.label), required=False, initial=opt.default, help_text=help_text
                )

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.option_names]

    def options(self) -> dict:
        """The chosen options (call after validation)."""
        return {opt.name: self.cleaned_data[f"opt_{opt.name}"] for opt in self.engine.options}


class TableForm(EngineOptionsForm):
    """Table settings plus one field for each option the engine declares."""

    game_slug = forms.ChoiceField(label=_("Game"))
    seats = forms.TypedChoiceField(label=_("Players"), coerce=int)
    time_control = forms.ChoiceField(
        label=_("Time control"), choices=TimeControl.choices, initial=TimeControl.CORRESPONDENCE
    )
    days_per_move = forms.IntegerField(
        label=_("Days per move"), min_value=1, max_value=30, initial=3, help_text=_("Correspondence games.")
    )
    minutes_per_player = forms.IntegerField(
        label=_("Minutes per player"), min_value=1, max_value=240, initial=20, help_text=_("Live games.")
    )
    increment_seconds = forms.IntegerField(
        label=_("Increment (seconds)"),
        min_value=0,
        max_value=MAX_INCREMENT_SECONDS,
        initial=0,
        required=False,
        help_text=_("Live games: added to a player's clock after each move."),
    )
    timeout_policy = forms.ChoiceField(
        label=_("When time runs out"), choices=TimeoutPolicy.choices, initial=TimeoutPolicy.BOT, required=False
    )
    invited_only = forms.BooleanField(label=_("Invited players only"), required=False)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    bots = forms.IntegerField(
        label=_("Bots"), min_value=0, max_value=7, initial=0, help_text=_("Seats filled by bots right away.")
    )

    def __init__(self, engines: list[Engine], engine: Engine, *args, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game_slug"]).choices = [(e.slug, e.name) for e in engines]
        self.fields["game_slug"].initial = engine.slug
        counts = range(engine.min_players, engine.max_players + 1)
        cast(forms.ChoiceField, self.fields["seats"]).choices = [(n, str(n)) for n in counts]
        self.fields["seats"].initial = engine.min_players
        self.add_option_fields(engine)
        self.fields["seats"].help_text = _(engine.players_help) if engine.players_help else ""
        time_control_fields.mark(self)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        time_control_fields.check(self, cleaned)
        return cleaned

    def clean_timeout_policy(self) -> str:
        return self.cleaned_data.get("timeout_policy") or TimeoutPolicy.BOT

    def table_fields(self):
        return [
            self[n]
            for n in (
                "time_control",
                "days_per_move",
                "minutes_per_player",
                "increment_seconds",
                "timeout_policy",
                "invited_only",
                "rated",
                "bots",
            )
        ]


class InviteForm(forms.Form):
    username = forms.CharField(label=_("Invite a player"), max_length=150)


class ChatForm(forms.Form):
    text = forms.CharField(label=_("Message"), max_length=500)
