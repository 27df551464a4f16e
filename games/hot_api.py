"""The two requests every client sends most, a player's view of a game and a move, without DRF's view
machinery; the only place where the API goes round DRF.

Most requests are these two, and DRF's view dispatch (the request wrapper's
negotiation, the viewset and router, the permission and throttle objects, the
renderer) cost more server CPU than the view itself (bench/results/ has the
side-by-side figures). Everything else still goes the same way:

- Django's middleware runs as for every request: security headers, the
  Content-Security-Policy, the language, the request id, the access log, the
  body limit.
- Authentication is DRF's: ``GameViewSet``'s classes (``DEFAULT_AUTHENTICATION_CLASSES``), in
  their order; a session is only accepted with a valid CSRF token, as
  ``SessionAuthentication`` requires (the view itself is CSRF-exempt, as DRF's are).
- Permissions are those of ``games.api.GameViewSet`` (reading open to all, a move only
  for a signed-in user); throttles are its throttle classes (``DEFAULT_THROTTLE_CLASSES``).
- Errors have the envelope of ``plumbing.api.exception_handler``, which makes them.
- JSON is parsed with the depth limit of ``plumbing.parsers`` and written with DRF's
  encoder and settings, byte for byte as DRF writes it.
- A move's body is checked by ``MoveSubmitSerializer``, except that the plain body every client
  sends is taken by a check that gives what the serializer gives (``plain_move``); anything
  else, and every refusal, is the serializer's.

Any request that is not the plain case (another method, a non-JSON body, a client asking
for HTML or another format) goes to the DRF view unchanged, so the API's behaviour does
not depend on which road a request took; tests/games/test_hot_api.py holds the two side
by side.
"""

from __future__ import annotations

import io
import uuid
from collections.abc import Callable
from functools import cache
from typing import Any, cast

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from games.api import GameViewSet
from games.serializers import MoveSubmitSerializer
from games.services import play
from games.services.moves import submit_move
from plumbing.api import exception_handler
from plumbing.json_text import JSONText, dumps
from plumbing.parsers import JSONParser

_drf_retrieve = GameViewSet.as_view({"get": "retrieve"})
# As the router builds them, with the action's own permission classes.
_drf_moves = GameViewSet.as_view({"post": "moves"}, basename="game", detail=True, **GameViewSet.moves.kwargs)
_parser = JSONParser()
# The view the throttles are asked for (a scope of its own would be its ``throttle_scope``).
_THROTTLED_VIEW = GameViewSet()
# The methods DRF's routes for these two URLs allow (its Allow header).
VIEW_ALLOW, MOVE_ALLOW = "GET, HEAD, OPTIONS", "POST, OPTIONS"


class _Context:
    """What DRF's exception handler may look at of a view."""

    def __init__(self, request: Request):
        self.request = request
        self.args: tuple = ()
        self.kwargs: dict = {}


def _plain(request: HttpRequest, method: str) -> bool:
    """The request this module answers itself; anything else goes to DRF."""
    if request.method != method or "format" in request.GET:
        return False
    # Media type parameters (DRF's "indent") and lists of types are left to DRF's negotiation.
    if request.headers.get("Accept", "*/*") not in ("*/*", "application/json", ""):
        return False
    return method == "GET" or request.content_type == "application/json"


def answers_itself(request: HttpRequest, view: Callable[..., HttpResponse]) -> bool:
    """Whether ``view`` (one of this module's) answers ``request`` itself rather than handing it to DRF."""
    return _plain(request, "GET" if view is game_view else "POST")


@cache
def _name(name: str) -> str:
    """A key of a game's view as JSON: the same few every time (ASCII, so the same whatever the settings)."""
    return dumps(name)


def _encode_view(data: dict[str, Any]) -> bytes:
    """``dumps(data)`` for a game's view, byte for byte, with the parts kept as JSON text spliced in."""
    item, key = (",", ":") if api_settings.COMPACT_JSON else (", ", ": ")
    parts = (_name(name) + key + (value if type(value) is JSONText else dumps(value)) for name, value in data.items())
    return ("{" + item.join(parts) + "}").encode()


def _json(data: Any, status: int, headers: dict[str, str] | None = None, allow: str = "") -> HttpResponse:
    return _respond(dumps(data).encode(), status, headers, allow)


def _respond(body: bytes, status: int, headers: dict[str, str] | None = None, allow: str = "") -> HttpResponse:
    response = HttpResponse(body, status=status, content_type="application/json", headers=headers)
    # As DRF answers: another Accept header gets another representation; the route's methods.
    response["Vary"] = "Accept"
    response["Allow"] = allow
    return response


def _authenticated(request: HttpRequest) -> Request:
    """DRF's request with DRF's authentication done (raises as DRF would), and the throttles checked."""
    # The view's own classes, as DRF takes them (its settings' defaults when the view was defined).
    authentication = cast("list[type[BaseAuthentication]]", GameViewSet.authentication_classes)
    # The JSON parser is the request's own: the session's CSRF check reads the request's POST data.
    wrapped = Request(request, parsers=[_parser], authenticators=[auth() for auth in authentication])
    wrapped.user  # noqa: B018  (authenticates now: a bad token or a missing CSRF token is refused here)
    check_throttles(wrapped)
    return wrapped


