from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from accounts.email_change import email_change_refused
from accounts.models import User
from accounts.sender import sender


class AccountLanguagePasswordResetForm(PasswordResetForm):
    """The reset email speaks the account's language, whatever the language of the page that asked for it."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email,
                  html_email_template_name=None):
        with translation.override(context["user"].language):
            super().send_mail(subject_template_name, email_template_name, context, from_email or sender(), to_email,
                              html_email_template_name)


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
    # Whoever can change the address can reset the password: a left-open session must not be enough.
    current_password = forms.CharField(
        label=_("Current password"), required=False, strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("Needed only to change your email address."))

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

    def clean(self):
        cleaned = super().clean()
        # The instance still holds the stored address here; the form writes the new one after clean().
        email = cleaned.get("email")
        if email and email != self.instance.email:
            problem = email_change_refused(self.instance, cleaned.get("current_password"))
            if problem:
                self.add_error("current_password", problem)
        return cleaned


class VacationForm(forms.Form):
    starts_on = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    ends_on = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
