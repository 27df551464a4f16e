from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import emails, tokens, vacations
from accounts.forms import SettingsForm, VacationForm


@login_required
@require_http_methods(["GET", "POST"])
def settings_view(request):
    form = SettingsForm(request.POST or None, instance=request.user, request=request)
    if request.method == "POST" and form.is_valid():
        form.save()
        translation.activate(request.user.language)
        messages.success(request, _("Your settings have been saved."))
        if form.email_changed:
            emails.address_changed(request, request.user)
            messages.info(
                request,
                _("We have sent a link to your new email address. Emails go to it once you have followed the link."),
            )
        response = redirect("settings")
        return response
    return render(request, "accounts/settings.html", _settings_context(request.user, form, VacationForm()))


def _settings_context(user, form, vacation_form) -> dict:
    year = vacations.local_today(user).year
    return {
        "form": form,
        "vacation_form": vacation_form,
        "vacation": vacations.current(user),
        "vacation_days_left": vacations.days_left(user, year),
        "vacation_allowance": vacations.allowance(),
        "vacation_year": year,
        "api_tokens": tokens.of_user(user),
        "email_verified": emails.is_verified(user),
    }


@login_required
@require_http_methods(["POST"])
def vacation_view(request):
    """Plan, replace or end the vacation; deadlines follow once it is saved."""
    if request.POST.get("action") == "end":
        if vacations.end_vacation(request.user):
            messages.success(request, _("Your vacation has ended; your deadlines run again."))
        return redirect("settings")
    vacation_form = VacationForm(request.POST)
    if vacation_form.is_valid():
        try:
            vacations.set_vacation(
                request.user, vacation_form.cleaned_data["starts_on"], vacation_form.cleaned_data["ends_on"]
            )
        except vacations.VacationError as exc:
            vacation_form.add_error(None, exc.message)
        else:
            messages.success(
                request, _("Your vacation is saved. Your correspondence deadlines stand still on those days.")
            )
            return redirect("settings")
    context = _settings_context(request.user, SettingsForm(instance=request.user), vacation_form)
    return render(request, "accounts/settings.html", context, status=400)


@login_required
@require_http_methods(["POST"])
def revoke_token_view(request):
    """Revoke one of the user's API tokens: the device is refused from its next request on."""
    if not tokens.revoke(request.user, request.POST.get("token", "")):
        raise Http404
    messages.success(request, _("The device's API token is revoked."))
    return redirect("settings")
