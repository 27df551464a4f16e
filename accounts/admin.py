from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from accounts.models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    fieldsets = BaseUserAdmin.fieldsets + (
        ("Preferences", {"fields": ("display_name", "language", "time_zone", "turn_email", "digest_hour",
                                    "reminder_hours", "email_on_game_end", "email_on_timeout", "email_on_invitation",
                                    "email_on_tournament")}),
    )
