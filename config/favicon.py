"""/favicon.ico, which browsers ask for whatever the page links: our own die icon."""

from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

ICON = settings.BASE_DIR / "static" / "img" / "favicon.ico"


@lru_cache(maxsize=1)
def _icon() -> bytes:
    return ICON.read_bytes()


@require_safe
@cache_control(public=True, max_age=7 * 24 * 3600)
def favicon(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_icon(), content_type="image/x-icon")
