from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import DefaultRouter

from accounts.api import LogoutView, MeView, SignupView, TokenView
from games.api import CatalogViewSet, GameViewSet, TableViewSet

router = DefaultRouter()
router.register("catalog", CatalogViewSet, basename="catalog")
router.register("tables", TableViewSet, basename="table")
router.register("games", GameViewSet, basename="game")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("auth/signup/", SignupView.as_view(), name="api-signup"),
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("auth/logout/", LogoutView.as_view(), name="api-logout"),
    path("me/", MeView.as_view(), name="api-me"),
    path("rankings/", include("rankings.api_urls")),
    path("notifications/", include("notifications.api_urls")),
    path("", include(router.urls)),
]
