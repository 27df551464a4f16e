from django.contrib import admin

from plumbing.admin import ReadOnlyAdmin, ReadOnlyTabularInline
from rankings.models import Entry, Rating, RatingChange, Tournament


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "game_slug", "rating", "games", "wins", "last_played")
    list_filter = ("game_slug",)
    search_fields = ("user__username",)
    list_select_related = ("user",)
    ordering = ("game_slug", "-rating")


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("played_at", "game", "user", "game_slug", "before", "after", "rank", "opponents")
    list_filter = ("game_slug",)
    search_fields = ("user__username", "=game__id")
    list_select_related = ("user", "game")
    date_hierarchy = "played_at"


class EntryInline(ReadOnlyTabularInline):
    model = Entry
    fields = ("user", "registered_at", "seed_rating", "group", "withdrawn", "eliminated")


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ("name", "game_slug", "format", "status", "organiser", "starts_at", "current_round", "winner")
    list_filter = ("status", "format", "game_slug", "rated", "invited_only")
    search_fields = ("name", "organiser__username")
    list_select_related = ("organiser", "winner")
    date_hierarchy = "starts_at"
    inlines = [EntryInline]
