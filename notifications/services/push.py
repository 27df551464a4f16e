"""Web Push: the devices a player allowed in the settings, and what is pushed to them.

A device is a browser's subscription at its push service (an address and two keys). What it is told
goes the way of the emails: an outbox entry per device, recorded with the notice it is about
(``queue_notice``, the daily ``send_due_digests``), sent by the outbox's handler (``send``), never
from a web request. A device its push service no longer knows (404 or 410) is removed; a device
that was removed or unsubscribed gets nothing, since each entry looks its device up when it runs.

The feature is off, and nowhere offered, while no VAPID key is configured (``enabled``).
"""

from __future__ import annotations

import base64
import fnmatch
import functools
import json
import logging
import re
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.db import transaction
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from accounts.models import User
from games.models import Game, Player
from notifications.models import Notice, PushDevice
from notifications.services import notices
from plumbing import outbox
from plumbing.models import OutboxEntry

log = logging.getLogger(__name__)
PUSH = "notifications.push"
GONE = (404, 410)  # the push service no longer knows the subscription
# How long a push service keeps a message for a device that is offline: a turn keeps for a day.
TTL_SECONDS = 24 * 3600


class BadSubscription(ValueError):
    """What a browser sent is no subscription this site pushes to."""


def enabled() -> bool:
    return bool(settings.WEBPUSH_VAPID_PRIVATE_KEY)


@functools.cache
def _vapid(private_key: str) -> Vapid:
    return Vapid.from_string(private_key)


def public_key(private_key: str | None = None) -> str:
    """The key browsers subscribe with (``applicationServerKey``): the uncompressed point, base64url,
    of the configured private key (or of ``private_key``)."""
    from cryptography.hazmat.primitives import serialization

    point = _vapid(private_key or settings.WEBPUSH_VAPID_PRIVATE_KEY).public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(point).decode().rstrip("=")


def new_private_key() -> str:
    """A new VAPID private key as the setting takes it (the raw key, base64url)."""
    from cryptography.hazmat.primitives.asymmetric import ec

    number = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return base64.urlsafe_b64encode(number.to_bytes(32, "big")).decode().rstrip("=")


# --- devices ---------------------------------------------------------------------------------------


def _allowed_endpoint(endpoint: str) -> bool:
    """Only the push services of the browsers (settings.WEBPUSH_SERVICES): the site must not be made
    to post to any address a client names."""
    try:
        parts = urlsplit(endpoint)
    except ValueError:
        return False
    if parts.username or parts.password or not parts.hostname:
        return False
    origin = f"{parts.scheme}://{parts.netloc}".lower()
    return any(fnmatch.fnmatchcase(origin, pattern.lower()) for pattern in settings.WEBPUSH_SERVICES)


_KEY = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


def _key(keys: Any, name: str, max_length: int) -> str:
    value = keys.get(name) if isinstance(keys, dict) else None
    if not isinstance(value, str) or not value or len(value) > max_length or not _KEY.match(value):
        raise BadSubscription(_("The browser sent no usable subscription."))
    return value


def label_for(user_agent: str) -> str:
    """A name for the device a person recognises: its browser and system, from the User-Agent."""
    ua = user_agent or ""
    browser = next(
        (
            name
            for marker, name in (
                ("Edg/", "Edge"),
                ("OPR/", "Opera"),
                ("SamsungBrowser", "Samsung Internet"),
                ("Firefox/", "Firefox"),
                ("Chrome/", "Chrome"),
                ("Chromium/", "Chromium"),
                ("Safari/", "Safari"),
            )
            if marker in ua
        ),
        "",
    )
    system = next(
        (
            name
            for marker, name in (
                ("Android", "Android"),
                ("iPhone", "iPhone"),
                ("iPad", "iPad"),
                ("Windows", "Windows"),
                ("Mac OS X", "macOS"),
                ("CrOS", "ChromeOS"),
                ("Linux", "Linux"),
            )
            if marker in ua
        ),
        "",
    )
    # Names only, the same in every language: the label is stored as it is made.
    return " · ".join(part for part in (browser, system) if part) or "Browser"


def subscribe(user, subscription: Any, user_agent: str = "") -> PushDevice:
    """Store (or renew) the browser's subscription for ``user``; raises BadSubscription for one this
    site does not push to. A subscription another account held moves to this one."""
    if not isinstance(subscription, dict):
        raise BadSubscription(_("The browser sent no usable subscription."))
    endpoint = subscription.get("endpoint")
    if not isinstance(endpoint, str) or len(endpoint) > 1000 or not _allowed_endpoint(endpoint):
        raise BadSubscription(_("This browser's push service is not one this site sends to."))
    p256dh = _key(subscription.get("keys"), "p256dh", 200)
    auth = _key(subscription.get("keys"), "auth", 100)
    device, _created = PushDevice.objects.update_or_create(
        endpoint=endpoint,
        defaults={"user": user, "p256dh": p256dh, "auth": auth, "label": label_for(user_agent)[:80]},
    )
    return device


def devices(user) -> list[PushDevice]:
    return list(PushDevice.objects.filter(user=user))


def choose(user, device_id: int, turns: str) -> bool:
    """Set when the device is told of the user's turns; False for another's device or a bad choice."""
    if turns not in User.TurnEmail.values:
        return False
    return bool(PushDevice.objects.filter(pk=device_id, user=user).update(turns=turns))


