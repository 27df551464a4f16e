from allauth.account import forms as allauth_forms
from allauth.account.internal import flows
from django import forms
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from accounts.email_change import email_change_refused
from accounts.models import PREFERENCES, User
from accounts.signup import AccountTaken


class LoginForm(allauth_forms.LoginForm):
    """allauth's login (username or email address, then password); the field keeps the name
    "username" it had, so that browsers' saved logins and bookmarks still fill it in."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Username or email")
        # As the page was before: labels, no placeholders repeating them.
        self.fields["login"].widget.attrs.update(autocomplete="username")
        for name in ("login", "password"):
            self.fields[name].widget.attrs.pop("placeholder", None)
        self.fields["password"].help_text = ""  # the page links to the reset below the form

    def add_prefix(self, field_name: str) -> str:
        return super().add_prefix("username" if field_name == "login" else field_name)


class SignupForm(allauth_forms.SignupForm):
    """allauth's sign-up: a taken username is said, a taken address never (its owner gets an email)."""

    def try_save(self, request):
        try:
            return super().try_save(request)
        except AccountTaken as exc:
            if exc.field is None:
                # The address was taken between the check and the save: answer as for any taken address.
                return None, flows.signup.prevent_enumeration(request, email=self.cleaned_data.get("email"))
            self.add_error(exc.field, exc.message)
            return None, TemplateResponse(request, "account/signup.html", {"form": self})


class SettingsForm(forms.ModelForm):
    # Whoever can change the address can reset the password: a left-open session must not be enough.
    current_password = forms.CharField(
        label=_("Current password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("Needed only to change your email address."),
    )

    class Meta:
        model = User
        fields = (
            "display_name",
            "email",
            *PREFERENCES,
        )

    def __init__(self, *args, request=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request
        self.email_changed = False

    def clean_email(self):
        return User.objects.normalize_email(self.cleaned_data["email"])

    def _get_validation_exclusions(self):
        # Whether another account has the address is told only after the password (clean()).
        return {*super()._get_validation_exclusions(), "email"}

    def clean(self):
        cleaned = super().clean()
        # The instance still holds the stored address here; the form writes the new one after clean().
        email = cleaned.get("email")
        if email and email.lower() != self.instance.email.lower():
            problem = email_change_refused(self.request, self.instance, cleaned.get("current_password"), email)
            if problem:
                self.add_error(problem.field, problem.message)
            else:
                self.email_changed = True
        return cleaned


class VacationForm(forms.Form):
    starts_on = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    ends_on = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
