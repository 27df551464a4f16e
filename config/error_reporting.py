"""Error reporting to Sentry, switched on by SENTRY_DSN: without it nothing is loaded or sent."""

from __future__ import annotations


def start_error_reporting(dsn: str, *, environment: str, release: str, traces_sample_rate: float) -> bool:
    """Starts the Sentry client for Django, Celery and logged errors; ``False`` when ``dsn`` is empty."""
    if not dsn:
        return False
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment or None,
        release=release or None,
        traces_sample_rate=traces_sample_rate,
        # Names, emails and addresses of players stay here; reports carry ids only.
        send_default_pii=False,
        integrations=[DjangoIntegration(), CeleryIntegration()],
    )
    return True
