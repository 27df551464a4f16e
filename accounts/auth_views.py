from django.contrib.auth import views as auth_views
from django.utils.translation import gettext as _

from accounts.throttle import rate_limited, target_rate_limited

# Reset emails one client may ask for, and one address may receive, per hour.
RESETS_PER_CLIENT_PER_HOUR = 5
RESETS_PER_ADDRESS_PER_HOUR = 3


class RateLimitedLoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        if rate_limited(request, "login"):
            form = self.get_form()
            form.is_valid()
            form.add_error(None, _("Too many login attempts. Please wait a minute and try again."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)


class RateLimitedPasswordResetView(auth_views.PasswordResetView):
    """Limits per client and per target address, so that nobody can flood an inbox with reset emails.
    The count per address is kept whether or not an account has it, so the refusal tells nothing."""

    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/email/password_reset.txt"
    html_email_template_name = "accounts/email/password_reset.html"
    subject_template_name = "accounts/email/password_reset_subject.txt"

    def form_valid(self, form):
        email = form.cleaned_data["email"]
        if rate_limited(self.request, "password-reset", RESETS_PER_CLIENT_PER_HOUR, 3600) or target_rate_limited(
                "password-reset", email, RESETS_PER_ADDRESS_PER_HOUR, 3600):
            form.add_error("email", _("Too many password reset requests. Please wait an hour and try again."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)
