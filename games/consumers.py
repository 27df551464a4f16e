"""WebSocket consumers. They only relay "something changed" with a version
number; clients then fetch what they may see over HTTP."""

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from accounts import socket_auth
from games.services import audience, presence
from games.services.broadcast import LOBBY_GROUP, game_group, user_group
from plumbing.parsers import MAX_JSON_DEPTH, nesting_depth


class TolerantJsonConsumer(AsyncJsonWebsocketConsumer):
    """Frames that are not JSON objects are dropped: a bad client must not crash the connection."""

    @classmethod
    async def decode_json(cls, text_data):
        try:
            content = json.loads(text_data)
        except (TypeError, ValueError, RecursionError):
            return None
        # No message of ours nests; a deep one would only make later code recurse.
        if not isinstance(content, dict) or nesting_depth(content) > MAX_JSON_DEPTH:
            return None
        return content

    async def accept(self, subprotocol=None, headers=None):
        # A browser that offered its API token as a subprotocol needs the chosen one echoed.
        await super().accept(subprotocol or self.scope.get(socket_auth.ACCEPT_SUBPROTOCOL), headers)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if text_data is None:
            return
        content = await self.decode_json(text_data)
        if content is None:
            return
        if content.get("type") == "ping" and not await socket_auth.still_signed_in(self.scope):
            await self.close(code=4401)  # its API token was revoked or ran out since the socket opened
            return
        await self.receive_json(content, **kwargs)


class GameConsumer(TolerantJsonConsumer):
    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        version = await self._version()
        if version is None:
            await self.close(code=4404)
            return
        self.group = game_group(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._presence(True)
        await self.send_json({"type": "version", "version": version})

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._presence(False)

    async def receive_json(self, content, **kwargs):
        if content.get("type") == "ping":
            # Joining again is harmless and restores a membership the channel layer lost (a restarted
            # Redis, an expired group); the version lets the client catch up on what it missed.
            await self.channel_layer.group_add(self.group, self.channel_name)
            await self._presence(True)
            await self.send_json({"type": "pong", "version": await self._version()})

    @database_sync_to_async
    def _presence(self, watching: bool) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return
        if watching:
            presence.mark_watching(self.game_id, user.id, self.channel_name)
        else:
            presence.unmark_watching(self.game_id, user.id, self.channel_name)

    async def game_version(self, event):
        # Who must act is public (every reader's view of the game lists it): no refetch to learn it.
        await self.send_json(
            {
                "type": "version",
                "version": event["version"],
                "status": event["status"],
                "to_act": event.get("to_act", []),
            }
        )

    async def game_chat(self, event):
        await self.send_json({"type": "chat", "count": event["count"]})

    @database_sync_to_async
    def _version(self):
        # The same answer for a private game the user may not read as for a game that does not exist.
        return audience.version_for(self.game_id, self.scope.get("user"))


class LobbyConsumer(TolerantJsonConsumer):
    groups = [LOBBY_GROUP]

    async def connect(self):
        await super().connect()
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            self.user_group = user_group(user.id)
            await self.channel_layer.group_add(self.user_group, self.channel_name)

    async def disconnect(self, code):
        if hasattr(self, "user_group"):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def lobby_changed(self, event):
        await self.send_json({"type": "lobby"})

    async def user_games(self, event):
        await self.send_json({"type": "games"})
