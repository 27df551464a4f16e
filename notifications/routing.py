from django.urls import path

from notifications.consumers import AccountConsumer, NoticeConsumer

websocket_urlpatterns = [
    path("ws/notifications/", NoticeConsumer.as_asgi()),
    path("ws/me/", AccountConsumer.as_asgi()),
]
