from django.urls import path

from games.views import accounts, leagues

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

urlpatterns += []

# --- rulebook: cheat-sheets and the referee ---------------------------------

urlpatterns += []

# --- history: standings, archive, players, export ---------------------------

urlpatterns += []

# --- members, invites, the public link --------------------------------------

urlpatterns += []

# --- operations -------------------------------------------------------------

urlpatterns += []
