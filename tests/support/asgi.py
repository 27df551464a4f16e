"""Requests sent straight to the ASGI application, as a server would pass them on."""

import pytest


def http_scope(method: str, path: str, headers=()) -> dict:
    """The scope of one HTTP request from 127.0.0.1 to ``path``."""
    return {
        "type": "http",
        "http_version": "1.1",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "scheme": "http",
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 5000),
        "headers": [(b"host", b"testserver"), *headers],
    }


@pytest.fixture
def close_connections_of_async_orm_calls():
    """The tests' own async ORM calls run in asgiref's thread, whose connection would otherwise stay
    open and keep the test database from being dropped at the end of the run."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    SyncToAsync.single_thread_executor.submit(connections.close_all).result(timeout=10)
