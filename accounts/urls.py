from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from accounts import views
from accounts.auth_views import RateLimitedLoginView, RateLimitedPasswordResetView
from accounts.forms import AccountLanguagePasswordResetForm

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", RateLimitedLoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("settings/", views.settings_view, name="settings"),
    path("settings/vacation/", views.vacation_view, name="settings-vacation"),
    path("settings/tokens/revoke/", views.revoke_token_view, name="settings-token-revoke"),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(template_name="accounts/form_page.html",
                                              success_url=reverse_lazy("settings")),
        name="password_change",
    ),
    path(
        "password/reset/",
        RateLimitedPasswordResetView.as_view(form_class=AccountLanguagePasswordResetForm),
        name="password_reset",
    ),
    path("password/reset/sent/", auth_views.PasswordResetDoneView.as_view(
        template_name="accounts/password_reset_done.html"), name="password_reset_done"),
    path("password/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(
        template_name="accounts/form_page.html"), name="password_reset_confirm"),
    path("password/reset/done/", auth_views.PasswordResetCompleteView.as_view(
        template_name="accounts/password_reset_complete.html"), name="password_reset_complete"),
]
