from rest_framework import serializers

from games.models import TimeControl
from rankings.models import RatingChange, Tournament


class LeaderRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    rating = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    last_played = serializers.DateTimeField(allow_null=True)
    provisional = serializers.BooleanField()
    me = serializers.SerializerMethodField()

    def get_me(self, row) -> bool:
        user = self.context["request"].user
        return user.is_authenticated and row.user_id == user.pk


class HistoryPointSerializer(serializers.ModelSerializer):
    game_id = serializers.IntegerField(
        source="shown_game_id", allow_null=True, help_text="None for a game the caller may not read."
    )

    class Meta:
        model = RatingChange
        fields = ("game_id", "played_at", "before", "after", "rank", "opponents")


class GameRatingSerializer(serializers.Serializer):
    game_slug = serializers.CharField()
    rating = serializers.FloatField(source="rating.rating")
    games = serializers.IntegerField(source="rating.games")
    wins = serializers.IntegerField(source="rating.wins")
    last_played = serializers.DateTimeField(source="rating.last_played", allow_null=True)
    provisional = serializers.BooleanField()
    history = HistoryPointSerializer(many=True)


class OpponentSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()


class PlayerRatingsSerializer(serializers.Serializer):
    username = serializers.CharField()
    overall = serializers.FloatField(allow_null=True)
    games = GameRatingSerializer(many=True)
    opponents = OpponentSerializer(many=True)


class TournamentSerializer(serializers.ModelSerializer):
    organiser = serializers.CharField(source="organiser.username", read_only=True)
    winner = serializers.CharField(source="winner.username", read_only=True, allow_null=True)
    players = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = (
            "id",
            "name",
            "game_slug",
            "options",
            "format",
            "table_size",
            "rounds",
            "group_size",
            "registration_opens",
            "starts_at",
            "rated",
            "invited_only",
            "time_control",
            "days_per_move",
            "minutes_per_player",
            "status",
            "current_round",
            "organiser",
            "winner",
            "started_at",
            "finished_at",
            "players",
        )

    def get_players(self, t) -> int:
        return t.entries.filter(withdrawn=False).count()


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    game_slug = serializers.CharField(max_length=40)
    options = serializers.DictField(required=False, default=dict)
    format = serializers.ChoiceField(choices=Tournament.Format.choices, default=Tournament.Format.SWISS)
    table_size = serializers.IntegerField(min_value=1, max_value=16, default=2)
    rounds = serializers.IntegerField(min_value=1, max_value=20, default=3)
    group_size = serializers.IntegerField(min_value=2, max_value=16, default=4)
    registration_opens = serializers.DateTimeField(required=False, allow_null=True, default=None)
    starts_at = serializers.DateTimeField()
    rated = serializers.BooleanField(default=True)
    invited_only = serializers.BooleanField(default=False)
    time_control = serializers.ChoiceField(choices=TimeControl.choices, default=TimeControl.CORRESPONDENCE)
    days_per_move = serializers.IntegerField(min_value=1, max_value=30, default=3)
    minutes_per_player = serializers.IntegerField(min_value=1, max_value=240, default=20)


class TournamentInviteSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class StandingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    username = serializers.CharField(source="entry.user.username")
    points = serializers.FloatField()
    buchholz = serializers.FloatField()
    seed_rating = serializers.FloatField(source="entry.seed_rating")
    played = serializers.IntegerField()
    byes = serializers.IntegerField()
    withdrawn = serializers.BooleanField(source="entry.withdrawn")
    eliminated = serializers.BooleanField(source="entry.eliminated")
    group = serializers.IntegerField(source="entry.group")


class TournamentSeatSerializer(serializers.Serializer):
    username = serializers.CharField(source="entry.user.username")
    points = serializers.FloatField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True)


class PairingSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    game_id = serializers.IntegerField(allow_null=True)
    game_status = serializers.CharField(source="game.status", allow_null=True, default=None)
    bye = serializers.BooleanField(source="is_bye")
    seats = TournamentSeatSerializer(many=True, source="seats.all")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    finished = serializers.BooleanField()
    tables = PairingSerializer(many=True, source="pairings.all")


class TournamentStandingsSerializer(serializers.Serializer):
    tournament = TournamentSerializer()
    total_rounds = serializers.IntegerField()
    standings = StandingSerializer(many=True)
    rounds = RoundSerializer(many=True)
