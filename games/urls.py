from django.urls import path

from games.views import accounts, history, leagues, members, ops, rulebook, table

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

urlpatterns += [
    path("leagues/<int:league_id>/standings/", history.league_standings, name="league-standings"),
    path("leagues/<int:league_id>/games/", history.league_games, name="league-games"),
    path("leagues/<int:league_id>/players/<int:player_id>/", history.player_detail, name="player-detail"),
    path("leagues/<int:league_id>/export/league.json", history.league_export_json, name="league-export-json"),
    path("leagues/<int:league_id>/export/games.csv", history.league_export_games_csv, name="league-export-games"),
    path("leagues/<int:league_id>/export/hands.csv", history.league_export_hands_csv, name="league-export-hands"),
    path("leagues/import/", history.league_import, name="league-import"),
    path("games/<int:game_id>/scoresheet/", history.game_scoresheet, name="game-scoresheet"),
    path("games/<int:game_id>/delete/", history.game_delete, name="game-delete"),
    path("public/<str:token>/", history.public_standings, name="public-standings"),
    path("public/<str:token>/games/", history.public_games, name="public-games"),
    path("public/<str:token>/games/<int:game_id>/", history.public_scoresheet, name="public-scoresheet"),
]

# --- members, invites, the public link --------------------------------------

urlpatterns += [
    path("leagues/<int:league_id>/members/", members.league_members, name="league-members"),
    path("leagues/<int:league_id>/members/<int:membership_id>/role/", members.member_role, name="member-role"),
    path("leagues/<int:league_id>/members/<int:membership_id>/remove/", members.member_remove, name="member-remove"),
    path("leagues/<int:league_id>/invites/", members.invite_new, name="invite-new"),
    path("leagues/<int:league_id>/invites/<int:invite_id>/revoke/", members.invite_revoke, name="invite-revoke"),
    path("leagues/<int:league_id>/public-link/", members.public_link, name="public-link"),
    path("invites/<str:token>/", members.invite_accept, name="invite-accept"),
]

# --- operations -------------------------------------------------------------

urlpatterns += [
    path("healthz", ops.healthz, name="healthz"),
]
