"""Turn notices were one per turn ("turn:<player>:<timestamp>"); now one per seat ("turn:<player>").

The newest notice of each seat takes the new key; the older ones are marked read, so that a
player's bell no longer counts hundreds of past turns.
"""
from django.db import migrations
from django.utils import timezone


def one_per_seat(apps, schema_editor):
    Notice = apps.get_model("notifications", "Notice")
    newest: dict[str, int] = {}
    older: list[int] = []
    taken = set(Notice.objects.filter(kind="turn", key__regex=r"^turn:[0-9]+$").values_list("key", flat=True))
    for pk, key in (Notice.objects.filter(kind="turn", key__regex=r"^turn:[0-9]+:")
                    .order_by("-created_at", "-pk").values_list("pk", "key").iterator()):
        seat_key = ":".join(key.split(":")[:2])
        if seat_key in newest or seat_key in taken:
            older.append(pk)
        else:
            newest[seat_key] = pk
    for seat_key, pk in newest.items():
        Notice.objects.filter(pk=pk).update(key=seat_key)
    for start in range(0, len(older), 1000):
        Notice.objects.filter(pk__in=older[start:start + 1000], read_at__isnull=True).update(read_at=timezone.now())


class Migration(migrations.Migration):

    dependencies = [("notifications", "0001_initial")]

    operations = [migrations.RunPython(one_per_seat, migrations.RunPython.noop)]
