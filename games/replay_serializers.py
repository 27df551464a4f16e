"""The shape of a replay step in the API (for the OpenAPI schema; games/services/replay_steps.py builds it)."""

from rest_framework import serializers


class ReplayPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField(allow_null=True)
    is_bot = serializers.BooleanField()


class ReplayStepSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(help_text="The game's slug.")
    game_name = serializers.CharField()
    status = serializers.CharField()
    step = serializers.IntegerField(help_text="Moves played up to this step; 0 is the set-up.")
    last_step = serializers.IntegerField(help_text="The number of moves in the game's log.")
    seq = serializers.IntegerField(allow_null=True, help_text="The sequence number of this step's move.")
    seat = serializers.IntegerField(allow_null=True, help_text="The caller's seat, null for a spectator.")
    reveals_all = serializers.BooleanField(
        help_text="True once the game is over: the view then holds every seat's hand and draws. While the "
        "game runs it is what the caller's seat (or a spectator) saw at that step."
    )
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text="Seats to decide after this step.")
    players = ReplayPlayerSerializer(many=True)
    lines = serializers.ListField(child=serializers.CharField(), help_text="This step's log lines, translated.")
    view = serializers.DictField(help_text="The engine's view at this step, as in the game view.")
