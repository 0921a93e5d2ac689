from django.urls import path

from games.views import leagues, ops

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

urlpatterns += []

# --- history: standings, archive, players, export ---------------------------

urlpatterns += []

# --- members, invites, the public link --------------------------------------

urlpatterns += []

# --- operations -------------------------------------------------------------

urlpatterns += [
    path("healthz", ops.healthz, name="healthz"),
]
