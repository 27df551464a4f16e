import os
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)
# Views run in threads beside the event loop. With the default 5 ms switch interval, every Redis reply
# the loop waits for (a WebSocket announcement takes several) waited for a busy view thread to hand
# over the interpreter, and announcements fell seconds behind at 100 moves a second.
sys.setswitchinterval(float(os.environ.get("WEB_SWITCH_INTERVAL", "0.001")))

from config.http_handler import SyncRequestASGIHandler  # noqa: E402

django_asgi_app = SyncRequestASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from notifications.routing import websocket_urlpatterns as notice_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns + notice_urlpatterns))),
    }
)
