from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingsConfig(AppConfig):
    name = "rankings"
    verbose_name = _("Rankings")

    def ready(self) -> None:
        from rankings import receivers  # noqa: F401  (connects the signal receivers)
        from rankings.services import personal_data

        personal_data.register()
        from rankings.services import announcements  # noqa: F401  (registers the outbox handlers)
