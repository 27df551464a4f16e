import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from knox.models import AbstractAuthToken


def zone_named(name: str) -> zoneinfo.ZoneInfo:
    """The time zone of this name, or UTC for a name this system does not know."""
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


TIME_ZONE_CHOICES = [(tz, tz) for tz in sorted(zoneinfo.available_timezones()) if "/" in tz or tz == "UTC"]


# The type checker cannot follow ApiToken's relation (django-rest-knox ships no types).
# What a player chooses for themselves besides name and address: the settings page, the API and the
# admin show these.
PREFERENCES = (
    "language",
    "time_zone",
    "turn_email",
    "digest_hour",
    "reminder_hours",
    "email_on_game_end",
    "email_on_timeout",
    "email_on_invitation",
    "email_on_tournament",
)


class User(AbstractUser):  # type: ignore[django-manager-missing]
    class TurnEmail(models.TextChoices):
        IMMEDIATE = "immediate", _("Immediately")
        DIGEST = "digest", _("Once a day, as a digest")
        NEVER = "never", _("Never")

    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    time_zone = models.CharField(_("time zone"), max_length=64, choices=TIME_ZONE_CHOICES, default="UTC")
    turn_email = models.CharField(
        _("email when it is my turn"), max_length=16, choices=TurnEmail.choices, default=TurnEmail.IMMEDIATE
    )
    digest_hour = models.PositiveSmallIntegerField(
        _("digest hour"),
        default=8,
        validators=[MinValueValidator(0), MaxValueValidator(23)],
        help_text=_("Hour of the day (in your time zone) at which the daily digest is sent."),
    )
    reminder_hours = models.PositiveSmallIntegerField(
        _("reminder before a deadline (hours)"),
        default=24,
        validators=[MaxValueValidator(24 * 14)],
        help_text=_("0 turns reminders off."),
    )
    email_on_game_end = models.BooleanField(_("email a summary when a game ends"), default=True)
    email_on_invitation = models.BooleanField(_("email when I am invited to a table"), default=True)
    email_on_tournament = models.BooleanField(_("email about my tournaments' rounds and results"), default=True)
    email_on_timeout = models.BooleanField(_("email when someone in my game runs out of time"), default=True)
    # Set when the person deleted the account: the row stays for others' games and ratings, emptied.
    deleted_at = models.DateTimeField(_("deleted at"), null=True, blank=True, editable=False)

    @property
    def shown_name(self) -> str:
        if self.deleted_at is not None:
            return deleted_name(self.pk)
        return self.display_name or self.username

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        """The user's time zone, or UTC if this system does not know its name."""
        return zone_named(self.time_zone)

    def __str__(self) -> str:
        return self.shown_name


def deleted_name(user_id: int) -> str:
    """The neutral name a deleted account is shown under, in the language of the moment."""
    return gettext("Deleted player %(number)s") % {"number": user_id}


class Vacation(models.Model):
    """Days (in the user's time zone, both ends included) on which correspondence deadlines stand still.

    Past rows stay as the record of days taken against the yearly allowance.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_on"]
        indexes = [models.Index(fields=["user", "ends_on"], name="vacation_user_end_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")), name="vacation_ends_after_start"
            )
        ]

    @property
    def days(self) -> int:
        return (self.ends_on - self.starts_on).days + 1


class ApiToken(AbstractAuthToken):
    """An API token of one device: only a digest of the key is stored (django-rest-knox), so a copy of
    the database signs nobody in. ``name`` tells the owner which device it is on the settings page."""

    name = models.CharField(_("device"), max_length=100, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.name or '-'}"
