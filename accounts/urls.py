from allauth.account import views as allauth_views
from django.urls import include, path, reverse_lazy
from django.views.generic import RedirectView

from accounts import data_views, views

# The site's own names and addresses for allauth's pages come first; the rest of allauth's pages
# (email confirmation, password reset by key, ...) follow under their own names.
urlpatterns = [
    path("login/", allauth_views.login, name="login"),
    path("signup/", allauth_views.signup, name="signup"),
    path("logout/", allauth_views.logout, name="logout"),
    path("password/change/", allauth_views.password_change, name="password_change"),
    path("password/reset/", allauth_views.password_reset, name="password_reset"),
    path("settings/", views.settings_view, name="settings"),
    path("settings/vacation/", views.vacation_view, name="settings-vacation"),
    path("settings/data/", data_views.download_data, name="settings-data"),
    path("settings/delete/", data_views.delete_account_view, name="settings-delete"),
    path("settings/tokens/revoke/", views.revoke_token_view, name="settings-token-revoke"),
    path("", include("allauth.account.urls")),
    # Addresses of the pages before allauth, still in sent emails and bookmarks.
    path("password/reset/sent/", RedirectView.as_view(pattern_name="account_reset_password_done")),
    path(
        "password/reset/<str:uidb64>/<str:token>/",
        RedirectView.as_view(url=reverse_lazy("password_reset")),
        name="password_reset_confirm",
    ),
]
