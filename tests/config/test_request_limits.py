"""Request bodies beyond REQUEST_BODY_MAX_BYTES are refused with 413 before they are read, on every path."""

import json

import pytest
from asgiref.testing import ApplicationCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from tests.support.asgi import close_connections_of_async_orm_calls, http_scope  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_connections_of_async_orm_calls")]

CHUNK = 64 * 1024


async def _answer(communicator) -> dict:
    start = await communicator.receive_output(5)
    body = b""
    while True:
        message = await communicator.receive_output(5)
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    return {"status": start["status"], "headers": dict(start["headers"]), "body": body}


@pytest.mark.asyncio
async def test_a_huge_declared_body_to_a_404_page_is_refused_after_its_first_chunk():
    headers = [(b"content-length", str(300 * 1024 * 1024).encode()), (b"accept-language", b"de")]
    communicator = ApplicationCommunicator(application, http_scope("POST", "/no-such-page/", headers))
    await communicator.send_input({"type": "http.request", "body": b"x" * CHUNK, "more_body": True})
    # Nothing more is sent: the answer must not wait for the other 300 MiB.
    answer = await _answer(communicator)
    assert answer["status"] == 413
    assert "Anfrage zu groß".encode() in answer["body"]
    assert {name.lower(): value for name, value in answer["headers"].items()}[b"connection"] == b"close"


@pytest.mark.asyncio
async def test_a_body_without_a_declared_length_is_cut_off_at_the_cap():
    communicator = ApplicationCommunicator(
        application,
        http_scope(
            "POST", "/api/auth/token/", [(b"content-type", b"application/json"), (b"transfer-encoding", b"chunked")]
        ),
    )
    chunks = settings.REQUEST_BODY_MAX_BYTES // CHUNK + 1
    for _ in range(chunks):
        await communicator.send_input({"type": "http.request", "body": b" " * CHUNK, "more_body": True})
    answer = await _answer(communicator)
    assert answer["status"] == 413
    body = json.loads(answer["body"])
    assert body["code"] == "too_large" and "KiB" in body["detail"]


@pytest.mark.asyncio
async def test_a_body_within_the_cap_still_reaches_the_view():
    body = json.dumps({"username": "nobody", "password": "x" * 1000}).encode()
    communicator = ApplicationCommunicator(
        application,
        http_scope(
            "POST",
            "/api/auth/token/",
            [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        ),
    )
    await communicator.send_input({"type": "http.request", "body": body})
    answer = await _answer(communicator)
    assert answer["status"] == 400


def test_the_cap_holds_for_requests_that_do_not_come_through_the_asgi_handler(client):
    too_big = "x" * (settings.REQUEST_BODY_MAX_BYTES + 1)
    page = client.post("/accounts/login/", {"username": "a", "password": too_big})
    assert page.status_code == 413
    assert "Request too large" in page.content.decode()
    api = client.post("/api/tables/", too_big, content_type="application/json")
    assert api.status_code == 413 and api.json()["code"] == "too_large"
    assert client.post("/accounts/login/", {"username": "a", "password": "b"}).status_code == 200


def test_data_upload_limit_follows_the_cap():
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == settings.REQUEST_BODY_MAX_BYTES


def test_an_api_path_without_a_route_answers_in_the_api_error_shape():
    client = Client()
    for path in ("/api/games/abc/", "/api/tables/x1/join/", "/api/no-such-thing/"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json() == {"detail": "Not found.", "code": "not_found"}, path
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get("/api/games/abc/")
    assert german.json()["detail"] == "Nicht gefunden."
    # Pages keep their HTML 404.
    assert Client().get("/games/abc/")["Content-Type"].startswith("text/html")
