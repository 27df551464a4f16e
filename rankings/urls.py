from django.urls import path

import accounts.url_converters  # noqa: F401  (registers <username:...>)
from rankings import views

app_name = "rankings"

urlpatterns = [
    path("", views.leaderboard, name="overall"),
    path("games/<slug:slug>/", views.leaderboard, name="game"),
    path("players/<username:username>/", views.player_ratings, name="player"),
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament"),
    path("tournaments/<int:pk>/<slug:action>/", views.tournament_action, name="tournament-action"),
]
