from django.urls import include, path
from rest_framework.routers import DefaultRouter

import accounts.url_converters  # noqa: F401  (registers <username:...>)
from rankings.api import GameLeaderboard, OverallLeaderboard, PlayerRatings, TournamentViewSet

router = DefaultRouter()
router.register("tournaments", TournamentViewSet, basename="tournament")

urlpatterns = [
    path("leaderboard/", OverallLeaderboard.as_view(), name="api-leaderboard"),
    path("leaderboard/<slug:slug>/", GameLeaderboard.as_view(), name="api-game-leaderboard"),
    path("players/<username:username>/", PlayerRatings.as_view(), name="api-player-ratings"),
    path("", include(router.urls)),
]