def remove(user, device_id: int) -> bool:
    return bool(PushDevice.objects.filter(pk=device_id, user=user).delete()[0])


def forget(user, endpoint: str) -> bool:
    """The browser unsubscribed: its device is removed."""
    return bool(PushDevice.objects.filter(user=user, endpoint=endpoint).delete()[0])


# --- what is pushed --------------------------------------------------------------------------------


def queue_notice(notice: Notice) -> int:
    """Push a new turn or reminder notice to the user's devices, once the current transaction
    commits: a turn to the devices that want it now, a reminder (a deadline nears, which cannot wait
    for tomorrow's digest) to those too that want a digest. Returns how many are queued."""
    if not enabled() or notice.pk is None:
        return 0
    wanted = [User.TurnEmail.IMMEDIATE]
    if notice.kind == Notice.Kind.REMINDER:
        wanted.append(User.TurnEmail.DIGEST)
    ids = list(PushDevice.objects.filter(user_id=notice.user_id, turns__in=wanted).values_list("pk", flat=True))
    for device_id in ids:
        payload = {"device_id": device_id, "notice_id": notice.pk, "occasion": notice.data.get("turn_started_at")}
        outbox.record(PUSH, payload, ref=f"push:{device_id}")
    return len(ids)


def waiting_games(user_id: int) -> int:
    """Games that wait for the user's move now."""
    return Player.objects.filter(
        user_id=user_id, must_act=True, bot_took_over=False, game__status=Game.Status.ACTIVE
    ).count()


def send_due_digests(now: datetime | None = None) -> int:
    """Once a day, at or after the user's digest hour in their time zone: one push to each device
    that wants a digest, when games wait for the user. Returns how many are queued."""
    if not enabled():
        return 0
    now = now or timezone.now()
    queued = 0
    for device in PushDevice.objects.filter(turns=User.TurnEmail.DIGEST).select_related("user"):
        local = now.astimezone(device.user.zone)
        if local.hour < device.user.digest_hour or device.digest_day == local.date():
            continue
        games = waiting_games(device.user_id)
        if not games:
            continue  # a turn that starts later today still gets today's digest
        with transaction.atomic():
            # The day is taken with the entry: two sweeps at once queue it once.
            taken = (
                PushDevice.objects.filter(pk=device.pk).exclude(digest_day=local.date()).update(digest_day=local.date())
            )
            if taken:
                outbox.record(
                    PUSH, {"device_id": device.pk, "digest": local.date().isoformat()}, ref=f"push:{device.pk}"
                )
                queued += 1
    return queued


def _notice_message(notice: Notice) -> dict[str, Any]:
    return {
        "title": str(notice.get_kind_display()),
        "body": notices.text(notice),
        "url": notice.url or reverse("my-games"),
        "tag": notice.key,
    }


def _digest_message(games: int) -> dict[str, Any]:
    return {
        "title": _("Boardgame Club"),
        "body": ngettext("It is your turn in %(n)s game.", "It is your turn in %(n)s games.", games) % {"n": games},
        "url": reverse("my-games"),
        "tag": "digest",
    }


def message(device: PushDevice, payload: dict[str, Any]) -> dict[str, Any] | None:
    """What the entry's push says, in the user's language, or None when it is no longer wanted."""
    from notifications.services import turns

    user = device.user
    with translation.override(user.language):
        if "digest" in payload:
            games = waiting_games(user.pk)
            if device.turns != User.TurnEmail.DIGEST or not games:
                return None
            text = _digest_message(games)
        else:
            notice = Notice.objects.filter(pk=payload["notice_id"], user=user).first()
            if notice is None or notice.data.get("turn_started_at") != payload.get("occasion"):
                return None  # gone, or renewed for a later turn (which has its own entry)
            wanted = [User.TurnEmail.IMMEDIATE] + (
                [User.TurnEmail.DIGEST] if notice.kind == Notice.Kind.REMINDER else []
            )
            if device.turns not in wanted or not turns.still_wanted(notice):
                return None
            text = _notice_message(notice)
    return {**text, "icon": static("img/icon-192.png"), "lang": user.language}


def deliver(device: PushDevice, text: dict[str, Any]) -> bool:
    """Send one message to the device's push service. True when it took it; a subscription it no
    longer knows is removed (False). A failure worth another try (no answer, 429, 5xx) raises."""
    try:
        webpush(
            subscription_info={"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}},
            data=json.dumps(text, ensure_ascii=False),
            vapid_private_key=_vapid(settings.WEBPUSH_VAPID_PRIVATE_KEY),
            vapid_claims={"sub": settings.WEBPUSH_VAPID_SUBJECT},
            timeout=settings.WEBPUSH_TIMEOUT,
            ttl=TTL_SECONDS,
        )
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status in GONE:
            PushDevice.objects.filter(pk=device.pk).delete()
            return False
        if status is None or status == 429 or status >= 500:
            raise
        # Any other refusal (a message too large, a bad key) would be refused again.
        log.warning("The push service refused a message for device %s: %s", device.pk, status)
        return False
    except requests.RequestException as exc:
        raise WebPushException(f"push service unreachable: {exc}") from exc
    return True


@outbox.handler(PUSH)
def send(entry: OutboxEntry) -> None:
    device = PushDevice.objects.select_related("user").filter(pk=entry.payload["device_id"]).first()
    if device is None or not enabled():
        return  # removed, unsubscribed, or the site no longer pushes
    text = message(device, entry.payload)
    if text is not None:
        deliver(device, text)
