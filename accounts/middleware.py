import zoneinfo

from django.utils import timezone, translation


class UserPreferencesMiddleware:
    """Activates a signed-in user's language and time zone for the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        response = self.get_response(request)
        if user is not None and user.is_authenticated:
            response.headers.setdefault("Content-Language", user.language)
        return response
