from django.urls import path

from notifications import views

app_name = "notifications"
urlpatterns = [
    path("", views.notice_list, name="list"),
    path("bell/", views.bell_count, name="bell"),
    path("<int:pk>/open/", views.notice_open, name="open"),
    path("read/", views.notice_read_all, name="read-all"),
    path("unsubscribe/<str:token>/", views.unsubscribe_view, name="unsubscribe"),
]
