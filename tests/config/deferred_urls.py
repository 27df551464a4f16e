"""A view that leaves work for after its response, for tests/config/test_http_handler.py."""

import threading

from django.http import JsonResponse
from django.urls import path

from plumbing.deferred import after_response

gate = threading.Event()
ran: list[str] = []


def _fails() -> None:
    raise RuntimeError("a task that fails")


def leaves_its_request_id(request):
    from django_guid import get_guid

    after_response(lambda: ran.append(get_guid()))
    return JsonResponse({"request_id": get_guid()})


def leaves_work(request):
    after_response(lambda: ran.append("sent" if gate.wait(5) else "not sent"))
    after_response(_fails)
    after_response(lambda: ran.append("after the failure"))
    return JsonResponse({"ok": True})


urlpatterns = [path("leaves-work/", leaves_work), path("leaves-its-request-id/", leaves_its_request_id)]
