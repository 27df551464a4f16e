"""Admin pages that show records without letting anyone add, change or delete them.

Games, ratings and notices change only through their services (moves, the rating task, the
notifier), which keep the records consistent with each other; an edit by hand would not.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from plumbing.models import OutboxEntry


class ReadOnlyMixin:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnlyMixin, admin.ModelAdmin):
    pass


class ReadOnlyTabularInline(ReadOnlyMixin, admin.TabularInline):
    """Shows the ``fields`` it names (all of them read-only, so set fields may include non-editable ones)."""

    extra = 0

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return self.fields or ()


@admin.register(OutboxEntry)
class OutboxEntryAdmin(ReadOnlyAdmin):
    """Follow-up work: what is pending, what was given up (``failed_at``) and why (``last_error``)."""

    list_display = ("id", "kind", "ref", "created_at", "due_at", "attempts", "done_at", "failed_at")
    list_filter = ("kind", ("done_at", admin.EmptyFieldListFilter), ("failed_at", admin.EmptyFieldListFilter))
    search_fields = ("ref", "kind")
    date_hierarchy = "created_at"
