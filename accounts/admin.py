from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from accounts.models import User, Vacation


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        (
            "Preferences",
            {
                "fields": (
                    "display_name",
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
            },
        ),
    )


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ("user", "starts_on", "ends_on")
    raw_id_fields = ("user",)
