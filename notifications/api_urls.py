from django.urls import path

from notifications.api import MarkReadView, NoticeListView

urlpatterns = [
    path("", NoticeListView.as_view(), name="api-notices"),
    path("read/", MarkReadView.as_view(), name="api-notices-read"),
]
