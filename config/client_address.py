"""The client's address, as told by the trusted proxies in front of the web process and nobody else.

Each proxy appends the address it was connected from to X-Forwarded-For, so with N trusted proxies
the Nth entry from the right is the last one a trusted party wrote; whatever stands further left
came from the client and may be forged. With no trusted proxies the header is ignored entirely.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings

# The address the connection came from, before the middleware replaced REMOTE_ADDR.
PEER_ADDR = "boardgames.peer_addr"


def client_address(meta: dict) -> str:
    """The address rate limits and logs should count for a request with these META headers."""
    peer = meta.get("REMOTE_ADDR") or "unknown"
    trusted = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if trusted <= 0:
        return peer
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if len(forwarded) < trusted:
        # Fewer entries than proxies: the request did not come through all of them.
        return forwarded[0] if forwarded and _is_address(forwarded[0]) else peer
    candidate = forwarded[-trusted]
    return candidate if _is_address(candidate) else peer


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


class ClientAddressMiddleware:
    """Puts the client's address in REMOTE_ADDR for everything after it: the pages' limits, DRF's
    throttles and the logs all read the same, proxy-aware value."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        if PEER_ADDR not in meta:
            meta[PEER_ADDR] = meta.get("REMOTE_ADDR")
            meta["REMOTE_ADDR"] = client_address(meta)
        return self.get_response(request)
