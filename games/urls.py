from django.urls import path

from games.views import leagues, rulebook

app_name = "games"

# Each area keeps its own block; add routes inside your area's block.

urlpatterns = [
    path("", leagues.home, name="home"),
]

# --- accounts ---------------------------------------------------------------

urlpatterns += []

# --- leagues and players ----------------------------------------------------

urlpatterns += []

# --- the table: games, hands, the game page ----------------------------------

urlpatterns += []

# --- rulebook: cheat-sheets and the referee ---------------------------------

urlpatterns += [
    path("rules/", rulebook.rules_index, name="rules-index"),
    path("rules/<str:variant>/", rulebook.rules_variant, name="rules-variant"),
    path("games/<int:game_id>/rules/", rulebook.game_rules, name="game-rules"),
    path("games/<int:game_id>/referee/", rulebook.game_referee, name="game-referee"),
    path("games/<int:game_id>/referee/revoke/", rulebook.game_referee_revoke, name="game-referee-revoke"),
]

# --- history: standings, archive, players, export ---------------------------

urlpatterns += []

# --- members, invites, the public link --------------------------------------

urlpatterns += []

# --- operations -------------------------------------------------------------

urlpatterns += []
