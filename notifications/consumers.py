"""The bell's live count, on every page of a signed-in person; the account stream for clients."""

from channels.db import database_sync_to_async

from games.consumers import TolerantJsonConsumer
from notifications.services import account_stream, live, notices


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


class AccountConsumer(TolerantJsonConsumer):
    """``/ws/me/``: tells a signed-in person (session or API token) when any of their games needs
    them: a turn begun or over, a game finished, a deadline near, an invitation, the bell's count.
    Connect and every ping answer with the games waiting for them, so nothing missed stays missed."""

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.user_id = user.id
        self.groups_joined = [account_stream.group(user.id), live.group(user.id)]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "waiting", "games": await self._waiting()})

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        if content.get("type") == "ping":
            # As on the game's socket: joining again restores what a restarted Redis lost.
            for group in self.groups_joined:
                await self.channel_layer.group_add(group, self.channel_name)
            await self.send_json({"type": "pong", "games": await self._waiting()})

    async def account_frame(self, event):
        await self.send_json(event["frame"])

    async def notices_changed(self, event):
        await self.send_json({"type": "unread", "unread": event["unread"]})

    @database_sync_to_async
    def _waiting(self) -> list[dict]:
        return account_stream.waiting(self.user_id)
