"""The settings page's "your data": downloading everything kept about oneself, and deleting the account."""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods
from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import personal_data
from accounts.deletion import AccountDeletionError, delete_account


def data_document(user) -> dict:
    """The download: when it was made, and every section the apps registered."""
    return {"exported_at": timezone.now().isoformat(), **personal_data.export(user)}


@login_required
@require_GET
def download_data(request):
    body = json.dumps(data_document(request.user), cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="boardgame-club-{request.user.pk}.json"'
    return response


class DataDownloadView(APIView):
    """Everything the platform keeps about the caller, as one JSON document."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        return Response(data_document(request.user))


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(label=gettext_lazy("I understand that this cannot be undone."))


@login_required
@require_http_methods(["GET", "POST"])
def delete_account_view(request):
    form = DeleteAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            delete_account(request.user, form.cleaned_data["password"])
        except AccountDeletionError as exc:
            form.add_error("password", exc.message)
        else:
            logout(request)
            messages.success(request, _("Your account has been deleted. Goodbye!"))
            return redirect("lobby")
    return render(request, "accounts/delete_account.html", {"form": form}, status=400 if form.is_bound else 200)
