"""Moves' payload and events as compact json text, the events encoded (games.services.event_codec)."""
from django.db import migrations

import games.models


def encode_stored_events(apps, schema_editor) -> None:
    # The live codec is safe here: its catalogue only grows, so ids written now keep their meaning.
    from games.services.event_codec import encode_events

    Move = apps.get_model("games", "Move")
    batch = []
    for move in Move.objects.only("id", "seat", "payload", "events").iterator(chunk_size=2000):
        # Saving rewrites payload too: the jsonb-to-json cast left it with jsonb's spaced text.
        move.events = encode_events(move.events, move.seat)
        batch.append(move)
        if len(batch) == 2000:
            Move.objects.bulk_update(batch, ["payload", "events"])
            batch = []
    if batch:
        Move.objects.bulk_update(batch, ["payload", "events"])


def decode_stored_events(apps, schema_editor) -> None:
    """Back to template text (a missing seat was always read as the move's)."""
    from games.services.event_codec import template

    Move = apps.get_model("games", "Move")
    batch = []
    for move in Move.objects.only("id", "events").iterator(chunk_size=2000):
        move.events = [{**event, "msg": template(event.get("msg"))} for event in move.events]
        batch.append(move)
        if len(batch) == 2000:
            Move.objects.bulk_update(batch, ["events"])
            batch = []
    if batch:
        Move.objects.bulk_update(batch, ["events"])


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0003_live_clock_increment"),
    ]

    operations = [
        migrations.AlterField(model_name="move", name="payload", field=games.models.CompactJSONField()),
        migrations.AlterField(model_name="move", name="events", field=games.models.CompactJSONField(default=list)),
        migrations.RunPython(encode_stored_events, decode_stored_events, elidable=True),
    ]
