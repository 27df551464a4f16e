from django.utils.functional import SimpleLazyObject

from notifications.services import notices


def bell(request) -> dict:
    """The unread count for the bell, counted only when a page shows it."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notices": SimpleLazyObject(lambda: notices.unread_count(user))}
