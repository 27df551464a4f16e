"""Games follow account changes: a vacation moves the player's correspondence deadlines, and what
readers of a game see is read again after a write outside the change path (``read_snapshot``)."""

from django.conf import settings
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from accounts.signals import vacation_changed
from games.models import Game, Player
from games.services import deadlines, read_snapshot

# What a game's readers see of a person: their names, and whether the account was deleted.
_SHOWN_USER_FIELDS = {"username", "display_name", "deleted_at"}


@receiver(vacation_changed, dispatch_uid="games.vacation_changed")
def on_vacation_changed(sender, user, **kwargs) -> None:
    deadlines.refresh_for_user(user.pk)
    read_snapshot.forget_games_of(user.pk)  # the "away" marks, and the deadlines just moved


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="games.user_saved")
def on_user_saved(sender, instance, created: bool, update_fields=None, **kwargs) -> None:
    if not created and (update_fields is None or _SHOWN_USER_FIELDS & set(update_fields)):
        read_snapshot.forget_games_of(instance.pk)


@receiver(post_save, sender=Game, dispatch_uid="games.game_saved")
@receiver(post_delete, sender=Game, dispatch_uid="games.game_deleted")
def on_game_written(sender, instance: Game, **kwargs) -> None:
    read_snapshot.forget([instance.pk])


@receiver(post_save, sender=Player, dispatch_uid="games.player_saved")
@receiver(post_delete, sender=Player, dispatch_uid="games.player_deleted")
def on_player_written(sender, instance: Player, **kwargs) -> None:
    read_snapshot.forget([instance.game_id])