def check_throttles(request: Any) -> None:
    """``GameViewSet``'s throttles for ``request`` (its ``user`` and ``META``); raises DRF's Throttled."""
    for throttle_class in cast("list[type[BaseThrottle]]", GameViewSet.throttle_classes):
        throttle = throttle_class()
        if not throttle.allow_request(request, _THROTTLED_VIEW):
            raise exceptions.Throttled(throttle.wait())


def _error(exc: Exception, wrapped: Request | None, request: HttpRequest, allow: str) -> HttpResponse:
    if isinstance(exc, (exceptions.NotAuthenticated, exceptions.AuthenticationFailed)):
        # DRF answers 401 only when its first authentication class names a scheme; the session's names none.
        exc.status_code = 403
    answer = refusal(exc, allow, _Context(wrapped or Request(request)), wrapped)
    if answer is None:
        raise exc
    return answer


def refusal(exc: Exception, allow: str, view: Any = None, request: Request | None = None) -> HttpResponse | None:
    """The API's error answer to ``exc`` (``plumbing.api.exception_handler``'s envelope), or None for an
    exception it does not answer (an unexpected error, which Django then answers)."""
    answer = exception_handler(exc, {"view": view, "request": request})
    if answer is None:
        return None
    headers = {k: v for k, v in answer.items() if k.lower() != "content-type"}
    return _json(answer.data, answer.status_code, headers=headers, allow=allow)


def view_answer(pk: int, user: Any) -> HttpResponse:
    """The 200 answer of a player's view of game ``pk`` (raises Http404 as ``read_game_view`` does)."""
    return _respond(_encode_view(play.read_game_view(pk, user, as_text=True)), 200, allow=VIEW_ALLOW)


def move_answer(pk: int, user: Any, v: dict[str, Any]) -> HttpResponse:
    """The answer to a checked move body ``v`` (raises the refusals of ``submit_move``)."""
    outcome = submit_move(pk, user, v["move"], version=v["version"], move_id=v.get("move_id"), seat=v.get("seat"))
    body = {
        "version": outcome.game.version,
        "seq": outcome.move.seq,
        "repeated": outcome.repeated,
        "status": outcome.game.status,
    }
    return _json(body, 200 if outcome.repeated else 201, allow=MOVE_ALLOW)


@csrf_exempt
def game_view(request: HttpRequest, pk: int) -> HttpResponse:
    """GET /api/games/<pk>/: the caller's view of the game (``GameViewSet.retrieve``)."""
    if not _plain(request, "GET"):
        return _drf_retrieve(request, pk=str(pk))
    wrapped = None
    try:
        wrapped = _authenticated(request)
        return view_answer(pk, wrapped.user)
    except Exception as exc:  # noqa: BLE001 - what DRF's handler does not answer is raised again
        return _error(exc, wrapped, request, VIEW_ALLOW)


@csrf_exempt
def move(request: HttpRequest, pk: int) -> HttpResponse:
    """POST /api/games/<pk>/moves/: one move (``GameViewSet.moves``)."""
    if not _plain(request, "POST"):
        return _drf_moves(request, pk=str(pk))
    wrapped = None
    try:
        wrapped = _authenticated(request)
        if not wrapped.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        # Parsed once, by DRF's request (an empty body is no data; a bad one raises DRF's ParseError).
        data = wrapped.data
        v = plain_move(data)
        if v is None:
            submitted = MoveSubmitSerializer(data=data)
            submitted.is_valid(raise_exception=True)
            v = submitted.validated_data
        return move_answer(pk, wrapped.user, v)
    except Exception as exc:  # noqa: BLE001 - what DRF's handler does not answer is raised again
        return _error(exc, wrapped, request, MOVE_ALLOW)


_MOVE_KEYS = frozenset(("move", "version", "move_id", "seat"))


def plain_move_body(body: bytes) -> dict[str, Any] | None:
    """``plain_move`` of a JSON body parsed as DRF parses it, or None for a body it does not take."""
    try:
        data = _parser.parse(io.BytesIO(body), "application/json", {"encoding": settings.DEFAULT_CHARSET})
    except exceptions.ParseError:
        return None
    return plain_move(data)


def plain_move(data: Any) -> dict[str, Any] | None:
    """What ``MoveSubmitSerializer`` makes of a well-formed move, or None for anything else, which the
    serializer then checks (and refuses with its own errors). The serializer took 0.078 ms of CPU
    for a move the board sends, this check 0.002 ms."""
    if type(data) is not dict or not data.keys() <= _MOVE_KEYS:
        return None
    move, version = data.get("move"), data.get("version")
    if type(move) is not dict or type(version) is not int or version < 0:
        return None
    plain: dict[str, Any] = {"move": move, "version": version}
    if "move_id" in data:
        move_id = data["move_id"]
        if move_id is not None:
            if type(move_id) is not str:
                return None
            try:
                move_id = uuid.UUID(hex=move_id)
            except ValueError:
                return None
        plain["move_id"] = move_id
    if "seat" in data:
        seat = data["seat"]
        if seat is not None and (type(seat) is not int or seat < 0):
            return None
        plain["seat"] = seat
    return plain
