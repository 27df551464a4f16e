"""The bell's live count: a message on the person's own channel group."""

from plumbing import broadcast


def group(user_id: int) -> str:
    return f"notices-{user_id}"


def unread_changed(user_id: int, unread: int) -> None:
    # Best effort, like every announcement: the count is read again on the next page load.
    broadcast.send_all([(group(user_id), {"type": "notices.changed", "unread": unread})])
