from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import DefaultRouter

from accounts.api import LogoutView, MeView, SignupView, TokenView
from accounts.data_views import DataDownloadView
from config.asyncapi import asyncapi_document
from games import hot_api
from games.api import CatalogViewSet, GameViewSet, TableViewSet

# Where config/urls.py includes these patterns (config/hot_path.py resolves the hot ones on their own).
HOT_PREFIX = "api/"

# A player's view of a game and a move: the most frequent requests, without DRF's view machinery
# (games/hot_api.py) and with a shorter middleware chain (config/hot_path.py); anything they do not
# answer themselves goes on to the router's DRF views.
hot_urlpatterns = [
    path("games/<int:pk>/", hot_api.game_view),
    path("games/<int:pk>/moves/", hot_api.move),
]

router = DefaultRouter()
router.register("catalog", CatalogViewSet, basename="catalog")
router.register("tables", TableViewSet, basename="table")
router.register("games", GameViewSet, basename="game")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("asyncapi.yaml", asyncapi_document, name="asyncapi"),
    path("auth/signup/", SignupView.as_view(), name="api-signup"),
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("auth/logout/", LogoutView.as_view(), name="api-logout"),
    path("me/", MeView.as_view(), name="api-me"),
    path("me/data/", DataDownloadView.as_view(), name="api-me-data"),
    path("rankings/", include("rankings.api_urls")),
    path("notifications/", include("notifications.api_urls")),
    *hot_urlpatterns,
    path("", include(router.urls)),
]
