"""The settings page's push section: a browser signs up for notifications, a device's choice
changes or the device is removed. 404 while Web Push is not configured."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from notifications.services import push


def _settings_section() -> HttpResponse:
    return redirect(reverse("settings") + "#push")


def _require_push() -> None:
    if not push.enabled():
        raise Http404


def _json_body(request: HttpRequest) -> dict:
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        data = None
    return data if isinstance(data, dict) else {}


@require_POST
def subscribe(request: HttpRequest) -> HttpResponse:
    """JSON ``{"subscription": PushSubscription.toJSON()}`` from the settings page's script."""
    _require_push()
    if not request.user.is_authenticated:
        return JsonResponse({"detail": _("Please sign in."), "code": "not_authenticated"}, status=403)
    try:
        device = push.subscribe(
            request.user, _json_body(request).get("subscription"), request.headers.get("User-Agent", "")
        )
    except push.BadSubscription as exc:
        return JsonResponse({"detail": str(exc), "code": "invalid"}, status=400)
    return JsonResponse({"id": device.pk, "label": device.label, "turns": device.turns}, status=201)


@require_POST
def forget(request: HttpRequest) -> HttpResponse:
    """JSON ``{"endpoint": ...}``: this browser unsubscribed."""
    _require_push()
    if not request.user.is_authenticated:
        return JsonResponse({"detail": _("Please sign in."), "code": "not_authenticated"}, status=403)
    endpoint = _json_body(request).get("endpoint")
    if isinstance(endpoint, str):
        push.forget(request.user, endpoint)
    return HttpResponse(status=204)


@login_required
@require_POST
def choose(request: HttpRequest, pk: int) -> HttpResponse:
    _require_push()
    if push.choose(request.user, pk, request.POST.get("turns", "")):
        messages.success(request, _("The device's notifications are saved."))
    else:
        messages.error(request, _("That choice cannot be saved."))
    return _settings_section()


@login_required
@require_POST
def remove(request: HttpRequest, pk: int) -> HttpResponse:
    _require_push()
    if push.remove(request.user, pk):
        messages.success(request, _("The device gets no more notifications."))
    return _settings_section()
