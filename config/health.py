"""The load balancer's health check: database, cache and (when one is configured) the Celery broker.

It answers JSON whatever the client accepts, 200 when every check passed and 503 naming the failed
ones otherwise. Workers are not asked: a web process serves pages without them, so a stopped worker
must not take it out of the balancer.
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from health_check import Cache, Database, HealthCheck
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView


@dataclasses.dataclass
class Broker(HealthCheck):
    """Opens (and closes) a connection to the Celery broker."""

    timeout: datetime.timedelta = dataclasses.field(default=datetime.timedelta(seconds=2), repr=False)

    def run(self) -> None:
        from config.celery import app

        seconds = self.timeout.total_seconds()
        try:
            with app.connection_for_write(connect_timeout=seconds) as connection:
                connection.ensure_connection(max_retries=0, timeout=seconds)
        except Exception as exc:  # kombu raises its own, redis' or socket errors depending on the transport
            raise ServiceUnavailable("Broker unreachable") from exc


def configured_checks() -> list[HealthCheck]:
    checks: list[HealthCheck] = [Database(), Cache()]
    if settings.CELERY_BROKER_URL:
        checks.append(Broker())
    return checks


class HealthView(HealthCheckView):
    def get_checks(self) -> Any:
        return configured_checks()

    def render_to_response(self, context: dict[str, Any], **kwargs: Any) -> HttpResponse:
        # The library renders HTML for browsers; the balancer and people alike get the JSON.
        return self.render_to_response_json(kwargs.get("status", 200))

    def render_to_response_json(self, status: int) -> HttpResponse:
        # 503, not the library's 500: the process works, what it depends on does not.
        return super().render_to_response_json(503 if status >= 500 else status)
