"""The base of every error a user can cause in a service; the API answers it in its envelope."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """An error with the HTTP status and the code the API answers with; it changes nothing."""

    status = 400
    code = "invalid"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def extra(self) -> dict[str, Any]:
        """Fields the error answer carries besides ``detail`` and ``code``."""
        return {}
