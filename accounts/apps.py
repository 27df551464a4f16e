from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from accounts import authentication, emails  # noqa: F401  (connect their receivers)
        from accounts.deletion import register_sections

        register_sections()
