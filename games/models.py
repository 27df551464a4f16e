import json
from functools import partial
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TimeControl(models.TextChoices):
    CORRESPONDENCE = "correspondence", _("Correspondence (days per move)")
    LIVE = "live", _("Live (minutes per player)")


class TimeoutPolicy(models.TextChoices):
    BOT = "bot", _("Play a default move; after a second timeout a bot takes the seat")
    END = "end", _("End the game unrated")


class Table(models.Model):
    """An invitation to play: seats fill up, then a game starts."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        STARTED = "started", _("Started")
        CANCELLED = "cancelled", _("Cancelled")

    game_slug = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    seats = models.PositiveSmallIntegerField()
    # No owner: a table the platform opened itself (bot matches, tournaments).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="owned_tables"
    )
    time_control = models.CharField(max_length=16, choices=TimeControl.choices, default=TimeControl.CORRESPONDENCE)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    minutes_per_player = models.PositiveSmallIntegerField(default=20)
    # Live games: seconds added to a player's clock after each of their moves.
    increment_seconds = models.PositiveSmallIntegerField(default=0)
    timeout_policy = models.CharField(max_length=8, choices=TimeoutPolicy.choices, default=TimeoutPolicy.BOT)
    invited_only = models.BooleanField(default=False)
    rated = models.BooleanField(default=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game_slug} table #{self.pk}"


class TableSeat(models.Model):
    """A taken seat at an open table, in joining order (the game shuffles them)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="taken_seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    is_bot = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="one_seat_per_user_per_table"),
        ]


class Invitation(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_invitation_per_user")]


class Game(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="game", null=True, blank=True)
    game_slug = models.CharField(max_length=40, db_index=True)
    options = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    # Counts the writes that change what the game's readers see without a new version (a name, a
    # deadline moved by a vacation, an administrator's edit): a read snapshot is served only while
    # its version and this count are the database's (games.services.read_snapshot).
    read_stamp = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE, db_index=True)
    rated = models.BooleanField(default=True)
    time_control = models.CharField(max_length=16, choices=TimeControl.choices, default=TimeControl.CORRESPONDENCE)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    minutes_per_player = models.PositiveSmallIntegerField(default=20)
    # Live games: seconds added to a player's clock after each of their moves.
    increment_seconds = models.PositiveSmallIntegerField(default=0)
    timeout_policy = models.CharField(max_length=8, choices=TimeoutPolicy.choices, default=TimeoutPolicy.BOT)
    result = models.JSONField(null=True, blank=True)
    chat_count = models.PositiveIntegerField(default=0)
    # Copied from the table at the start (invited-only tables; invited-only tournaments): then only the
    # players, the table's owner and those invited may read the game. See games.services.audience.
    private = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["finished_at"], name="game_finished_at_idx")]

    def __str__(self) -> str:
        return f"{self.game_slug} #{self.pk}"


class Player(models.Model):
    """A seat in a running game. ``seat`` is the engine's seat number."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    is_bot = models.BooleanField(default=False)
    bot_took_over = models.BooleanField(default=False)
    resigned = models.BooleanField(default=False)
    must_act = models.BooleanField(default=False)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    clock_ms = models.BigIntegerField(null=True, blank=True)
    timeouts = models.PositiveSmallIntegerField(default=0)
    score = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="unique_seat_per_game")]
        indexes = [
            models.Index(fields=["deadline"], name="player_deadline_idx", condition=models.Q(must_act=True)),
            models.Index(fields=["user", "must_act"], name="player_user_turn_idx"),
        ]

    @property
    def controlled_by_bot(self) -> bool:
        return self.is_bot or self.bot_took_over


_compact_dumps = partial(json.dumps, separators=(",", ":"), ensure_ascii=False)


class CompactJSONField(models.JSONField):
    """JSON kept as its compact text: a ``json`` column on PostgreSQL, whose values are stored as sent,
    where ``jsonb`` would take about half as much room again. For values read whole and never
    searched in SQL (``json`` has no equality, containment or key lookups)."""

    def db_type(self, connection) -> str | None:
        return "json" if connection.vendor == "postgresql" else super().db_type(connection)

    def get_db_prep_value(self, value: Any, connection, prepared: bool = False) -> Any:
        if not prepared:
            value = self.get_prep_value(value)
        dumps = partial(_compact_dumps, cls=self.encoder)
        if connection.vendor != "postgresql":
            return dumps(value)
        from psycopg.types.json import Json

        return Json(value, dumps=dumps)

    def from_db_value(self, value: Any, expression, connection) -> Any:
        # psycopg decodes a json column itself (Django has it hand over only jsonb as text).
        if connection.vendor == "postgresql":
            return value
        return super().from_db_value(value, expression, connection)


class Move(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    payload = CompactJSONField()
    # Stored as games.services.event_codec encodes them; read them through render_event or decode_events.
    events = CompactJSONField(default=list)
    client_id = models.UUIDField(null=True, blank=True)
    by_bot = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_move_seq"),
            models.UniqueConstraint(fields=["game", "client_id"], name="unique_move_client_id"),
        ]


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
