from django.contrib import admin
from django.urls import include, path

from config.favicon import favicon
from config.health import HealthView
from config.webapp import manifest, service_worker

urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("manifest.webmanifest", manifest, name="webapp-manifest"),
    path("sw.js", service_worker, name="service-worker"),
    path("health/", HealthView.as_view(), name="health"),
    path("admin/", admin.site.urls),
    path("api/", include("config.api_urls")),
    path("accounts/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("rankings/", include("rankings.urls")),
    path("notifications/", include("notifications.urls")),
    path("", include("games.urls")),
]

handler404 = "config.error_pages.not_found"
handler500 = "config.db_busy.server_error"
