from django.urls import path

from notifications import push_views, views

app_name = "notifications"
urlpatterns = [
    path("", views.notice_list, name="list"),
    path("bell/", views.bell_count, name="bell"),
    path("<int:pk>/open/", views.notice_open, name="open"),
    path("read/", views.notice_read_all, name="read-all"),
    path("unsubscribe/<str:token>/", views.unsubscribe_view, name="unsubscribe"),
    path("push/devices/", push_views.subscribe, name="push-subscribe"),
    path("push/forget/", push_views.forget, name="push-forget"),
    path("push/devices/<int:pk>/", push_views.choose, name="push-choose"),
    path("push/devices/<int:pk>/remove/", push_views.remove, name="push-remove"),
]
