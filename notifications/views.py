from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from notifications.models import Notice
from notifications.services import notices, unsubscribe


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


@login_required
def notice_list(request: HttpRequest) -> HttpResponse:
    items = [{"notice": n, "text": notices.text(n)} for n in notices.recent(request.user, limit=50)]
    return render(request, "notifications/list.html", {"items": items})


@require_GET
def bell_count(request: HttpRequest) -> HttpResponse:
    """The bell's count alone: htmx fetches it when the bell's socket says the count changed."""
    count = notices.unread_count(request.user) if request.user.is_authenticated else 0
    return render(request, "notifications/_bell_count.html", {"unread_notices": count})


@login_required
@require_POST
def notice_open(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark one notice read and go where it points."""
    notice = get_object_or_404(Notice, pk=pk, user=request.user)
    notices.mark_read(request.user, [notice.pk])
    return redirect(notice.url or "notifications:list")


@login_required
@require_POST
def notice_read_all(request: HttpRequest) -> HttpResponse:
    notices.mark_read(request.user)
    return redirect("notifications:list")
