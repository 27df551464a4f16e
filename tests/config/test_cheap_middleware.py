"""The Content-Security-Policy header built once (config/csp.py) and the message storage made on first
use (config/messages.py) answer exactly as the libraries' own."""

import pytest
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from django.contrib.messages import get_messages
from django.contrib.messages import info as add_info
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.middleware import SessionMiddleware
from django.http import HttpResponse
from django.test import RequestFactory

from config.csp import CSPMiddleware
from config.messages import LazyFallbackStorage


def _headers(middleware_class, request, response):
    middleware = middleware_class(lambda r: response)
    middleware.process_request(request)
    return dict(middleware.process_response(request, response).headers)


def _request(path="/api/games/1/"):
    request = RequestFactory().get(path)
    SessionMiddleware(lambda r: HttpResponse()).process_request(request)
    return request


def test_the_policy_header_is_the_librarys_for_a_response_without_nonce_or_own_policy():
    ours = _headers(CSPMiddleware, _request(), HttpResponse())
    theirs = _headers(LibraryCSPMiddleware, _request(), HttpResponse())
    assert ours["Content-Security-Policy"] and ours == theirs


def test_a_response_with_a_nonce_gets_the_librarys_header_with_that_nonce():
    request = _request("/")
    middleware = CSPMiddleware(lambda r: HttpResponse())
    middleware.process_request(request)
    nonce = str(request.csp_nonce)
    header = middleware.process_response(request, HttpResponse())["Content-Security-Policy"]
    assert f"'nonce-{nonce}'" in header


def test_a_views_own_policy_and_exemption_are_kept():
    own = HttpResponse()
    own._csp_replace = {"img-src": ["https://example.org"]}
    assert "img-src https://example.org" in _headers(CSPMiddleware, _request(), own)["Content-Security-Policy"]
    exempt = HttpResponse()
    exempt._csp_exempt = True
    assert "Content-Security-Policy" not in _headers(CSPMiddleware, _request(), exempt)


def test_a_changed_policy_setting_changes_the_header(settings):
    before = _headers(CSPMiddleware, _request(), HttpResponse())["Content-Security-Policy"]
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    after = _headers(CSPMiddleware, _request(), HttpResponse())["Content-Security-Policy"]
    assert after == "default-src 'none'" != before


def test_the_nonce_asked_for_after_the_header_is_written_is_refused_as_by_the_library():
    from csp.exceptions import CSPNonceError

    request = _request()
    _headers(CSPMiddleware, request, HttpResponse())
    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)


@pytest.mark.django_db
def test_a_message_reaches_the_next_request_as_with_djangos_storage():
    sent = {}
    for storage_class in (LazyFallbackStorage, FallbackStorage):
        request = _request("/")
        request._messages = storage_class(request)
        add_info(request, "Saved.")
        response = HttpResponse()
        request._messages.update(response)
        following = _request("/")
        following.COOKIES = {k: v.value for k, v in response.cookies.items()}
        following._messages = storage_class(following)
        sent[storage_class.__name__] = ([str(m) for m in get_messages(following)], sorted(response.cookies))
    assert sent["LazyFallbackStorage"] == sent["FallbackStorage"] == (["Saved."], ["messages"])


def test_a_request_without_messages_makes_no_backend():
    request = _request("/")
    storage = LazyFallbackStorage(request)
    response = HttpResponse()
    storage.update(response)
    assert "storages" not in vars(storage) and not response.cookies


@pytest.mark.django_db
def test_a_pages_message_is_shown_on_the_page_it_redirects_to(client):
    from accounts.models import ApiToken
    from tests.factories import api_token, make_user

    user = make_user("alice")
    api_token(user)
    client.force_login(user)
    digest = ApiToken.objects.get(user=user).digest
    page = client.post("/accounts/settings/tokens/revoke/", {"token": digest}, follow=True)
    assert "API token is revoked" in page.content.decode()
    assert "API token is revoked" not in client.get("/accounts/settings/").content.decode()
