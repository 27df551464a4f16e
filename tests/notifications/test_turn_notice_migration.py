"""Existing per-turn notices become one notice per seat: the newest keeps counting, the others are read."""

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.utils import timezone

from notifications.models import Notice
from notifications.services import notices
from tests.factories import make_user

pytestmark = pytest.mark.django_db
migration = importlib.import_module("notifications.migrations.0002_one_turn_notice_per_seat")


def test_old_turn_notices_collapse_to_the_newest_per_seat():
    ann = make_user("ann")
    now = timezone.now()
    for i in range(5):
        n = Notice.objects.create(user=ann, kind="turn", key=f"turn:7:{1000 + i}.0")
        Notice.objects.filter(pk=n.pk).update(created_at=now - timedelta(minutes=10 - i))
    Notice.objects.create(user=ann, kind="turn", key="turn:9:2000.0")
    Notice.objects.create(user=ann, kind="finished", key="finished:3")
    assert notices.unread_count(ann) == 7
    migration.one_per_seat(apps, None)
    keys = dict(Notice.objects.filter(user=ann, read_at__isnull=True).values_list("key", "kind"))
    assert keys == {"turn:7": "turn", "turn:9": "turn", "finished:3": "finished"}
    assert Notice.objects.get(key="turn:7").created_at == now - timedelta(minutes=6)
    assert Notice.objects.filter(user=ann, kind="turn").count() == 6
