"""Errors a user can cause; each carries the HTTP status the API answers with."""

from typing import Any

from plumbing.errors import ServiceError

__all__ = [
    "ServiceError",
    "IllegalMoveError",
    "NotYourTurn",
    "NotFound",
    "StaleVersion",
    "MoveIdReused",
    "GameNotActive",
    "TakeBackRefused",
    "TableError",
    "Forbidden",
]


class IllegalMoveError(ServiceError):
    status = 400
    code = "illegal_move"


class NotYourTurn(ServiceError):
    status = 403
    code = "not_your_seat"


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class StaleVersion(ServiceError):
    status = 409
    code = "stale_version"

    def __init__(self, message: str, current_version: int):
        super().__init__(message)
        self.current_version = current_version

    def extra(self) -> dict[str, Any]:
        return {"version": self.current_version}


class MoveIdReused(ServiceError):
    status = 409
    code = "move_id_reused"


class GameNotActive(ServiceError):
    status = 409
    code = "game_over"


class TakeBackRefused(ServiceError):
    """A move that may not (or no longer) be taken back; the message says why."""

    status = 409
    code = "cannot_take_back"


class TableError(ServiceError):
    status = 400
    code = "table_error"


class Forbidden(ServiceError):
    status = 403
    code = "forbidden"
