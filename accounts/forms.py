from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=_("Email"), help_text=_("For turn emails and password resets."))

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self):
        email = User.objects.normalize_email(self.cleaned_data["email"])
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this email address already exists."))
        return email


class SettingsForm(forms.ModelForm):
    class Meta:
        model = User
        fields = (
            "display_name", "email", "language", "time_zone", "turn_email", "digest_hour",
            "reminder_hours", "email_on_game_end", "email_on_timeout", "email_on_invitation", "email_on_tournament",
        )

    def clean_email(self):
        email = User.objects.normalize_email(self.cleaned_data["email"])
        if User.objects.filter(email__iexact=email).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(_("An account with this email address already exists."))
        return email


class VacationForm(forms.Form):
    starts_on = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
