"""The bell's live count, on every page of a signed-in person."""

from channels.db import database_sync_to_async

from games.consumers import TolerantJsonConsumer
from notifications.services import live, notices


class NoticeConsumer(TolerantJsonConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = live.group(user.id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "unread", "unread": await self._unread(user)})

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        if content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def notices_changed(self, event):
        await self.send_json({"type": "unread", "unread": event["unread"]})

    @database_sync_to_async
    def _unread(self, user) -> int:
        return notices.unread_count(user)
