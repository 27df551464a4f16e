from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlumbingConfig(AppConfig):
    name = "plumbing"
    verbose_name = _("Background work")  # in the admin: the outbox
