"""Periodic work: reminders that are due (found through their partial index)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from notifications.services import turns

# Batches per run; rows another worker holds are left to it and to the next beat.
MAX_ROUNDS = 20


def send_due_reminders(now: datetime | None = None) -> int:
    now = now or timezone.now()
    sent = 0
    for _round in range(MAX_ROUNDS):
        due = turns.due_reminders(now)
        if not due:
            return sent
        for reminder_id in due:
            sent += turns.process_reminder(reminder_id, now) is not None
        if len(due) < turns.BATCH:
            return sent
    return sent  # the rest on the next beat
