from django.contrib import admin

from games.models import Game, Player, Table, TableSeat
from plumbing.admin import ReadOnlyAdmin, ReadOnlyTabularInline


class TableSeatInline(ReadOnlyTabularInline):
    model = TableSeat
    fields = ("user", "is_bot", "joined_at")


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "game_slug",
        "owner",
        "seats",
        "status",
        "time_control",
        "invited_only",
        "rated",
        "created_at",
    )
    list_filter = ("game_slug", "status", "time_control", "invited_only", "rated")
    search_fields = ("owner__username",)
    list_select_related = ("owner",)
    inlines = [TableSeatInline]


class PlayerInline(ReadOnlyTabularInline):
    model = Player
    fields = (
        "seat",
        "user",
        "is_bot",
        "bot_took_over",
        "resigned",
        "must_act",
        "deadline",
        "timeouts",
        "score",
        "rank",
    )


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("id", "game_slug", "status", "rated", "time_control", "version", "created_at", "finished_at")
    list_filter = ("game_slug", "status", "rated", "time_control")
    search_fields = ("=id", "players__user__username")
    date_hierarchy = "created_at"
    # The state is the engine's whole JSON; the game page shows it as it should be read.
    exclude = ("state",)
    inlines = [PlayerInline]
