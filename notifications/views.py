from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from notifications.services import unsubscribe


@csrf_exempt  # the signed token is the credential; mail clients post without a session (RFC 8058)
@require_http_methods(["GET", "POST"])
def unsubscribe_view(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks (link checkers follow links); POST, from the page or a mail client's button, unsubscribes."""
    try:
        user, kind = unsubscribe.read(token)
    except unsubscribe.BadToken:
        return render(request, "notifications/unsubscribe.html", {"bad": True}, status=400)
    if not request.user.is_authenticated:
        translation.activate(user.language)
    context = {"person": user, "what": unsubscribe.describe(kind), "token": token}
    if request.method == "POST":
        unsubscribe.apply(user, kind)
        context["done"] = True
    else:
        context["subscribed"] = unsubscribe.is_subscribed(user, kind)
    return render(request, "notifications/unsubscribe.html", context)
