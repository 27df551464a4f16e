import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)

from config.http_handler import SyncRequestASGIHandler  # noqa: E402

django_asgi_app = SyncRequestASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import get_resolver  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from notifications.routing import websocket_urlpatterns as notice_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns + notice_urlpatterns))
        ),
    }
)

# Everything loaded so far lives as long as the process. Frozen, it is left out of the collector's
# full passes, which otherwise walk all of Django each time and stall requests and frames alike
# (measured in a web worker under load: 200-255 ms a pass before, 38-79 ms after).
get_resolver().url_patterns  # noqa: B018  (imports every view module before the freeze)
gc.freeze()
GC_YOUNG_THRESHOLD = 50_000  # allocations (less deallocations) between two young collections
# Nearly everything a request makes is freed by reference counting; at the default threshold (700)
# the youngest generation was collected about once per eight requests and its survivors promoted,
# which made the full passes over the view cache come sooner (bench/side_by_side.py, bench/results/).
gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
