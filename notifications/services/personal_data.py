"""The notifications' part of a person's data: their notices and push devices, which go with the account."""

from __future__ import annotations

from typing import Any

from accounts import personal_data
from notifications.models import Digest, Notice, PushDevice, Reminder
from notifications.services import notices


def _export(user) -> list[dict[str, Any]]:
    return [
        {
            "kind": n.kind,
            "text": notices.text(n),
            "url": n.url,
            "game_id": n.game_id,
            "created": n.created_at.isoformat(),
            "read": n.read_at.isoformat() if n.read_at else None,
            "email": n.email,
        }
        for n in Notice.objects.filter(user=user).select_related("game")
    ]


def _clean(user) -> None:
    Notice.objects.filter(user=user).delete()
    Digest.objects.filter(user=user).delete()
    Reminder.objects.filter(player__user=user, done_at__isnull=True).delete()


def _export_devices(user) -> list[dict[str, Any]]:
    # The push service's address and keys are the browser's; the person sees which device and when.
    return [
        {"device": d.label, "turns": d.turns, "created": d.created_at.isoformat()}
        for d in PushDevice.objects.filter(user=user)
    ]


def _clean_devices(user) -> None:
    PushDevice.objects.filter(user=user).delete()


def register() -> None:
    # After the games and tournaments are given up, whose notices to this person it also removes.
    personal_data.register("notices", export=_export, clean=_clean, order=90)
    personal_data.register("push_devices", export=_export_devices, clean=_clean_devices, order=90)
