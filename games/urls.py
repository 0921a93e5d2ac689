from django.urls import path

from games.views import accounts, leagues, ops, rulebook, table

app_name = "games"

# Each area keeps its own block; add routes inside your area's block.

urlpatterns = [
    path("", leagues.home, name="home"),
]

# --- accounts ---------------------------------------------------------------

# Log in, log out and password changes are Django's views under /accounts/.
urlpatterns += [
    path("accounts/signup/", accounts.signup, name="signup"),
]

# --- leagues and players ----------------------------------------------------

urlpatterns += [
    path("leagues/new/", leagues.league_new, name="league-new"),
    path("leagues/<int:league_id>/", leagues.league_detail, name="league-detail"),
    path("leagues/<int:league_id>/players/new/", leagues.player_new, name="player-new"),
    path("leagues/<int:league_id>/players/<int:player_id>/edit/", leagues.player_edit, name="player-edit"),
]

# --- the table: games, hands, the game page ----------------------------------

urlpatterns += [
    path("leagues/<int:league_id>/games/new/", table.game_new, name="game-new"),
    path("leagues/<int:league_id>/games/import/", table.game_import, name="game-import"),
    path("games/<int:game_id>/", table.game_detail, name="game-detail"),
    path("games/<int:game_id>/poll/", table.game_poll, name="game-poll"),
    path("games/<int:game_id>/declare/", table.game_declare, name="game-declare"),
    path("games/<int:game_id>/export/", table.game_export, name="game-export"),
    path("games/<int:game_id>/hands/new/", table.hand_new, name="hand-new"),
    path("games/<int:game_id>/hands/preview/", table.hand_preview, name="hand-preview"),
    path("games/<int:game_id>/hands/delete/", table.hand_delete, name="hand-delete"),
    path("games/<int:game_id>/hands/<int:number>/edit/", table.hand_edit, name="hand-edit"),
]

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

urlpatterns += [
    path("healthz", ops.healthz, name="healthz"),
]
