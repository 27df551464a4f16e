from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlumbingConfig(AppConfig):
    name = "plumbing"
    verbose_name = _("Background work")  # in the admin: the outbox

    def ready(self) -> None:
        from django.core.signals import request_started

        from plumbing import outbox

        # Without a broker no beat retries the outbox: requests do (outbox.eager_sweep).
        request_started.connect(outbox.eager_sweep, dispatch_uid="plumbing.outbox.eager_sweep")
