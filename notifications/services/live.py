"""The bell's live count: a message on the person's own channel group."""
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def group(user_id: int) -> str:
    return f"notices-{user_id}"


def unread_changed(user_id: int, unread: int) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group(user_id), {"type": "notices.changed", "unread": unread})
