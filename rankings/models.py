from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game, TimeControl

BASE_RATING = 1500.0


class Rating(models.Model):
    """A player's current Elo for one game (one row per user and game slug)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game_slug = models.CharField(max_length=40)
    rating = models.FloatField(default=BASE_RATING)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game_slug"], name="one_rating_per_user_and_game")]
        indexes = [models.Index(fields=["game_slug", "-rating"], name="rating_board_idx")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game_slug} {self.rating:.0f}"


class RatedGame(models.Model):
    """Marks a finished game whose result has entered the ratings (exactly once)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="+")
    processed_at = models.DateTimeField(auto_now_add=True)


class RatingChange(models.Model):
    """One player's rating before and after one rated game: the rating history."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    game_slug = models.CharField(max_length=40)
    before = models.FloatField()
    after = models.FloatField()
    rank = models.PositiveSmallIntegerField()
    opponents = models.PositiveSmallIntegerField()
    played_at = models.DateTimeField()
    # Not a column: the game id a history shows its viewer, None for a game they may not read.
    shown_game_id: int | None = None

    class Meta:
        ordering = ["played_at", "game_id"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_rating_change_per_game_and_user")]
        indexes = [models.Index(fields=["user", "game_slug", "played_at"], name="rating_history_idx")]

    @property
    def delta(self) -> float:
        return self.after - self.before


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Knockout")
        ROUND_ROBIN = "round_robin", _("Round robin in groups")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    name = models.CharField(max_length=80)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_tournaments"
    )
    game_slug = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.SWISS)
    table_size = models.PositiveSmallIntegerField(default=2)
    rounds = models.PositiveSmallIntegerField(default=3)
    group_size = models.PositiveSmallIntegerField(default=4)
    registration_opens = models.DateTimeField()
    starts_at = models.DateTimeField()
    rated = models.BooleanField(default=True)
    invited_only = models.BooleanField(default=False)
    time_control = models.CharField(max_length=16, choices=TimeControl.choices, default=TimeControl.CORRESPONDENCE)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    minutes_per_player = models.PositiveSmallIntegerField(default=20)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="won_tournaments"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]

    def __str__(self) -> str:
        return self.name


class TournamentInvitation(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_tournament_invitation")]


class Entry(models.Model):
    """A registered player; ``seed_rating`` is their rating when the tournament started."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries")
    registered_at = models.DateTimeField(auto_now_add=True)
    seed_rating = models.FloatField(default=BASE_RATING)
    group = models.PositiveSmallIntegerField(default=0)
    withdrawn = models.BooleanField(default=False)
    eliminated = models.BooleanField(default=False)

    class Meta:
        ordering = ["registered_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_user")]


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    finished = models.BooleanField(default=False)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")]


class Pairing(models.Model):
    """One table of a round, or a bye (no game) for the entries seated on it."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_pairing"
    )

    class Meta:
        ordering = ["number"]

    @property
    def is_bye(self) -> bool:
        return self.game_id is None


class PairingSeat(models.Model):
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="seats")
    # Filled when the table's game ends (a bye is scored at once).
    points = models.FloatField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
