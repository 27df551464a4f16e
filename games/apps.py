from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from games.rules.registry import load_engines

        load_engines()
        from games import receivers  # noqa: F401  (connects the signal receivers)
        from games.services import personal_data

        personal_data.register()
        from games.services import after_commit  # noqa: F401  (registers the outbox handlers)
