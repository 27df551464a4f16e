from django.urls import path

import accounts.url_converters  # noqa: F401  (registers <username:...>)
from games import rc_figures, rc_rules, replay_views, sj_rules, sp_rules, views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.new_table, name="new-table"),
    path("tables/<int:pk>/", views.table_detail, name="table"),
    path("tables/<int:pk>/<slug:action>/", views.table_action, name="table-action"),
    path("games/<int:pk>/", views.game_page, name="game"),
    path("games/<int:pk>/board/", views.game_board, name="game-board"),
    path("games/<int:pk>/chat/", views.game_chat, name="game-chat"),
    path("games/<int:pk>/resign/", views.resign, name="game-resign"),
    path("games/<int:pk>/replay/", replay_views.replay, name="game-replay"),
    path("my-games/", views.my_games, name="my-games"),
    path("players/<username:username>/", views.profile, name="profile"),
    path("games/red-cathedral/figures/", rc_figures.rc_figures, name="rc-figures"),
    path("games/red-cathedral/rules/", rc_rules.rc_rules, name="rc-rules"),
    path("games/sankt-petersburg/rules/", sp_rules.sp_rules, name="sp-rules"),
    path("games/san-juan/rules/", sj_rules.sj_rules, name="sj-rules"),
]
