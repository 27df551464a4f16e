"""The outbox: work that a change promises, stored in the change's own transaction (see plumbing.outbox)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class OutboxEntry(models.Model):
    """One piece of follow-up work, named by ``kind`` (a handler an app registered) with its ``payload``."""

    kind = models.CharField(_("kind"), max_length=60)
    payload = models.JSONField(_("payload"), default=dict)
    # Found again by what it is about (e.g. "notice:12"), to hurry it or tell it apart.
    ref = models.CharField(_("about"), max_length=80, blank=True, db_index=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Not to be run before; the sweep hands it out again once it is this old plus the grace period.
    due_at = models.DateTimeField(_("due"))
    # Set while a handler that commits by itself runs (equal to ``due_at``, renewed as it goes on):
    # once it has passed, the runner is taken to be gone and the sweep hands the entry out at once.
    leased_until = models.DateTimeField(_("leased until"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("failed attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True)
    done_at = models.DateTimeField(_("done"), null=True, blank=True)
    failed_at = models.DateTimeField(_("given up"), null=True, blank=True)

    class Meta:
        verbose_name = _("outbox entry")
        verbose_name_plural = _("outbox entries")
        ordering = ["-id"]
        indexes = [
            models.Index(
                fields=["due_at"], name="outbox_pending_idx", condition=Q(done_at__isnull=True, failed_at__isnull=True)
            ),
            models.Index(fields=["done_at"], name="outbox_done_idx", condition=Q(done_at__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"
