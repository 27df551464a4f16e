"""django-csp's middleware with the policy built once instead of on every response.

The library builds the Content-Security-Policy header (and its report-only twin) from the settings
for each response, copying the settings' dictionaries on the way; that was one of the dearest
middleware on the API's hot path (bench/middleware_cost.py). A response without a nonce and without
a view's own policy (django-csp's decorators) gets the same header every time, so that header is
kept until the settings change; anything else goes the library's own way.
"""

from __future__ import annotations

import functools
import http.client

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase

# What a view's decorators set on its response to change the policy for that response only.
_PER_RESPONSE = ("_csp_config", "_csp_update", "_csp_replace", "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro")
# (header, its settings, the response attribute that exempts a response from it, report only)
_HEADERS = (
    (HEADER, "CONTENT_SECURITY_POLICY", "_csp_exempt", False),
    (HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", "_csp_exempt_ro", True),
)
_DEBUG_EXEMPT = (http.client.INTERNAL_SERVER_ERROR, http.client.NOT_FOUND)


@functools.cache
def _policy(report_only: bool) -> str:
    return build_policy(report_only=report_only)


@receiver(setting_changed)
def _forget_policy(setting: str, **kwargs: object) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _policy.cache_clear()


class CSPMiddleware(LibraryCSPMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(
            getattr(response, name, None) is not None for name in _PER_RESPONSE
        ):
            return super().process_response(request, response)
        if response.status_code in _DEBUG_EXEMPT and settings.DEBUG:
            return response
        # As the library decides for each header, with the policy it would have built.
        for header, setting, exempt, report_only in _HEADERS:
            policy = _policy(report_only)
            if not policy or header in response or getattr(response, exempt, False) is not False:
                continue
            prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES", None) or ()
            if not request.path_info.startswith(tuple(prefixes)):
                response[header] = policy
        # A nonce asked for after the header is written would not be in it: the library's error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response
