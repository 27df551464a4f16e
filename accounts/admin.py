from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from accounts.models import PREFERENCES, User, Vacation


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        (
            "Preferences",
            {
                "fields": (
                    "display_name",
                    *PREFERENCES,
                )
            },
        ),
    )


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ("user", "starts_on", "ends_on")
    raw_id_fields = ("user",)
