"""Games follow account changes: a vacation moves the player's correspondence deadlines."""

from django.dispatch import receiver

from accounts.signals import vacation_changed
from games.services import deadlines


@receiver(vacation_changed, dispatch_uid="games.vacation_changed")
def on_vacation_changed(sender, user, **kwargs) -> None:
    deadlines.refresh_for_user(user.pk)
