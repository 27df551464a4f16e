from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import User


class Notice(models.Model):
    """One thing a player is told: shown under the bell, and the record of the email about it.

    ``key`` names the occasion (a seat's turn, a deadline, a finished game), so
    that telling someone twice about the same occasion is impossible.
    """

    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn")
        REMINDER = "reminder", _("Deadline reminder")
        TIMEOUT = "timeout", _("Timeout")
        FINISHED = "finished", _("Game over")
        INVITATION = "invitation", _("Invitation")
        ROUND = "round", _("Tournament round")
        TOURNAMENT = "tournament", _("Tournament over")

    class Email(models.TextChoices):
        NONE = "none", _("No email")
        QUEUED = "queued", _("To be sent now")
        DIGEST = "digest", _("For the next digest")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("Not needed any more")
        FAILED = "failed", _("Could not be sent")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    key = models.CharField(max_length=120)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    url = models.CharField(max_length=200, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    email = models.CharField(max_length=8, choices=Email.choices, default=Email.NONE)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_notice_per_occasion")]
        indexes = [
            models.Index(fields=["user", "-created_at"], name="notice_user_recent_idx"),
            models.Index(fields=["user"], name="notice_unread_idx", condition=models.Q(read_at__isnull=True)),
            models.Index(fields=["user"], name="notice_digest_idx", condition=models.Q(email="digest")),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}: {self.key}"


class Reminder(models.Model):
    """A reminder before a correspondence deadline, due at ``remind_at``, sent at most once per turn."""

    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    turn_started_at = models.DateTimeField()
    remind_at = models.DateTimeField()
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "turn_started_at"], name="one_reminder_per_turn")]
        indexes = [
            models.Index(fields=["remind_at"], name="reminder_due_idx", condition=models.Q(done_at__isnull=True))
        ]


class Digest(models.Model):
    """The day (in the user's time zone) whose digest has been dealt with; one per user and day."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    sent_at = models.DateTimeField(auto_now_add=True)
    games = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="one_digest_per_day")]


class PushDevice(models.Model):
    """A browser (a phone's installed site, a computer) that gets push notifications for its user:
    the address its push service gave it and the keys its messages are encrypted with."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_devices")
    # One browser's subscription belongs to the account that last signed it up.
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    label = models.CharField(_("device"), max_length=80)
    # The same choice as for turn emails: now, in a daily digest, or never.
    turns = models.CharField(
        _("when it is my turn"), max_length=16, choices=User.TurnEmail.choices, default=User.TurnEmail.IMMEDIATE
    )
    # The day (in the user's time zone) of the last digest push: at most one a day.
    digest_day = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["turns"], name="push_device_digest_idx", condition=models.Q(turns="digest"))]

    def __str__(self) -> str:
        return f"{self.label} of {self.user_id}"
