"""API tokens on WebSockets: a socket is opened as the token's user, as a request is.

A client names its token either

- in an ``Authorization: Token <key>`` header (clients that set headers: scripts, apps), or
- as the subprotocols ``token`` and ``<key>`` (``new WebSocket(url, ["token", key])`` in a browser,
  which cannot set headers on a socket); the socket is accepted with the subprotocol ``token``.

The token is resolved by ``accounts.authentication`` exactly as for the REST API (the same memory,
cache and database, the same expiry and revocation); a socket opened with a token that is unknown,
expired or revoked, or of an inactive account, is refused at the handshake (HTTP 403).

Origins: a socket opened with a token is accepted from any Origin, and without one (a non-browser
client): a browser never attaches a token to a socket by itself, so another site cannot open one in
a visitor's name, which is what the Origin check prevents for the session cookie. A socket without a
token goes on to the session stack, which accepts only Origins of ``ALLOWED_HOSTS`` and refuses a
missing Origin. With a token, the session cookie is not looked at.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.security.websocket import WebsocketDenier
from knox.settings import knox_settings

from accounts.authentication import key_user, token_user

SUBPROTOCOL = "token"
# The scope key under which the subprotocol to accept the socket with is handed to the consumer.
ACCEPT_SUBPROTOCOL = "accept_subprotocol"
# The scope key of the token a socket was opened with, as an Authorization header.
TOKEN_HEADER = "api_token_header"

Application = Any  # an ASGI application


class TokenSocketMiddleware:
    """Sockets that name a token go to ``token_app`` as the token's user; the others to ``session_app``."""

    def __init__(self, token_app: Application, session_app: Application) -> None:
        self.token_app = token_app
        self.session_app = session_app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        header = _token_header(scope)
        key = _subprotocol_key(scope)
        if header is None and key is None:
            return await self.session_app(scope, receive, send)
        user = await _user(header, key)
        if user is None:
            return await WebsocketDenier()(scope, receive, send)
        scope = {**scope, "user": user, TOKEN_HEADER: header or f"{knox_settings.AUTH_HEADER_PREFIX} {key}".encode()}
        if header is None:
            scope[ACCEPT_SUBPROTOCOL] = SUBPROTOCOL
        return await self.token_app(scope, receive, send)


def _token_header(scope: dict[str, Any]) -> bytes | None:
    """The ``Authorization`` header when it names a token (a browser may send a proxy's Basic one)."""
    value = next((value for key, value in scope.get("headers", ()) if key == b"authorization"), None)
    scheme = value.split(maxsplit=1)[0] if value and value.split() else b""
    return value if scheme.lower() == knox_settings.AUTH_HEADER_PREFIX.encode().lower() else None


def _subprotocol_key(scope: dict[str, Any]) -> str | None:
    """The key offered after the subprotocol ``token``; "" when ``token`` comes without one."""
    offered = list(scope.get("subprotocols") or ())
    if SUBPROTOCOL not in offered:
        return None
    at = offered.index(SUBPROTOCOL)
    return offered[at + 1] if at + 1 < len(offered) else ""


@database_sync_to_async
def _user(header: bytes | None, key: str | None):
    # The header decides when both are given, as it would for a request.
    return token_user(header) if header is not None else key_user(key or "")


async def still_signed_in(scope: dict[str, Any]) -> bool:
    """Whether the token a socket was opened with still works for its user (True without a token)."""
    header = scope.get(TOKEN_HEADER)
    if header is None:
        return True
    user = await database_sync_to_async(token_user)(header)
    return user is not None and user.pk == scope["user"].pk
