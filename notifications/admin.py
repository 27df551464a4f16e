from django.contrib import admin

from notifications.models import Digest, Notice, Reminder
from plumbing.admin import ReadOnlyAdmin


@admin.register(Notice)
class NoticeAdmin(ReadOnlyAdmin):
    list_display = ("user", "kind", "key", "email", "created_at", "read_at", "emailed_at")
    list_filter = ("kind", "email")
    search_fields = ("user__username", "key")
    list_select_related = ("user",)
    date_hierarchy = "created_at"


@admin.register(Reminder)
class ReminderAdmin(admin.ModelAdmin):
    list_display = ("player", "turn_started_at", "remind_at", "done_at")
    raw_id_fields = ("player",)


@admin.register(Digest)
class DigestAdmin(admin.ModelAdmin):
    list_display = ("user", "day", "games", "sent_at")
    raw_id_fields = ("user",)
