"""Browsers ask for /favicon.ico on every site: it answers with our own icon, not a 404."""

import struct

import pytest


@pytest.mark.django_db
def test_the_favicon_is_our_own_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    assert "max-age" in response["Cache-Control"]
    body = response.content
    reserved, kind, count = struct.unpack("<HHH", body[:6])
    assert (reserved, kind, count) == (0, 1, 1)
    width, height = body[6], body[7]
    offset = struct.unpack("<I", body[18:22])[0]
    assert (width, height) == (32, 32) and body[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
    assert client.post("/favicon.ico").status_code == 405


@pytest.mark.django_db
def test_pages_link_the_icon(client):
    html = client.get("/").content.decode()
    assert 'rel="icon" href="/static/img/favicon.svg"' in html and 'href="/favicon.ico"' in html
