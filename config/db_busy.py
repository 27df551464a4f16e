"""A request the database could not serve in time is answered with 503 and a clear message, not a 500.

PostgreSQL connections carry a statement_timeout and a lock_timeout (settings DATABASE_STATEMENT_TIMEOUT_MS,
DATABASE_LOCK_TIMEOUT_MS), so one stuck row lock cannot hold unrelated requests for long; the pool
gives up after its own timeout, and SQLite after its busy timeout. Those errors land here.
"""

from __future__ import annotations

import logging
import sys

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views import defaults

from config.error_pages import plain_error

logger = logging.getLogger(__name__)

# SQLSTATEs of a statement cancelled by statement_timeout and of a lock not granted within lock_timeout.
_TIMED_OUT = {"57014", "55P03"}
RETRY_AFTER_SECONDS = 5


def waited_too_long(exc: BaseException | None) -> bool:
    """Whether ``exc`` says the database did not answer in time (as opposed to a broken query)."""
    if not isinstance(exc, OperationalError):
        return False
    cause = exc.__cause__
    if getattr(cause, "sqlstate", None) in _TIMED_OUT:
        return True
    if type(cause).__name__ == "PoolTimeout":
        return True
    return "database is locked" in str(exc)


def busy(request: HttpRequest) -> HttpResponse:
    return plain_error(
        request,
        503,
        "busy",
        _("Too busy right now"),
        _("The server could not finish this request in time. Please try again in a moment."),
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


class DatabaseBusyMiddleware:
    """Turns a timeout in a view (pages and API alike) into the 503 answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if waited_too_long(exception):
            logger.warning("Database timeout on %s %s: %s", request.method, request.path, exception)
            return busy(request)
        return None


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a timeout outside any view (a middleware reading the session, say) is a 503 too."""
    if waited_too_long(sys.exc_info()[1]):
        return busy(request)
    return defaults.server_error(request)
