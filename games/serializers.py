from rest_framework import serializers

from games.models import ChatMessage, Game, Table, TimeControl, TimeoutPolicy
from games.services.describe import options_text
from games.services.engines import engine_choices
from games.services.tables import MAX_INCREMENT_SECONDS


class OptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a declared field named like Field.label
    kind = serializers.CharField()
    default = serializers.JSONField()
    choices = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    help = serializers.CharField()


class CatalogEntrySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    players_help = serializers.CharField()
    options = OptionSerializer(many=True)


class SeatSerializer(serializers.Serializer):
    user = serializers.CharField(allow_null=True)
    is_bot = serializers.BooleanField()


class TableSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    taken = serializers.SerializerMethodField()
    game_id = serializers.SerializerMethodField()
    description = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = (
            "id",
            "game_slug",
            "options",
            "description",
            "seats",
            "owner",
            "time_control",
            "days_per_move",
            "minutes_per_player",
            "increment_seconds",
            "timeout_policy",
            "invited_only",
            "rated",
            "status",
            "created_at",
            "taken",
            "game_id",
        )

    def get_description(self, table) -> str:
        """The options in short, in the reader's language, e.g. "(Händler 1, Klerus)"; "" for none."""
        return options_text(table.game_slug, table.options)

    def get_taken(self, table) -> list[dict]:
        return [{"user": s.user.username if s.user_id else None, "is_bot": s.is_bot} for s in table.taken_seats.all()]

    def get_game_id(self, table) -> int | None:
        game = getattr(table, "game", None)
        return game.pk if game else None


class TableCreateSerializer(serializers.Serializer):
    game_slug = serializers.ChoiceField(choices=[])
    seats = serializers.IntegerField(min_value=1, max_value=8)
    options = serializers.DictField(required=False, default=dict)
    time_control = serializers.ChoiceField(choices=TimeControl.choices, default=TimeControl.CORRESPONDENCE)
    days_per_move = serializers.IntegerField(min_value=1, max_value=30, default=3)
    minutes_per_player = serializers.IntegerField(min_value=1, max_value=240, default=20)
    increment_seconds = serializers.IntegerField(min_value=0, max_value=MAX_INCREMENT_SECONDS, default=0)
    timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.choices, default=TimeoutPolicy.BOT)
    invited_only = serializers.BooleanField(default=False)
    rated = serializers.BooleanField(default=True)
    bots = serializers.IntegerField(min_value=0, max_value=7, default=0)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game_slug"].choices = engine_choices()


class InviteSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class GameListSerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()
    my_turn = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = (
            "id",
            "game_slug",
            "status",
            "version",
            "rated",
            "time_control",
            "created_at",
            "updated_at",
            "finished_at",
            "players",
            "my_turn",
        )

    def get_players(self, game) -> list[dict]:
        return [
            {
                "seat": p.seat,
                "user": p.user.username if p.user_id else None,
                "is_bot": p.is_bot,
                "must_act": p.must_act,
                "score": p.score,
                "rank": p.rank,
            }
            for p in game.players.all()
        ]

    def get_my_turn(self, game) -> bool:
        user = self.context["request"].user
        return any(p.user_id == user.id and p.must_act for p in game.players.all())


class GameViewSerializer(serializers.Serializer):
    """The caller's view of a game: what their seat may see."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    options = serializers.DictField()
    seat = serializers.IntegerField(allow_null=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    players = serializers.ListField(child=serializers.DictField())
    view = serializers.DictField()
    legal_moves = serializers.ListField(child=serializers.DictField())
    result = serializers.DictField(allow_null=True)
    time_control = serializers.CharField()
    can_take_back = serializers.BooleanField(
        help_text="Whether the caller may take back their last move now (POST .../undo/)."
    )
    can_ask_take_back = serializers.BooleanField(
        help_text="Live games of two people: whether the caller may ask the opponent's leave to take back "
        'their last move (POST .../undo/ with "request": "ask").'
    )
    take_back_asked_by = serializers.IntegerField(
        allow_null=True, help_text="The seat whose takeback request waits for the opponent's answer."
    )


class TextUUIDField(serializers.UUIDField):
    """A UUID given as text only: DRF would also take an integer, which no client means as an id."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid", value=data)
        return super().to_internal_value(data)


class MoveSubmitSerializer(serializers.Serializer):
    move = serializers.DictField(help_text="The move as the engine lists it in legal_moves.")
    version = serializers.IntegerField(min_value=0, help_text="The game version the move was chosen at.")
    move_id = TextUUIDField(
        required=False, allow_null=True, help_text="Client-chosen id; a retried request with the same id lands once."
    )
    seat = serializers.IntegerField(required=False, allow_null=True, min_value=0)


class MoveResultSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seq = serializers.IntegerField()
    repeated = serializers.BooleanField()
    status = serializers.CharField()


class TakeBackSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, help_text="The game version the board showed.")
    request = serializers.ChoiceField(
        choices=["take_back", "ask", "accept", "decline"],
        default="take_back",
        help_text="take_back: your last move of your turn; ask: the opponent's leave to take back your "
        "last move (live games of two people); accept or decline: the opponent's request.",
    )


class TakeBackResultSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The game's new version; the move is gone from its log.")
    status = serializers.CharField()
    can_take_back = serializers.BooleanField(help_text="Whether you may now take back (another) move.")


class LogLineSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    text = serializers.CharField()
    at = serializers.DateTimeField()


class ChatSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.shown_name", read_only=True)

    class Meta:
        model = ChatMessage
        fields = ("id", "user", "text", "created_at")
        read_only_fields = ("id", "user", "created_at")
