from django.contrib import admin

from notifications.models import Digest, Notice, Reminder


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "key", "email", "created_at", "read_at")
    list_filter = ("kind", "email")
    search_fields = ("user__username", "key")
    raw_id_fields = ("user", "game")


@admin.register(Reminder)
class ReminderAdmin(admin.ModelAdmin):
    list_display = ("player", "turn_started_at", "remind_at", "done_at")
    raw_id_fields = ("player",)


@admin.register(Digest)
class DigestAdmin(admin.ModelAdmin):
    list_display = ("user", "day", "games", "sent_at")
    raw_id_fields = ("user",)
