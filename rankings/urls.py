from django.urls import path

from rankings import views

app_name = "rankings"

urlpatterns = [
    path("", views.leaderboard, name="overall"),
    path("games/<slug:slug>/", views.leaderboard, name="game"),
    path("players/<str:username>/", views.player_ratings, name="player"),
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament"),
    path("tournaments/<int:pk>/<slug:action>/", views.tournament_action, name="tournament-action"),
]
