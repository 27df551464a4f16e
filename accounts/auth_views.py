from django.contrib.auth import views as auth_views
from django.utils.translation import gettext as _

from accounts.throttle import rate_limited


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
