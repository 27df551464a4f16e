from django.utils import timezone, translation


def activate_preferences(user) -> None:
    """Speak the user's language and show times in the user's time zone for the rest of the request."""
    translation.activate(user.language)
    timezone.activate(user.zone)


class UserPreferencesMiddleware:
    """Activates a signed-in user's language and time zone for the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            activate_preferences(user)
            request.LANGUAGE_CODE = user.language
        else:
            timezone.deactivate()
        response = self.get_response(request)
        if user is not None and user.is_authenticated:
            response.headers.setdefault("Content-Language", user.language)
        return response
