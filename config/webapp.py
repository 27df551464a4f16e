"""The site as an app on a phone: its manifest and its service worker, both at the root, so the
worker's scope is the whole site (a worker's scope is at most the folder it is served from)."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

WORKER = settings.BASE_DIR / "static" / "js" / "service-worker.js"
THEME = "#8c2f1b"


@lru_cache(maxsize=1)
def _worker() -> bytes:
    return WORKER.read_bytes()


@require_safe
@vary_on_headers("Accept-Language", "Cookie")
@cache_control(public=False, max_age=24 * 3600)
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest, in the reader's language."""
    name = _("Boardgame Club")
    data = {
        "name": name,
        "short_name": name,
        "description": _("Turn-based board games, played together."),
        "lang": get_language(),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f3ece2",
        "theme_color": THEME,
        "icons": [
            {"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {
                "src": static("img/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker: shows the pushed notifications and opens the page they point to.

    Browsers check it for updates on their own; ``no-cache`` has every check ask us."""
    response = HttpResponse(_worker(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
